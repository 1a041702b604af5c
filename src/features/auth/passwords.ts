// Passwords: argon2id hashing behind a small limiter, the decoy hash for unknown accounts, and
// the rules a new password must meet.
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { randomToken } from "../../lib/crypto";

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 200;
export const WEAK_PASSWORD_MESSAGE = "weak password (must be 6 characters or more)";
export const COMMON_PASSWORD_MESSAGE = "This password is too common. Choose another one.";

// argon2id costs ~125 ms of one core and 19 MiB each, on Bun's worker threads. Hashes wait their
// turn so that one core is always left for serving: a burst of sign-ins queues behind itself
// instead of slowing every other page (bench: /dashboard + 20 sign-ins/s).
const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);
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

/**
 * OWASP's argon2id parameters (19 MiB, 2 passes, 1 lane): about 125 ms here against 330 ms for
 * Bun's default of 64 MiB, so sign-ins cannot starve two cores. Hashes carry their parameters, so
 * passwords hashed with the old ones still verify.
 */
const ARGON2ID = { algorithm: "argon2id", memoryCost: 19_456, timeCost: 2 } as const;

/** argon2id hash of a password, at most a few computed at once. */
export function hashPassword(password: string): Promise<string> {
  return withHashSlot(() => Bun.password.hash(password, ARGON2ID));
}

/** Compares a password with a stored hash through the same limiter as hashPassword. */
export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return withHashSlot(() => Bun.password.verify(password, hash).catch(() => false));
}

// Verified against when the e-mail is unknown, so a miss costs as long as a wrong password
// and response times do not tell which e-mails have accounts.
let decoyHash: Promise<string> | null = null;
export const getDecoyHash = () => (decoyHash ??= hashPassword(randomToken()));

// The 10,000 most common passwords of six characters or more, lower-cased (common-passwords.txt,
// taken from the password list @zxcvbn-ts/language-common ships, MIT). Read on first use.
let commonPasswords: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(join(import.meta.dir, "common-passwords.txt"), "utf8")
      .split("\n")
      .filter(Boolean),
  );
  return commonPasswords.has(password.toLowerCase());
}

export function checkNewPassword(password: string, fields: Record<string, string>, name = "password"): void {
  if (!password) fields[name] = "Password is required.";
  else if (password.length < MIN_PASSWORD_LENGTH) fields[name] = WEAK_PASSWORD_MESSAGE;
  else if (password.length > MAX_PASSWORD_LENGTH) fields[name] = `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  else if (isCommonPassword(password)) fields[name] = COMMON_PASSWORD_MESSAGE;
}
