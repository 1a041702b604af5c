// A project's timeline: what happened, who did it and when. Every entry is written by the service
// that makes the change, inside the change's own transaction, so the timeline cannot disagree with
// the project. Details name fields and labels only, never a value of a secret field.
import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { notFound } from "../../http/errors";
import type { Db } from "../../lib/db";
import { isId, newId } from "../../lib/ids";
import { type ActivityDetails, type ActivityFlag, type ActivityKind, type ProjectStatus, activityFlags } from "../../shared/enums";
import { ACTIVITY_PAGE_SIZE, type PageInfo, pageInfo } from "../../shared/lists";
import type { ActivityItem } from "./model";
import { findVisibleCreator, insertActivity, listActivityRows, listProjectFlags } from "./queries";

export type ActivityEntry = { projectId: string; actorId: string | null; kind: ActivityKind; details?: ActivityDetails };

export const ACTIVITY_NOT_FOUND = "Project not found.";

/** Writes entries in the caller's transaction, in one statement. */
export async function recordActivity(tx: Db, entries: ActivityEntry | ActivityEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  await insertActivity(
    tx,
    list.map((entry) => ({ id: newId(), projectId: entry.projectId, actorId: entry.actorId, kind: entry.kind, details: entry.details ?? {} })),
  );
}

type AdminValues = { status?: ProjectStatus; accessCode?: string | null } & Partial<Record<ActivityFlag, boolean>>;

/**
 * An admin's change of status, locks or archive (and an access code waiving payment), for every
 * project it really changes. Call it before the update, in its transaction: it reads the values
 * the update is about to replace.
 */
export async function recordAdminChanges(tx: Db, ids: string[], values: AdminValues, adminId: string): Promise<void> {
  const entries: ActivityEntry[] = [];
  for (const project of await listProjectFlags(tx, ids)) {
    if (values.status !== undefined && values.status !== project.status) {
      entries.push({ projectId: project.id, actorId: adminId, kind: "status_changed", details: { status: values.status, previousStatus: project.status } });
    }
    for (const flag of activityFlags) {
      const on = values[flag];
      if (on !== undefined && on !== project[flag]) entries.push({ projectId: project.id, actorId: adminId, kind: "flag_changed", details: { flag, on } });
    }
    if (values.accessCode) entries.push({ projectId: project.id, actorId: adminId, kind: "payment_recorded", details: { method: "access_code" } });
  }
  await recordActivity(tx, entries);
}

/** The keys of `after` whose values differ from `before`'s: what an edit changed, by name only. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/** One page of a project's timeline, newest first; someone else's project is a 404. */
export async function listActivity(
  deps: Pick<AppDeps, "database">,
  actor: Actor,
  projectId: string,
  page = 1,
): Promise<{ activity: ActivityItem[] } & PageInfo> {
  const db = deps.database.db;
  const creatorId = isId(projectId) ? await findVisibleCreator(db, projectId, { userId: actor.user.id, isAdmin: actor.isAdmin }) : null;
  if (!creatorId) throw notFound(ACTIVITY_NOT_FOUND);
  const { rows, ...counted } = await listActivityRows(db, projectId, page, ACTIVITY_PAGE_SIZE);
  return {
    activity: rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
      actor: row.actorId === null ? null : { _id: row.actorId, displayName: row.actorName ?? "", isStudio: row.actorId !== creatorId },
    })),
    ...pageInfo(counted, page, ACTIVITY_PAGE_SIZE),
  };
}
