// The admin side of bug reports (SPEC.md §2 Bug reports, §4 flags, §5 Edit bug report, §7).
import { badRequest, notFound } from "../../http/errors";
import { parseIdList } from "../../http/id-list";
import type { CsvValue } from "../../lib/csv";
import { type Db, EXPORT_BATCH, everyRow } from "../../lib/db";
import { isId, newId } from "../../lib/ids";
import { BUG_REPORTS_PAGE_SIZE, DEFAULT_SORT, type PageInfo, pageInfo } from "../../shared/lists";
import { type AuditBy, auditChanges, auditDeletions, recordAudit } from "../audit";
import { addNotifications } from "../notifications";
import { type WebhookEmitter, emitWebhookEvent } from "../webhooks";
import { type BugReportFields, type BugReportModel, type BugReportSearchQuery, type BugReportStats, MAX_BULK_BUG_REPORTS, type Timeframe } from "./model";
import {
  type BugReportFilters,
  type BugReportRow,
  countInPeriod,
  deleteBugReportRows,
  insertBugReport,
  lockReportStatuses,
  searchBugReportRows,
  selectBugReport,
  updateBugReportRows,
} from "./queries";
import { reportStatusMessage } from "./service";

export const TITLE_BLANK = "Title cannot be blank.";
export const DESCRIPTION_BLANK = "Description cannot be blank";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rolling periods ending now; the previous period is the same length just before. */
export const TIMEFRAME_DAYS: Record<Timeframe, number> = { week: 7, month: 30, year: 365 };

export function toBugReportModel(row: BugReportRow): BugReportModel {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    notes: row.notes,
    resolved: row.resolved,
    highPriority: row.highPriority,
    archived: row.archived,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    reporter: row.reporterId,
    reporterName: row.reporterName,
    reporterEmail: row.reporterEmail,
  };
}

function filtersOf(query: BugReportSearchQuery): Omit<BugReportFilters, "page"> {
  return {
    resolved: query.status === undefined ? undefined : query.status === "resolved",
    highPriority: query.highPriority === true,
    archived: query.archived === true,
    title: query.title?.trim() || undefined,
    sortby: query.sortby ?? DEFAULT_SORT,
  };
}

export async function searchBugReports(db: Db, query: BugReportSearchQuery): Promise<{ bugReports: BugReportModel[] } & PageInfo> {
  const page = query.page ?? 1;
  const { rows, ...counted } = await searchBugReportRows(db, { ...filtersOf(query), page });
  return { bugReports: rows.map(toBugReportModel), ...pageInfo(counted, page, BUG_REPORTS_PAGE_SIZE) };
}

export const BUG_REPORT_CSV_HEADER = [
  "ID",
  "Title",
  "Description",
  "Status",
  "Priority",
  "Archived",
  "Reporter",
  "Reporter e-mail",
  "Notes",
  "Created",
  "Resolved at",
];

/** Every report the list's filters and search match (not only the page shown), as CSV rows. */
export async function* bugReportCsvRows(db: Db, query: BugReportSearchQuery): AsyncGenerator<CsvValue[]> {
  const filters = filtersOf(query);
  for await (const row of everyRow((page) => searchBugReportRows(db, { ...filters, page, pageSize: EXPORT_BATCH }), EXPORT_BATCH)) {
    yield [
      row.id,
      row.title,
      row.description,
      row.resolved ? "Resolved" : "Unresolved",
      row.highPriority ? "High" : "Regular",
      row.archived,
      row.reporterName,
      row.reporterEmail,
      row.notes,
      row.createdAt,
      row.resolvedAt,
    ];
  }
}

/** A malformed id is simply not found: ids are opaque to callers. */
export async function getBugReport(db: Db, id: string): Promise<BugReportModel> {
  const row = isId(id) ? await selectBugReport(db, id) : null;
  if (!row) throw notFound("This bug report does not exist.");
  return toBugReportModel(row);
}

