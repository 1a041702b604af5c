// The live events log (db/schema.ts liveEvents). Rows are written only by the database's
// triggers (migration 0004); this file reads them for a reconnecting stream and prunes them.
import { and, asc, gt, inArray, lt, min } from "drizzle-orm";
import { type LiveEventRow, liveEvents } from "../../../db/schema";
import type { Db } from "../../lib/db";

/** Events for any of `audiences` after `afterId`, oldest first, at most `limit`. */
export async function selectEventsAfter(db: Db, audiences: string[], afterId: number, limit: number): Promise<LiveEventRow[]> {
  return db
    .select()
    .from(liveEvents)
    .where(and(inArray(liveEvents.audience, audiences), gt(liveEvents.id, afterId)))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

/** The oldest id still kept, or null when the log is empty. */
export async function selectOldestEventId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: min(liveEvents.id) }).from(liveEvents);
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

/** Deletes events created before `olderThan`; answers how many. */
export async function pruneEvents(db: Db, olderThan: Date): Promise<number> {
  const deleted = await db.delete(liveEvents).where(lt(liveEvents.createdAt, olderThan)).returning({ id: liveEvents.id });
  return deleted.length;
}
