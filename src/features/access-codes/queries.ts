// SQL for access codes. Claiming is one conditional UPDATE, so two orders racing for one code
// cannot both win: the second finds `claimed = true` (Postgres re-checks the row after the first commits).
import { and, asc, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import { type AccessCode, accessCodes } from "../../../db/schema";
import { type Db, type Page, likePattern, pageOf, paged } from "../../lib/db";
import { ACCESS_CODES_PAGE_SIZE, type SortOrder } from "../../shared/lists";

export async function insertAccessCode(db: Db, row: { id: string; title: string; code: string }): Promise<boolean> {
  const inserted = await db.insert(accessCodes).values(row).onConflictDoNothing({ target: accessCodes.code }).returning({ id: accessCodes.id });
  return inserted.length === 1;
}

export async function findAccessCode(db: Db, id: string): Promise<AccessCode | null> {
  const [row] = await db.select().from(accessCodes).where(eq(accessCodes.id, id)).limit(1);
  return row ?? null;
}

export async function isCodeUnclaimed(db: Db, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accessCodes.id })
    .from(accessCodes)
    .where(and(eq(accessCodes.code, code), eq(accessCodes.claimed, false)))
    .limit(1);
  return row !== undefined;
}

/** Claims the code for the project; false when it does not exist or someone claimed it first. */
export async function claimCode(db: Db, code: string, projectId: string): Promise<boolean> {
  const claimed = await db
    .update(accessCodes)
    .set({ claimed: true, claimedByProjectId: projectId, claimedAt: sql`now()` })
    .where(and(eq(accessCodes.code, code), eq(accessCodes.claimed, false)))
    .returning({ id: accessCodes.id });
  return claimed.length === 1;
}

/** Deletes the unclaimed codes among `ids` (a claimed code records how a project was paid); the ids deleted and the claimed ids kept. */
export async function deleteUnclaimedCodes(db: Db, ids: string[]): Promise<{ deleted: { id: string; title: string }[]; kept: string[] }> {
  const deleted = await db
    .delete(accessCodes)
    .where(and(inArray(accessCodes.id, ids), eq(accessCodes.claimed, false)))
    .returning({ id: accessCodes.id, title: accessCodes.title });
  const kept = await db
    .select({ id: accessCodes.id })
    .from(accessCodes)
    .where(and(inArray(accessCodes.id, ids), eq(accessCodes.claimed, true)));
  return { deleted, kept: kept.map((row) => row.id) };
}

export type AccessCodeFilters = { claimed?: boolean; title?: string; page: number; sortby: SortOrder; pageSize?: number };

export async function searchAccessCodes(db: Db, filters: AccessCodeFilters): Promise<Page<AccessCode>> {
  const conditions = [];
  if (filters.claimed !== undefined) conditions.push(eq(accessCodes.claimed, filters.claimed));
  if (filters.title) conditions.push(ilike(accessCodes.title, likePattern(filters.title)));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = filters.sortby === "createdAt" ? [asc(accessCodes.createdAt), asc(accessCodes.id)] : [desc(accessCodes.createdAt), desc(accessCodes.id)];
  const ordered = db
    .select()
    .from(accessCodes)
    .where(where)
    .orderBy(...order);
  return paged(db, pageOf(ordered), { table: accessCodes, where }, { page: filters.page, pageSize: filters.pageSize ?? ACCESS_CODES_PAGE_SIZE });
}
