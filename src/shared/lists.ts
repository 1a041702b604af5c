// Paged lists (SPEC.md §3, DESIGN.md "API contract"): the page sizes and sort orders in one place,
// used by the server's searches and by the islands that page through them.

export const PROJECTS_PAGE_SIZE = 20;
export const ACCESS_CODES_PAGE_SIZE = 20;

/** Most Recent (`-createdAt`, the default) or Least Recent (`createdAt`). */
export const sortOrders = ["-createdAt", "createdAt"] as const;
export type SortOrder = (typeof sortOrders)[number];
export const DEFAULT_SORT: SortOrder = "-createdAt";

/**
 * The paging fields every list answer carries beside its items. A long list is counted only so
 * far past the page shown: then `totalCountCapped` is true and the counts are "at least".
 */
export type PageInfo = { pagesCount: number; canLoadMore: boolean; totalCount: number; totalCountCapped: boolean };

export function pageInfo(counted: { totalCount: number; countCapped: boolean }, page: number, pageSize: number): PageInfo {
  const pagesCount = Math.ceil(counted.totalCount / pageSize);
  return { pagesCount, canLoadMore: page < pagesCount || counted.countCapped, totalCount: counted.totalCount, totalCountCapped: counted.countCapped };
}

/** Notifications per page, on the notifications page and in the channel history. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const FAQS_PAGE_SIZE = 20;
export const BUG_REPORTS_PAGE_SIZE = 20;
/** Entries per page of a project's Activity tab. */
export const ACTIVITY_PAGE_SIZE = 20;

// Query-string readers for the lists' URL state: bad values fall back to the defaults.
const MAX_PAGE = 100_000;
const MAX_TITLE = 200;
export const readPage = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
};
export const readSort = (value: string | null): SortOrder => (value === "createdAt" ? "createdAt" : "-createdAt");
export const readTitle = (value: string | null): string => (value ?? "").trim().slice(0, MAX_TITLE);
export const AUDIT_PAGE_SIZE = 50;
