// The dashboard lists keep their state in the query string, so a reload or a shared link shows
// the same list. Pure: parse a URL's parameters, build the link for a change.
import { isId } from "../../lib/ids";
import { type SortOrder, readPage, readSort, readTitle } from "../../shared/lists";

export const projectStatusFilters = [
  { value: "pending-approval", label: "Pending Approval" },
  { value: "in-progress", label: "In Progress" },
  { value: "completed", label: "Completed" },
] as const;
export type StatusFilter = (typeof projectStatusFilters)[number]["value"];

/** `customer` (a user id, admins only): one customer's projects, as the command palette opens them. */
export type ProjectListState = {
  status?: StatusFilter;
  customer?: string;
  paid: boolean;
  overdue: boolean;
  unanswered: boolean;
  archived: boolean;
  title: string;
  sortby: SortOrder;
  page: number;
};
export type CodeListState = { claimed?: boolean; title: string; sortby: SortOrder; page: number };
export type DashboardState = { projects: ProjectListState; codes: CodeListState };

export function readDashboardState(params: URLSearchParams): DashboardState {
  const status = projectStatusFilters.find((filter) => filter.value === params.get("status"))?.value;
  const claimed = params.get("codeStatus");
  const customer = params.get("customer") ?? "";
  return {
    projects: {
      status,
      customer: isId(customer) ? customer : undefined,
      paid: params.get("paid") === "true",
      overdue: params.get("overdue") === "true",
      unanswered: params.get("unanswered") === "true",
      archived: params.get("archived") === "true",
      title: readTitle(params.get("title")),
      sortby: readSort(params.get("sortby")),
      page: readPage(params.get("page")),
    },
    codes: {
      claimed: claimed === "claimed" ? true : claimed === "unclaimed" ? false : undefined,
      title: readTitle(params.get("codeTitle")),
      sortby: readSort(params.get("codeSort")),
      page: readPage(params.get("codePage")),
    },
  };
}

/** The query string for a state; defaults are left out so links stay short. */
export function toQuery(state: DashboardState): string {
  const params = new URLSearchParams();
  const { projects, codes } = state;
  if (projects.status) params.set("status", projects.status);
  if (projects.customer) params.set("customer", projects.customer);
  if (projects.paid) params.set("paid", "true");
  if (projects.overdue) params.set("overdue", "true");
  if (projects.unanswered) params.set("unanswered", "true");
  if (projects.archived) params.set("archived", "true");
  if (projects.title) params.set("title", projects.title);
  if (projects.sortby !== "-createdAt") params.set("sortby", projects.sortby);
  if (projects.page > 1) params.set("page", String(projects.page));
  if (codes.claimed !== undefined) params.set("codeStatus", codes.claimed ? "claimed" : "unclaimed");
  if (codes.title) params.set("codeTitle", codes.title);
  if (codes.sortby !== "-createdAt") params.set("codeSort", codes.sortby);
  if (codes.page > 1) params.set("codePage", String(codes.page));
  const query = params.toString();
  return query ? `/dashboard?${query}` : "/dashboard";
}

/** Any filter or sort change goes back to page 1 (SPEC.md §2 Dashboard). */
export function withProjects(state: DashboardState, change: Partial<ProjectListState>): string {
  const page = "page" in change ? (change.page ?? 1) : 1;
  return toQuery({ ...state, projects: { ...state.projects, ...change, page } });
}

export function withCodes(state: DashboardState, change: Partial<CodeListState>): string {
  const page = "page" in change ? (change.page ?? 1) : 1;
  return toQuery({ ...state, codes: { ...state.codes, ...change, page } });
}

/** Pending Approval, In Progress and Completed are mutually exclusive: choosing one drops the others; choosing it again clears it. */
export function toggleStatus(state: DashboardState, status: StatusFilter): string {
  return withProjects(state, { status: state.projects.status === status ? undefined : status });
}
