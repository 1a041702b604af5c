// The SQL of the HTTP layer: session rows (token hashes), API tokens' liveness and rate-limit counters.
import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { type Session, type User, apiTokens, rateLimits, sessions, users } from "../../db/schema";
import { type Db, preparedQuery } from "../lib/db";

export async function insertSession(db: Db, id: string, userId: string, expiresAt: Date): Promise<void> {
  await db.insert(sessions).values({ id, userId, expiresAt });
}

const liveSession = preparedQuery((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare("live_session"),
);

/** The live session and its user in one round trip, on every signed-in request. */
export async function findLiveSession(db: Db, id: string): Promise<{ session: Session; user: User } | undefined> {
  const [row] = await liveSession(db).execute({ id });
  return row;
}

/** The live ones among `ids`, each with its user, in one round trip. */
export async function findLiveSessions(db: Db, ids: string[]): Promise<{ sessionId: string; user: User }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, sql`now()`)));
}

/** The unexpired API tokens among `ids`, each with its user, in one round trip. */
export async function findLiveApiTokens(db: Db, ids: string[]): Promise<{ tokenId: string; user: User }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ tokenId: apiTokens.id, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(inArray(apiTokens.id, ids), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`))));
}

export async function extendSession(db: Db, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

/** Records a request: last seen now, and the User-Agent if none is stored yet. */
export async function touchSession(db: Db, id: string, userAgent: string): Promise<Pick<Session, "lastSeenAt" | "userAgent"> | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ lastSeenAt: new Date(), userAgent: sql`coalesce(${sessions.userAgent}, ${userAgent || null})` })
    .where(eq(sessions.id, id))
    .returning({ lastSeenAt: sessions.lastSeenAt, userAgent: sessions.userAgent });
  return row;
}

export async function listUserSessions(db: Db, userId: string): Promise<Session[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`));
}

/** Deletes one session of this user; another user's session id matches nothing. */
export async function deleteUserSession(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return gone.length > 0;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteUserSessions(db: Db, userId: string, keepSessionId?: string): Promise<void> {
  await db.delete(sessions).where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

/** One hit against a fixed-window counter, in one upsert; returns the window's count and end. */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ count: number; resetAt: Date } | undefined> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: new Date(Date.now() + windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return row;
}

export async function deleteExpiredRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date()));
}

export async function findRateLimit(db: Db, key: string): Promise<{ count: number; resetAt: Date } | undefined> {
  const [row] = await db.select({ count: rateLimits.count, resetAt: rateLimits.resetAt }).from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  return row;
}

/** Sets a counter row outright (a delay's end and the failures that led to it). */
export async function putRateLimit(db: Db, key: string, count: number, resetAt: Date): Promise<void> {
  await db.insert(rateLimits).values({ key, count, resetAt }).onConflictDoUpdate({ target: rateLimits.key, set: { count, resetAt } });
}

export async function deleteRateLimits(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}
