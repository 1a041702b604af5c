// Writing the audit log. Every admin or super-admin change calls one of these
// inside its own transaction, so an entry exists exactly when the change committed. Secrets never
// reach the table: any field whose name says password, secret, token, key, hash or sealed value is
// stored as a mask (null stays null, so "set" and "cleared" still read).
import type { NewAuditEntry } from "../../../db/schema";
import type { Actor } from "../../http/actor";
import { clientIp } from "../../http/client-ip";
import { requestId } from "../../http/request-id";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import type { AuditAction, AuditTargetType, AuditValues } from "../../shared/enums";
import { type AuditedTable, insertAuditEntries, lockAuditTargets } from "./queries";

/** Who acts and from where: the admin's id, e-mail and name as they are now, the client address, the request id. */
export type AuditBy = { userId: string; email: string; name: string; ip: string; requestId: string | null };

export function auditBy(actor: Actor, request: Request): AuditBy {
  return { userId: actor.user.id, email: actor.user.email, name: actor.user.displayName, ip: clientIp(request), requestId: requestId(request) ?? null };
}

/** For routes customers share with admins: only an admin's request is audited. */
export function adminAuditBy(actor: Actor | null, request: Request): AuditBy | null {
  return actor?.isAdmin ? auditBy(actor, request) : null;
}

/** A user as an audit target: the label keeps their name and e-mail as they were. */
export const userTarget = (user: { id: string; displayName: string; email: string }): AuditEntry["target"] => ({
  type: "user",
  id: user.id,
  label: `${user.displayName} <${user.email}>`,
});

export type AuditEntry = {
  action: AuditAction;
  target: { type: AuditTargetType; id: string; label: string };
  before?: AuditValues | null;
  after?: AuditValues | null;
};

export const MASK = "••••••";
const SECRET_NAME = /password|secret|token|key|hash|enc$/i;

/** A value with every secret-named field (at any depth, inside arrays too) replaced by the mask. */
function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (value === null || value === undefined) return null;
  if (typeof value !== "object" || value instanceof Date) return value;
  return maskSecrets(value as AuditValues);
}

function maskSecrets(values: AuditValues): AuditValues {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, SECRET_NAME.test(name) ? (value === null || value === undefined ? null : MASK) : masked(value)]),
  );
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `after` whose value differs from `before`, as a before/after pair (both empty when nothing changed). */
function changedFields(before: AuditValues, after: AuditValues): { before: AuditValues; after: AuditValues } {
  const changed = Object.keys(after).filter((name) => after[name] !== undefined && !same(before[name], after[name]));
  return {
    before: Object.fromEntries(changed.map((name) => [name, before[name] ?? null])),
    after: Object.fromEntries(changed.map((name) => [name, after[name]])),
  };
}

/** Appends entries (one or several) in the caller's transaction. */
export async function recordAudit(tx: Db, by: AuditBy, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  const rows: NewAuditEntry[] = list.map((entry) => ({
    id: newId(),
    actorId: by.userId,
    actorEmail: by.email,
    actorName: by.name,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    targetLabel: entry.target.label,
    before: entry.before ? maskSecrets(entry.before) : null,
    after: entry.after ? maskSecrets(entry.after) : null,
    sourceIp: by.ip,
    requestId: by.requestId,
  }));
  await insertAuditEntries(tx, rows);
}

/** Which action a changed field of a project is: payment, refund, locks, archive and status read apart. */
const projectActions: Record<string, AuditAction> = {
  status: "project.status",
  receivedPayment: "project.paid",
  refundIssued: "payment.refund",
  editingLocked: "project.lock",
  revisionsLocked: "project.lock",
  archived: "project.archive",
  accessCode: "project.access_code",
};

const actionOf = (table: AuditedTable, field: string): AuditAction =>
  table === "project" ? (projectActions[field] ?? "project.update") : table === "faq" ? "faq.update" : "bug_report.update";

/**
 * Records what `changes` will do to each row in `ids`, called just before the update in the same
 * transaction: it locks the rows and reads their values first, so "before" is exact. One entry per
 * row and action, for fields whose value really changes.
 */
export async function auditChanges(tx: Db, by: AuditBy, table: AuditedTable, ids: string[], changes: AuditValues): Promise<void> {
  const targets = await lockAuditTargets(tx, table, ids);
  const entries = targets.flatMap((target) => {
    const { before, after } = changedFields(target.values, changes);
    const byAction = new Map<AuditAction, AuditEntry>();
    for (const field of Object.keys(after)) {
      const action = actionOf(table, field);
      const entry = byAction.get(action) ?? { action, target: { type: table, id: target.id, label: target.label }, before: {}, after: {} };
      entry.before = { ...entry.before, [field]: before[field] };
      entry.after = { ...entry.after, [field]: after[field] };
      byAction.set(action, entry);
    }
    return [...byAction.values()];
  });
  await recordAudit(tx, by, entries);
}

/**
 * An admin's edit of someone else's project through the routes customers use too (content,
 * revision notes, images): one `project.update` entry with the fields that changed. A customer's
 * own edit (no `by`), an admin's edit of their own project or a change of nothing is not recorded.
 */
export async function auditProjectEdit(
  tx: Db,
  by: AuditBy | null,
  project: { id: string; projectName: string; creatorId: string },
  before: AuditValues,
  after: AuditValues,
): Promise<void> {
  if (!by || project.creatorId === by.userId) return;
  const changed = changedFields(before, after);
  if (Object.keys(changed.after).length === 0) return;
  await recordAudit(tx, by, { action: "project.update", target: { type: "project", id: project.id, label: project.projectName }, ...changed });
}

/** Records the deletion of each row in `ids` with its last values, called just before the delete in the same transaction. */
export async function auditDeletions(tx: Db, by: AuditBy, table: AuditedTable, ids: string[]): Promise<void> {
  const targets = await lockAuditTargets(tx, table, ids);
  const action: AuditAction = table === "project" ? "project.delete" : table === "faq" ? "faq.delete" : "bug_report.delete";
  await recordAudit(
    tx,
    by,
    targets.map((target) => ({ action, target: { type: table, id: target.id, label: target.label }, before: target.values, after: null })),
  );
}
