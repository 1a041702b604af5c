// /admin/audit: who changed what, when and from where, with filters in the
// query string, paging and a CSV export of every matching entry. Read-only, like the log itself.
import { Elysia } from "elysia";
import type { AuditEntryRow } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { csvResponse } from "../../lib/csv";
import { type Column, DataTable } from "../../render/data-table";
import { AdminFrame } from "../../render/layout/admin-frame";
import { page } from "../../render/layout/page";
import { Pager } from "../../render/list-controls";
import { linkTo } from "../../render/list-links";
import { auditActions, auditTargetTypes } from "../../shared/enums";
import { AUDIT_PAGE_SIZE, pageInfo } from "../../shared/lists";
import { type AuditListState, auditListLink, auditListParams, readAuditListState } from "./list-state";
import { searchAuditRows } from "./queries";
import { AUDIT_CSV_HEADER, auditCsvRows, auditFiltersOf } from "./service";

const formatTime = (value: Date): string => `${value.toISOString().slice(0, 10)} ${value.toISOString().slice(11, 19)} UTC`;
const targetTypeLabel = (type: string): string => type.replace("_", " ");

/** Where the console shows a target today; none for a deletion, or for kinds without a page of their own. */
function targetHref(entry: AuditEntryRow): string | null {
  if (entry.action.endsWith(".delete")) return null;
  const id = encodeURIComponent(entry.targetId);
  const pages: Partial<Record<AuditEntryRow["targetType"], string>> = {
    project: `/projects/${id}/admin`,
    invoice: `/invoices/${id}`,
    access_code: `/accesscodes/${id}`,
    faq: `/admin/faq/${id}`,
    bug_report: `/admin/bugreports/${id}`,
  };
  return pages[entry.targetType] ?? null;
}

function TargetLabel(props: { entry: AuditEntryRow }) {
  const href = targetHref(props.entry);
  return <span className="audit-target">{href ? <a href={href}>{props.entry.targetLabel}</a> : props.entry.targetLabel}</span>;
}

/** A value as one short line: text as it is, anything else as JSON, long ones cut. */
function shown(value: unknown): string {
  const text = value === null || value === undefined ? "none" : typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

function Changes(props: { entry: AuditEntryRow }) {
  const { before, after } = props.entry;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) return <span className="muted">—</span>;
  return (
    <dl className="audit-changes">
      {fields.map((field) => (
        <div key={field}>
          <dt>{field}</dt>
          <dd>
            {before && field in before ? <del title="before">{shown(before[field])}</del> : null}
            {before && field in before && after && field in after ? <span aria-hidden="true"> → </span> : null}
            {after && field in after ? <ins title="after">{shown(after[field])}</ins> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const columns: Column<AuditEntryRow>[] = [
  {
    header: "Admin and time",
    cell: (entry) => (
      <>
        {entry.actorName}
        <span className="row-sub">{entry.actorEmail}</span>
        <time className="row-sub" dateTime={entry.createdAt.toISOString()}>
          {formatTime(entry.createdAt)}
        </time>
      </>
    ),
  },
  {
    header: "What",
    cell: (entry) => (
      <>
        <code className="audit-action">{entry.action}</code>
        <TargetLabel entry={entry} />
        <span className="row-sub">
          {targetTypeLabel(entry.targetType)} · {entry.targetId}
        </span>
      </>
    ),
  },
  { header: "Changes", cell: (entry) => <Changes entry={entry} /> },
  {
    header: "Source",
    hideMobile: true,
    cell: (entry) => (
      <>
        {entry.sourceIp}
        {entry.requestId ? <span className="row-sub">request {entry.requestId}</span> : null}
      </>
    ),
  },
];

function Filters(props: { state: AuditListState }) {
  const { state } = props;
  return (
    <form className="audit-filters" method="get" action="/admin/audit" role="search" aria-label="Filter the audit log">
      <div className="field">
        <label htmlFor="audit-actor">Admin</label>
        <input id="audit-actor" className="input" type="search" name="actor" defaultValue={state.actor} placeholder="E-mail or name" />
      </div>
      <div className="field">
        <label htmlFor="audit-action">Action</label>
        <select id="audit-action" className="select" name="action" defaultValue={state.action ?? ""}>
          <option value="">Any action</option>
          {auditActions.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-target-type">Target type</label>
        <select id="audit-target-type" className="select" name="targetType" defaultValue={state.targetType ?? ""}>
          <option value="">Any type</option>
          {auditTargetTypes.map((type) => (
            <option key={type} value={type}>
              {targetTypeLabel(type)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-target">Target</label>
        <input id="audit-target" className="input" type="search" name="target" defaultValue={state.target} placeholder="Name or id" />
      </div>
      <div className="field">
        <label htmlFor="audit-from">From</label>
        <input id="audit-from" className="input" type="date" name="from" defaultValue={state.from ?? ""} />
      </div>
      <div className="field">
        <label htmlFor="audit-to">To</label>
        <input id="audit-to" className="input" type="date" name="to" defaultValue={state.to ?? ""} />
      </div>
      <div className="audit-filter-actions">
        <button type="submit" className="button button-primary">
          Filter
        </button>
        <a className="button" href="/admin/audit">
          Clear
        </a>
        <a className="button" href={linkTo("/admin/audit/export.csv", auditListParams({ ...state, page: 1 }))} download>
          Export CSV
        </a>
      </div>
    </form>
  );
}

export const adminAuditPages = (deps: AppDeps) =>
  new Elysia({ name: "admin-audit-pages", prefix: "/admin/audit" })
    .use(context(deps))
    .guard({ auth: "admin" })
    .get("/export.csv", ({ request }) => {
      const filters = auditFiltersOf(readAuditListState(new URL(request.url).searchParams));
      return csvResponse(`audit-log-${new Date().toISOString().slice(0, 10)}.csv`, AUDIT_CSV_HEADER, auditCsvRows(deps.database.db, filters));
    })
    .get("/", async ({ actor: admin, request }) => {
      const state = readAuditListState(new URL(request.url).searchParams);
      const { rows, ...counted } = await searchAuditRows(deps.database.db, auditFiltersOf(state), { page: state.page, pageSize: AUDIT_PAGE_SIZE });
      const filtered = Boolean(state.actor || state.action || state.targetType || state.target || state.from || state.to);
      return page(
        deps,
        admin,
        { title: "Audit Log · Admin Console", description: "Every change made by admins." },
        <AdminFrame
          actor={admin}
          tab="audit"
          title="Audit Log"
          lead="Every change an admin or super admin made: who, what, before and after, and from where. Entries cannot be edited or deleted."
        >
          <section className="list-section" aria-label="Audit log">
            <Filters state={state} />
            {rows.length === 0 ? (
              <div className="empty-state">
                <p className="empty-title">{filtered ? "No entries match these filters." : "No admin changes yet."}</p>
                {filtered ? <a href="/admin/audit">Clear filters</a> : null}
              </div>
            ) : (
              <div className="audit-log">
                <DataTable columns={columns} rows={rows} rowKey={(entry) => entry.id} label="Audit log entries" />
              </div>
            )}
            <Pager label="Audit log pages" page={state.page} info={pageInfo(counted, state.page, AUDIT_PAGE_SIZE)} hrefFor={(to) => auditListLink(state, to)} />
          </section>
        </AdminFrame>,
      );
    });
