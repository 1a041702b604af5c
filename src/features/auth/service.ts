// Account rules shared by the auth API, the auth pages and other features (orders sign a new
// visitor in with signInUser). Services never see Elysia's context: they take deps and values.
import type { AppDeps } from "../../deps";
import { createSession, sessionCookie } from "./sessions";

export const MIN_PASSWORD_LENGTH = 6;
// argon2id costs ~150 ms of CPU and 64 MiB each; more than a few at once would let a burst of
// sign-ins starve every other request, so hashing waits its turn behind this limiter.
const MAX_CONCURRENT_HASHES = 4;

let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** argon2id hash of a password, at most a few computed at once. */
export function hashPassword(password: string): Promise<string> {
  return withHashSlot(() => Bun.password.hash(password, { algorithm: "argon2id" }));
}

/** Compares a password with a stored hash through the same limiter as hashPassword. */
export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return withHashSlot(() => Bun.password.verify(password, hash).catch(() => false));
}

/**
 * Starts a new session for the user and returns the Set-Cookie header value to send with the
 * response. Every sign-in gets a fresh token, so a token planted before sign-in is useless.
 */
export async function signInUser(deps: Pick<AppDeps, "database" | "config">, userId: string): Promise<string> {
  const { token, expiresAt } = await createSession(deps.database.db, userId);
  return sessionCookie(token, expiresAt, deps.config.secureCookies);
}