function checkText(fields: { title?: string; description?: string }): { title?: string; description?: string } {
  const problems: Record<string, string> = {};
  const cleaned: { title?: string; description?: string } = {};
  if (fields.title !== undefined) {
    if (!fields.title.trim()) problems.title = TITLE_BLANK;
    else cleaned.title = fields.title.trim();
  }
  if (fields.description !== undefined) {
    if (!fields.description.trim()) problems.description = DESCRIPTION_BLANK;
    else cleaned.description = fields.description.trim();
  }
  const first = Object.values(problems)[0];
  if (first) throw badRequest(first, problems);
  return cleaned;
}

/** Admins file reports themselves (Create Bug Report); no rate limit, unlike customers' reports. */
export async function createBugReportAsAdmin(
  db: Db,
  reporterId: string,
  input: { title: string; description: string },
  by: AuditBy,
  webhooks?: WebhookEmitter,
): Promise<{ message: string; bugReportID: string }> {
  const { title, description } = checkText(input) as { title: string; description: string };
  const id = newId();
  await db.transaction(async (tx) => {
    await insertBugReport(tx, { id, title, description, reporterId });
    await recordAudit(tx, by, { action: "bug_report.create", target: { type: "bug_report", id, label: title }, after: { title, description } });
    if (webhooks) await emitWebhookEvent(webhooks, tx, "bug_report.created", { bugReportId: id, title, description, reporterId });
  });
  return { message: "Bug report created.", bugReportID: id };
}

/**
 * Updates reports; a reporter whose report is now resolved (or open again) is told in the app,
 * in the same transaction, so the notice and the status never disagree.
 */
export async function updateBugReports(db: Db, ids: string[], changes: BugReportFields, by: AuditBy): Promise<{ message: string; bugReportIDs: string[] }> {
  const fields: BugReportFields = { ...changes, ...checkText(changes) };
  const updated = await db.transaction(async (tx) => {
    const before = fields.resolved === undefined ? [] : await lockReportStatuses(tx, [...new Set(ids)]);
    await auditChanges(tx, by, "bug_report", [...new Set(ids)], fields);
    const changed = await updateBugReportRows(tx, [...new Set(ids)], fields);
    const notices = before
      .filter((report) => report.reporterId !== null && report.resolved !== fields.resolved)
      .map((report) => ({
        userId: report.reporterId ?? "",
        channelId: "general" as const,
        message: reportStatusMessage(report.title, fields.resolved === true),
        bugReportId: report.id,
      }));
    await addNotifications(tx, notices);
    return changed;
  });
  if (updated.length === 0) throw notFound("No bug report matched those ids.");
  return { message: updated.length === 1 ? "Bug report updated." : `${updated.length} bug reports updated.`, bugReportIDs: updated };
}

export async function deleteBugReports(db: Db, joinedIds: string, by: AuditBy): Promise<{ message: string; bugReportIDs: string[] }> {
  const ids = parseIdList(joinedIds, "bugReportIDs", MAX_BULK_BUG_REPORTS);
  const deleted = await db.transaction(async (tx) => {
    await auditDeletions(tx, by, "bug_report", ids);
    return deleteBugReportRows(tx, ids);
  });
  if (deleted.length === 0) throw notFound("No bug report matched those ids.");
  return { message: deleted.length === 1 ? "Bug report deleted." : `${deleted.length} bug reports deleted.`, bugReportIDs: deleted };
}

/**
 * Percent change from the previous period, rounded to one decimal. From nothing to something
 * counts as +100% (a finite number the strip can show), nothing to nothing as 0%.
 */
export function percentDelta(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

export async function getBugReportStats(db: Db, timeframe: Timeframe, now: Date = new Date()): Promise<BugReportStats> {
  const length = TIMEFRAME_DAYS[timeframe] * DAY_MS;
  const start = new Date(now.getTime() - length);
  const previousStart = new Date(now.getTime() - 2 * length);
  // The current period includes this very moment.
  const end = new Date(now.getTime() + 1);
  const [current, previous] = await Promise.all([countInPeriod(db, start, end), countInPeriod(db, previousStart, start)]);
  return {
    reportsCount: current.reports,
    resolvedCount: current.resolved,
    archivedCount: current.archived,
    reportsPercentDelta: percentDelta(current.reports, previous.reports),
    resolvedPercentDelta: percentDelta(current.resolved, previous.resolved),
    archivedPercentDelta: percentDelta(current.archived, previous.archived),
  };
}
