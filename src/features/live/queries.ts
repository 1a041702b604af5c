// The live events log (db/schema.ts liveEvents). Rows are written only by the database's
// triggers (migration 0004); this file reads them for a reconnecting stream and prunes them.
// And the open streams of every instance (liveStreams, decision 092).
import { and, asc, desc, eq, gt, gte, inArray, lt, min, sql } from "drizzle-orm";
import { type LiveEventRow, liveEvents, liveStreams } from "../../../db/schema";
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

/**
 * Records a stream of `sessionId` opening now, and deletes the session's streams seen since
 * `seenSince` beyond its `keep` newest; answers the new id and the deleted ones. One transaction,
 * holding a lock on the session's name: opens of one session that arrive together (a cookie opening
 * streams in a loop) take their turns, where two deletes over the same rows in different orders
 * would deadlock.
 */
export function recordStreamKeepingNewest(
  db: Db,
  stream: { sessionId: string; instanceId: string; now: Date },
  keep: number,
  seenSince: Date,
): Promise<{ id: number; evicted: number[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('live_streams'), hashtext(${stream.sessionId}))`);
    const [row] = await tx
      .insert(liveStreams)
      .values({ sessionId: stream.sessionId, instanceId: stream.instanceId, openedAt: stream.now, seenAt: stream.now })
      .returning({ id: liveStreams.id });
    if (!row) throw new Error("live: the stream was not recorded");
    const beyond = tx
      .select({ id: liveStreams.id })
      .from(liveStreams)
      .where(and(eq(liveStreams.sessionId, stream.sessionId), gte(liveStreams.seenAt, seenSince)))
      .orderBy(desc(liveStreams.id))
      .offset(keep);
    const deleted = await tx.delete(liveStreams).where(inArray(liveStreams.id, beyond)).returning({ id: liveStreams.id });
    return { id: row.id, evicted: deleted.map((evicted) => evicted.id) };
  });
}

/** Marks the streams `ids` seen now; answers the ids whose rows still exist. */
export async function touchStreams(db: Db, ids: number[], now: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const touched = await db.update(liveStreams).set({ seenAt: now }).where(inArray(liveStreams.id, ids)).returning({ id: liveStreams.id });
  return touched.map((row) => row.id);
}

export async function deleteStream(db: Db, id: number): Promise<void> {
  await db.delete(liveStreams).where(eq(liveStreams.id, id));
}

export async function deleteInstanceStreams(db: Db, instanceId: string): Promise<void> {
  await db.delete(liveStreams).where(eq(liveStreams.instanceId, instanceId));
}

/** Deletes the streams last seen before `seenBefore` (their instance is gone); answers how many. */
export async function deleteStreamsSeenBefore(db: Db, seenBefore: Date): Promise<number> {
  const deleted = await db.delete(liveStreams).where(lt(liveStreams.seenAt, seenBefore)).returning({ id: liveStreams.id });
  return deleted.length;
}
