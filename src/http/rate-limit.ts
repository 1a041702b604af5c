// Fixed-window counters in the database, so limits hold across restarts and instances; and the
// growing delay after failed sign-ins, counted per account AND source address.
import type { Db } from "../lib/db";
import { tooManyRequests } from "./errors";
import { countHit, deleteExpiredRateLimits, deleteRateLimits, findRateLimit, putRateLimit } from "./queries";

export type Limit = { name: string; max: number; windowMs: number };

/** Counts one hit against `key` and throws 429 once the window's budget is spent. */
export async function enforceRateLimit(db: Db, limit: Limit, subject: string): Promise<void> {
  const row = await countHit(db, `${limit.name}:${subject}`, limit.windowMs);
  if (row && row.count > limit.max) throw tooManyRequests((row.resetAt.getTime() - Date.now()) / 1000);
}

export async function pruneRateLimits(db: Db): Promise<void> {
  await deleteExpiredRateLimits(db);
}

// ---------------------------------------------------------------------------------------------
// Failure throttling. A hard lock per account lets any stranger lock its owner out by guessing
// wrong; counting per account and address instead slows the guesser alone, with a delay that
// doubles per failure. An account-wide count catches guessing spread over many addresses: past
// it, only addresses that have themselves failed on the account wait, so its owner still gets in.

/** Failures from one address on one account before any delay. */
export const FREE_FAILURES = 4;
export const MAX_FAILURE_DELAY_SECONDS = 15 * 60;
const FAILURE_WINDOW_MS = 60 * 60 * 1000;
/** Failures on one account from all addresses, within the window, before failing addresses wait it out. */
export const ACCOUNT_FAILURE_CAP = 100;

/** Seconds to wait after the nth failure from one address on one account: 1, 2, 4 … 15 minutes. */
export function failureDelaySeconds(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES - 1), MAX_FAILURE_DELAY_SECONDS);
}

const keysOf = (scope: string, account: string, address: string) => ({
  failures: `${scope}-fail:${account}:${address}`,
  wait: `${scope}-wait:${account}:${address}`,
  account: `${scope}-fail-account:${account}`,
});

/** Throws 429 while this address must wait before trying this account again. */
export async function refuseWhileThrottled(db: Db, scope: string, account: string, address: string): Promise<void> {
  const keys = keysOf(scope, account, address);
  const wait = await findRateLimit(db, keys.wait);
  if (wait && wait.resetAt.getTime() > Date.now()) throw tooManyRequests((wait.resetAt.getTime() - Date.now()) / 1000);
  const total = await findRateLimit(db, keys.account);
  if (total && total.count >= ACCOUNT_FAILURE_CAP && total.resetAt.getTime() > Date.now()) {
    const own = await findRateLimit(db, keys.failures);
    if (own && own.resetAt.getTime() > Date.now()) throw tooManyRequests((total.resetAt.getTime() - Date.now()) / 1000);
  }
}

/** Counts a failure and, past the free ones, starts this address's wait on this account. */
export async function recordFailure(db: Db, scope: string, account: string, address: string): Promise<void> {
  const keys = keysOf(scope, account, address);
  const own = await countHit(db, keys.failures, FAILURE_WINDOW_MS);
  await countHit(db, keys.account, FAILURE_WINDOW_MS);
  const seconds = failureDelaySeconds(own?.count ?? 0);
  if (seconds > 0) await putRateLimit(db, keys.wait, own?.count ?? 0, new Date(Date.now() + seconds * 1000));
}

/** A success from this address forgets its failures (the account-wide count stays). */
export async function clearFailures(db: Db, scope: string, account: string, address: string): Promise<void> {
  const keys = keysOf(scope, account, address);
  await deleteRateLimits(db, [keys.failures, keys.wait]);
}
