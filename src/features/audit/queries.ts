// SQL of the audit log: appending entries, the admin list's search, and the locked read of a
// change's targets that gives an entry its exact "before". Nothing here updates or deletes entries.
import { type SQL, and, desc, eq, gte, ilike, inArray, lt, or } from "drizzle-orm";
import { type AuditEntryRow, type NewAuditEntry, auditLog, bugReports, faqs, projects, users } from "../../../db/schema";
import { type Db, type Page, likePattern, pageOf, paged } from "../../lib/db";
import type { AuditAction, AuditTargetType, AuditValues } from "../../shared/enums";

export async function insertAuditEntries(db: Db, rows: NewAuditEntry[]): Promise<void> {
  await db.insert(auditLog).values(rows);
}

/** The tables whose changes are audited field by field. */
export type AuditedTable = Extract<AuditTargetType, "project" | "faq" | "bug_report">;
type AuditTarget = { id: string; label: string; values: AuditValues };

/** Locks the rows a change is about to touch (in id order, like every bulk lock) and reads the fields the log compares. */
export async function lockAuditTargets(db: Db, table: AuditedTable, ids: string[]): Promise<AuditTarget[]> {
  if (ids.length === 0) return [];
  if (table === "project") {
    const rows = await db
      .select({ project: projects, creatorEmail: users.email })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.creatorId))
      .where(inArray(projects.id, ids))
      .orderBy(projects.id)
      .for("update", { of: projects });
    return rows.map(({ project, creatorEmail }) => ({
      id: project.id,
      label: project.projectName,
      values: {
        creatorEmail,
        projectType: project.projectType,
        status: project.status,
        receivedPayment: project.receivedPayment,
        refundIssued: project.refundIssued,
        editingLocked: project.editingLocked,
        revisionsLocked: project.revisionsLocked,
        archived: project.archived,
        accessCode: project.accessCode,
        invoiceSent: project.invoiceSent,
      },
    }));
  }
  if (table === "faq") {
    const rows = await db.select().from(faqs).where(inArray(faqs.id, ids)).orderBy(faqs.id).for("update");
    return rows.map((faq) => ({ id: faq.id, label: faq.title, values: { title: faq.title, section: faq.section, answer: faq.answer } }));
  }
  const rows = await db.select().from(bugReports).where(inArray(bugReports.id, ids)).orderBy(bugReports.id).for("update");
  return rows.map((report) => ({
    id: report.id,
    label: report.title,
    values: {
      title: report.title,
      description: report.description,
      notes: report.notes,
      resolved: report.resolved,
      highPriority: report.highPriority,
      archived: report.archived,
    },
  }));
}

export type AuditFilters = {
  /** Matches the actor's e-mail or name, or their id exactly. */
  actor?: string;
  action?: AuditAction;
  targetType?: AuditTargetType;
  /** Matches the target's label, or its id exactly. */
  target?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
};

function whereOf(filters: AuditFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.actor) {
    const pattern = likePattern(filters.actor);
    conditions.push(or(ilike(auditLog.actorEmail, pattern), ilike(auditLog.actorName, pattern), eq(auditLog.actorId, filters.actor)));
  }
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.targetType) conditions.push(eq(auditLog.targetType, filters.targetType));
  if (filters.target) conditions.push(or(ilike(auditLog.targetLabel, likePattern(filters.target)), eq(auditLog.targetId, filters.target)));
  if (filters.from) conditions.push(gte(auditLog.createdAt, filters.from));
  if (filters.to) conditions.push(lt(auditLog.createdAt, filters.to));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Newest first; entries of one transaction share a time, so the id breaks the tie. */
export function searchAuditRows(db: Db, filters: AuditFilters, page: { page: number; pageSize: number }): Promise<Page<AuditEntryRow>> {
  const where = whereOf(filters);
  const ordered = db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  return paged(db, pageOf(ordered), { table: auditLog, where, alongside: true }, page);
}
