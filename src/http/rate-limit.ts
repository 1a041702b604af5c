// Fixed-window counters in the database, so limits hold across restarts and instances.
import type { Db } from "../lib/db";
import { tooManyRequests } from "./errors";
import { countHit, deleteExpiredRateLimits } from "./queries";

export type Limit = { name: string; max: number; windowMs: number };

/** Counts one hit against `key` and throws 429 once the window's budget is spent. */
export async function enforceRateLimit(db: Db, limit: Limit, subject: string): Promise<void> {
  const row = await countHit(db, `${limit.name}:${subject}`, limit.windowMs);
  if (row && row.count > limit.max) throw tooManyRequests((row.resetAt.getTime() - Date.now()) / 1000);
}

export async function pruneRateLimits(db: Db): Promise<void> {
  await deleteExpiredRateLimits(db);
}
