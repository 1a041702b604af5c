// Fixed-window counters in the database, so limits hold across restarts and instances.
import { lt, sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import type { Db } from "../lib/db";
import { tooManyRequests } from "./errors";

export type Limit = { name: string; max: number; windowMs: number };

/** Counts one hit against `key` and throws 429 once the window's budget is spent. */
export async function enforceRateLimit(db: Db, limit: Limit, subject: string): Promise<void> {
  const key = `${limit.name}:${subject}`;
  const resetAt = new Date(Date.now() + limit.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  if (row && row.count > limit.max) throw tooManyRequests((row.resetAt.getTime() - Date.now()) / 1000);
}

export async function pruneRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date()));
}
