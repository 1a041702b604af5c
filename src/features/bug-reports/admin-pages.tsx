// /admin/bugreports (metrics strip and table) and /admin/bugreports/{bugReportID}, SPEC.md §2.
// Read by the same service as the API; a missing report is the Page not found screen.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { csvResponse } from "../../lib/csv";
import { Island } from "../../render/island";
import { AdminFrame } from "../../render/layout/admin-frame";
import { page } from "../../render/layout/page";
import { FilterPill, Pager, SearchForm, SortLinks } from "../../render/list-controls";
import { hiddenFields, linkTo } from "../../render/list-links";
import { BUG_REPORT_CSV_HEADER, bugReportCsvRows, getBugReport, getBugReportStats, searchBugReports } from "./admin-service";
import { type BugReportListState, bugReportListLink, bugReportListParams, readBugReportListState, timeframes } from "./list-state";
import type { BugReportSearchQuery, BugReportStats } from "./model";

function Delta(props: { value: number; period: string }) {
  const direction = props.value > 0 ? "up" : props.value < 0 ? "down" : "flat";
  const sign = props.value > 0 ? "+" : "";
  return (
    <span className={`metric-delta metric-delta-${direction}`}>
      {sign}
      {props.value}% <span className="metric-delta-note">vs last {props.period}</span>
    </span>
  );
}

function MetricsStrip(props: { state: BugReportListState; stats: BugReportStats }) {
  const { state, stats } = props;
  const metrics = [
    { label: "Reports", count: stats.reportsCount, delta: stats.reportsPercentDelta },
    { label: "Resolved", count: stats.resolvedCount, delta: stats.resolvedPercentDelta },
    { label: "Archived", count: stats.archivedCount, delta: stats.archivedPercentDelta },
  ];
  return (
    <section className="metrics" aria-labelledby="metrics-title">
      <div className="metrics-head">
        <h2 id="metrics-title" className="metrics-title">
          This {state.timeframe}
        </h2>
        <nav className="sort-links" aria-label="Metrics period">
          {timeframes.map((option) => (
            <a
              key={option.value}
              href={bugReportListLink(state, { timeframe: option.value })}
              aria-current={state.timeframe === option.value ? "true" : undefined}
            >
              {option.label}
            </a>
          ))}
        </nav>
      </div>
      <dl className="metric-cards">
        {metrics.map((metric) => (
          <div key={metric.label} className="metric-card">
            <dt>{metric.label}</dt>
            <dd>
              <span className="metric-count">{metric.count}</span>
              <Delta value={metric.delta} period={state.timeframe} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The list's filters as the search reads them (the page aside). */
function searchOf(state: BugReportListState): BugReportSearchQuery {
  return {
    status: state.status,
    highPriority: state.highPriority || undefined,
    archived: state.archived || undefined,
    title: state.title || undefined,
    sortby: state.sortby,
  };
}

export const adminBugReportPages = (deps: AppDeps) =>
  new Elysia({ name: "admin-bug-report-pages", prefix: "/admin/bugreports" })
    .use(context(deps))
    .guard({ auth: "admin" })
    .get("/export.csv", ({ request }) => {
      const state = readBugReportListState(new URL(request.url).searchParams);
      return csvResponse(
        `bug-reports-${new Date().toISOString().slice(0, 10)}.csv`,
        BUG_REPORT_CSV_HEADER,
        bugReportCsvRows(deps.database.db, searchOf(state)),
      );
    })
    .get("/", async ({ actor: admin, request }) => {
      const state = readBugReportListState(new URL(request.url).searchParams);
      const [data, stats] = await Promise.all([
        searchBugReports(deps.database.db, { ...searchOf(state), page: state.page }),
        getBugReportStats(deps.database.db, state.timeframe),
      ]);
      const filtered = Boolean(state.status || state.highPriority || state.archived || state.title);
      const toggleStatus = (status: "resolved" | "unresolved") => bugReportListLink(state, { status: state.status === status ? undefined : status });
      return page(
        deps,
        admin,
        { title: "Bug Reports · Admin Console", description: "Bug reports from customers and admins." },
        <AdminFrame actor={admin} tab="bug-reports" title="Bug Reports" lead="What customers and admins reported, and how it is going.">
          <MetricsStrip state={state} stats={stats} />
          <section className="list-section" aria-label="Bug reports">
            <Island name="live-notice" props={{ watch: "bug-reports" }} hydrate="idle" />
            <div className="list-toolbar">
              <SearchForm
                action="/admin/bugreports"
                id="bug-report-search"
                name="title"
                label="Search bug reports"
                value={state.title}
                hidden={hiddenFields(bugReportListParams(state), ["title", "page"])}
              />
              <div className="list-toolbar-end">
                <SortLinks label="Sort bug reports" current={state.sortby} hrefFor={(sortby) => bugReportListLink(state, { sortby })} />
                <a className="button" href={linkTo("/admin/bugreports/export.csv", bugReportListParams({ ...state, page: 1 }))} download>
                  Export CSV
                </a>
                <Island name="bug-report-create" props={{}} hydrate="interaction" />
              </div>
            </div>
            <div className="pill-row" role="group" aria-label="Filter bug reports">
              <FilterPill href={toggleStatus("unresolved")} active={state.status === "unresolved"}>
                Unresolved
              </FilterPill>
              <FilterPill href={toggleStatus("resolved")} active={state.status === "resolved"}>
                Resolved
              </FilterPill>
              <span className="pill-divider" aria-hidden="true" />
              <FilterPill href={bugReportListLink(state, { highPriority: !state.highPriority })} active={state.highPriority}>
                High Priority
              </FilterPill>
              <FilterPill href={bugReportListLink(state, { archived: !state.archived })} active={state.archived}>
                Archived
              </FilterPill>
            </div>
            {data.bugReports.length === 0 ? (
              <div className="empty-state">
                <p className="empty-title">{filtered ? "No bug reports match these filters." : "No bug reports yet."}</p>
                {filtered ? (
                  <a href={bugReportListLink({ ...state, status: undefined, highPriority: false, archived: false, title: "" }, {})}>Clear filters</a>
                ) : null}
              </div>
            ) : (
              <Island
                name="admin-table"
                props={{
                  kind: "bug-report",
                  label: "Bug reports",
                  rows: data.bugReports.map((report) => ({
                    id: report._id,
                    href: `/admin/bugreports/${report._id}`,
                    title: report.title,
                    createdAt: report.createdAt,
                    fields: { resolved: report.resolved, highPriority: report.highPriority, archived: report.archived },
                  })),
                }}
                hydrate="idle"
              />
            )}
            <Pager label="Bug report pages" page={state.page} info={data} hrefFor={(page) => bugReportListLink(state, { page })} />
          </section>
        </AdminFrame>,
      );
    })
    .get("/:id", async ({ actor: admin, params }) => {
      const report = await getBugReport(deps.database.db, params.id);
      return page(
        deps,
        admin,
        { title: `${report.title} · Bug report`, description: "One bug report." },
        <AdminFrame actor={admin} tab="bug-reports" back={{ href: "/admin/bugreports", label: "All bug reports" }}>
          <Island name="bug-report-detail" props={{ report }} hydrate="idle" />
        </AdminFrame>,
      );
    });
