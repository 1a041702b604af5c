// The live events log (db/schema.ts liveEvents). Rows are written only by the database's
// triggers (migration 0004); this file reads them for a reconnecting stream and prunes them.
// And the open streams of every instance (liveStreams, decision 092).
import { and, asc, desc, eq, gt, gte, inArray, lt, min } from "drizzle-orm";
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

/** Records a stream opening now; answers its id. */
export async function insertStream(db: Db, stream: { sessionId: string; instanceId: string; now: Date }): Promise<number> {
  const [row] = await db
    .insert(liveStreams)
    .values({ sessionId: stream.sessionId, instanceId: stream.instanceId, openedAt: stream.now, seenAt: stream.now })
    .returning({ id: liveStreams.id });
  if (!row) throw new Error("live: the stream was not recorded");
  return row.id;
}

/** Deletes the session's streams seen since `seenSince` beyond its `keep` newest; answers their ids. */
export async function deleteStreamsBeyond(db: Db, sessionId: string, keep: number, seenSince: Date): Promise<number[]> {
  const beyond = db
    .select({ id: liveStreams.id })
    .from(liveStreams)
    .where(and(eq(liveStreams.sessionId, sessionId), gte(liveStreams.seenAt, seenSince)))
    .orderBy(desc(liveStreams.id))
    .offset(keep);
  const deleted = await db.delete(liveStreams).where(inArray(liveStreams.id, beyond)).returning({ id: liveStreams.id });
  return deleted.map((row) => row.id);
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
