// SQL for bug reports: a user's report and the admin side. resolvedAt and archivedAt record
// when a flag was last turned on (and are cleared when it is turned off), so the stats count
// what happened in a period.
import { and, asc, desc, eq, gte, ilike, inArray, lt, sql } from "drizzle-orm";
import { type BugReport, bugReports, users } from "../../../db/schema";
import { type Db, type Page, likePattern, pageOf, paged } from "../../lib/db";
import { BUG_REPORTS_PAGE_SIZE, type SortOrder } from "../../shared/lists";
import type { BugReportFields } from "./model";

export type BugReportRow = BugReport & { reporterName: string | null; reporterEmail: string | null };

const columns = { report: bugReports, reporterName: users.displayName, reporterEmail: users.email };

function withReporter(row: { report: BugReport; reporterName: string | null; reporterEmail: string | null }): BugReportRow {
  return { ...row.report, reporterName: row.reporterName, reporterEmail: row.reporterEmail };
}

export type BugReportFilters = {
  resolved?: boolean;
  highPriority: boolean;
  archived: boolean;
  title?: string;
  page: number;
  sortby: SortOrder;
  pageSize?: number;
};

export async function searchBugReportRows(db: Db, filters: BugReportFilters): Promise<Page<BugReportRow>> {
  const conditions = [eq(bugReports.archived, filters.archived)];
  if (filters.resolved !== undefined) conditions.push(eq(bugReports.resolved, filters.resolved));
  if (filters.highPriority) conditions.push(eq(bugReports.highPriority, true));
  if (filters.title) conditions.push(ilike(bugReports.title, likePattern(filters.title)));
  const where = and(...conditions);
  const order = filters.sortby === "createdAt" ? [asc(bugReports.createdAt), asc(bugReports.id)] : [desc(bugReports.createdAt), desc(bugReports.id)];
  const ordered = db
    .select(columns)
    .from(bugReports)
    .leftJoin(users, eq(users.id, bugReports.reporterId))
    .where(where)
    .orderBy(...order);
  const { rows, ...counted } = await paged(
    db,
    pageOf(ordered),
    { table: bugReports, where },
    { page: filters.page, pageSize: filters.pageSize ?? BUG_REPORTS_PAGE_SIZE },
  );
  return { rows: rows.map(withReporter), ...counted };
}

export async function selectBugReport(db: Db, id: string): Promise<BugReportRow | null> {
  const [row] = await db.select(columns).from(bugReports).leftJoin(users, eq(users.id, bugReports.reporterId)).where(eq(bugReports.id, id)).limit(1);
  return row ? withReporter(row) : null;
}

/** A user's own reports, newest first: what they see under Settings → Bug reports. */
export function listReportsBy(db: Db, reporterId: string, limit: number): Promise<BugReport[]> {
  return db.select().from(bugReports).where(eq(bugReports.reporterId, reporterId)).orderBy(desc(bugReports.createdAt), desc(bugReports.id)).limit(limit);
}

export type ReportStatus = { id: string; title: string; reporterId: string | null; resolved: boolean };

/** Locks the reports and reads what their reporters see, so a status change can be told once. */
export function lockReportStatuses(db: Db, ids: string[]): Promise<ReportStatus[]> {
  return db
    .select({ id: bugReports.id, title: bugReports.title, reporterId: bugReports.reporterId, resolved: bugReports.resolved })
    .from(bugReports)
    .where(inArray(bugReports.id, ids))
    .for("update");
}

export async function insertBugReport(db: Db, values: { id: string; title: string; description: string; reporterId: string }): Promise<void> {
  await db.insert(bugReports).values(values);
}

export async function updateBugReportRows(db: Db, ids: string[], fields: BugReportFields): Promise<string[]> {
  const { resolved, archived, ...plain } = fields;
  // Turning a flag on keeps the time it was first turned on; turning it off clears it.
  const stamps = {
    ...(resolved === undefined
      ? {}
      : { resolved, resolvedAt: resolved ? sql`case when ${bugReports.resolved} then ${bugReports.resolvedAt} else now() end` : null }),
    ...(archived === undefined
      ? {}
      : { archived, archivedAt: archived ? sql`case when ${bugReports.archived} then ${bugReports.archivedAt} else now() end` : null }),
  };
  const updated = await db
    .update(bugReports)
    .set({ ...plain, ...stamps })
    .where(inArray(bugReports.id, ids))
    .returning({ id: bugReports.id });
  return updated.map((row) => row.id);
}

export async function deleteBugReportRows(db: Db, ids: string[]): Promise<string[]> {
  const deleted = await db.delete(bugReports).where(inArray(bugReports.id, ids)).returning({ id: bugReports.id });
  return deleted.map((row) => row.id);
}

export type PeriodCounts = { reports: number; resolved: number; archived: number };

/** Counts of reports created, resolved and archived within [from, to). */
export async function countInPeriod(db: Db, from: Date, to: Date): Promise<PeriodCounts> {
  const within = (column: typeof bugReports.createdAt | typeof bugReports.resolvedAt) => and(gte(column, from), lt(column, to));
  const [row] = await db
    .select({
      reports: sql<number>`count(*) filter (where ${within(bugReports.createdAt)})`.mapWith(Number),
      resolved: sql<number>`count(*) filter (where ${bugReports.resolved} and ${within(bugReports.resolvedAt)})`.mapWith(Number),
      archived: sql<number>`count(*) filter (where ${bugReports.archived} and ${within(bugReports.archivedAt)})`.mapWith(Number),
    })
    .from(bugReports);
  return row ?? { reports: 0, resolved: 0, archived: 0 };
}
