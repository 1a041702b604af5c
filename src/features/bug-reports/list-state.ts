// The /admin/bugreports list keeps its state in the query string: Unresolved and Resolved are
// mutually exclusive, High Priority and Archived independent; the metrics strip's period too.

import { linkTo } from "../../render/list-links";
import { type SortOrder, readPage, readSort, readTitle } from "../../shared/lists";
import type { Timeframe } from "./model";

export type BugReportListState = {
  status?: "resolved" | "unresolved";
  highPriority: boolean;
  archived: boolean;
  title: string;
  sortby: SortOrder;
  page: number;
  timeframe: Timeframe;
};

export const timeframes: { value: Timeframe; label: string }[] = [
  { value: "week", label: "Week" },
  { value: "month", label: "Month" },
  { value: "year", label: "Year" },
];

export function readBugReportListState(params: URLSearchParams): BugReportListState {
  const status = params.get("status");
  return {
    status: status === "resolved" || status === "unresolved" ? status : undefined,
    highPriority: params.get("highPriority") === "true",
    archived: params.get("archived") === "true",
    title: readTitle(params.get("title")),
    sortby: readSort(params.get("sortby")),
    page: readPage(params.get("page")),
    timeframe: timeframes.find((option) => option.value === params.get("timeframe"))?.value ?? "week",
  };
}

export const bugReportListParams = (state: BugReportListState) => ({
  timeframe: state.timeframe === "week" ? undefined : state.timeframe,
  status: state.status,
  highPriority: state.highPriority,
  archived: state.archived,
  title: state.title,
  sortby: state.sortby,
  page: state.page,
});

/** Any filter or sort change goes back to page 1; the period of the metrics strip keeps the page. */
export function bugReportListLink(state: BugReportListState, change: Partial<BugReportListState>): string {
  const keepPage = "page" in change || (Object.keys(change).length === 1 && "timeframe" in change);
  const page = keepPage ? (change.page ?? state.page) : 1;
  return linkTo("/admin/bugreports", bugReportListParams({ ...state, ...change, page }));
}
