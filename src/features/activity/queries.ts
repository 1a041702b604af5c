// SQL for project timelines. Reads filter by the viewer in the `where` (the project's creator or
// an admin), so a forgotten check returns nothing rather than someone else's history.
import { and, desc, eq, inArray } from "drizzle-orm";
import { type ActivityRow, type NewActivity, projectActivity, projects, users } from "../../../db/schema";
import { type Db, type Page, pageOf, paged } from "../../lib/db";
import type { ProjectStatus } from "../../shared/enums";

export type ActivityViewer = { userId: string; isAdmin: boolean };
export type ActivityListRow = Pick<ActivityRow, "id" | "kind" | "details" | "createdAt" | "actorId"> & { actorName: string | null };
export type ProjectFlags = { id: string; status: ProjectStatus; editingLocked: boolean; revisionsLocked: boolean; archived: boolean };

/** The project's creator when the viewer may see the project, else null. */
export async function findVisibleCreator(db: Db, projectId: string, viewer: ActivityViewer): Promise<string | null> {
  const where = viewer.isAdmin ? eq(projects.id, projectId) : and(eq(projects.id, projectId), eq(projects.creatorId, viewer.userId));
  const [row] = await db.select({ creatorId: projects.creatorId }).from(projects).where(where).limit(1);
  return row?.creatorId ?? null;
}

export async function insertActivity(db: Db, rows: NewActivity[]): Promise<void> {
  if (rows.length > 0) await db.insert(projectActivity).values(rows);
}

/** The status, locks and archive flag of the projects, read before an admin's change. */
export async function listProjectFlags(db: Db, ids: string[]): Promise<ProjectFlags[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: projects.id,
      status: projects.status,
      editingLocked: projects.editingLocked,
      revisionsLocked: projects.revisionsLocked,
      archived: projects.archived,
    })
    .from(projects)
    .where(inArray(projects.id, ids));
}

/** Newest first; ties (one transaction) in the order they were written, newest id first. */
export async function listActivityRows(db: Db, projectId: string, page: number, pageSize: number): Promise<Page<ActivityListRow>> {
  const where = eq(projectActivity.projectId, projectId);
  const ordered = db
    .select({
      id: projectActivity.id,
      kind: projectActivity.kind,
      details: projectActivity.details,
      createdAt: projectActivity.createdAt,
      actorId: projectActivity.actorId,
      actorName: users.displayName,
    })
    .from(projectActivity)
    .leftJoin(users, eq(users.id, projectActivity.actorId))
    .where(where)
    .orderBy(desc(projectActivity.createdAt), desc(projectActivity.id));
  return paged(db, pageOf(ordered), { table: projectActivity, where }, { page, pageSize });
}
