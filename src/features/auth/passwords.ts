// Passwords: argon2id hashing on low-priority threads, the decoy hash for unknown accounts, and
// the rules a new password must meet.
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { randomToken } from "../../lib/crypto";

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 200;
export const WEAK_PASSWORD_MESSAGE = "weak password (must be 6 characters or more)";
export const COMMON_PASSWORD_MESSAGE = "This password is too common. Choose another one.";

/**
 * OWASP's argon2id parameters (19 MiB, 2 passes, 1 lane): about 125 ms here against 330 ms for
 * Bun's default of 64 MiB, so sign-ins cannot starve two cores. Hashes carry their parameters, so
 * passwords hashed with the old ones still verify.
 */
const ARGON2ID = { algorithm: "argon2id", memoryCost: 19_456, timeCost: 2 } as const;

/** What a password thread is asked (password-worker.ts), and what it answers. */
export type PasswordJob = { kind: "hash"; password: string; options: typeof ARGON2ID } | { kind: "verify"; password: string; hash: string };
export type PasswordResult = { ok: true; value: string | boolean } | { ok: false; error: string };

// Hashing runs on its own low-priority threads (password-worker.ts), one hash at a time on each,
// started on first use: the kernel gives them the CPU the requests leave, so a burst of sign-ins
// queues behind itself instead of slowing every page (bench: /dashboard + 20 sign-ins/s). One
// core stays free of hashing all the same: argon2id's 19 MiB also compete for caches and memory
// bandwidth, which priorities do not share out. An idle thread costs little memory and does not
// keep the process alive.
const PASSWORD_THREADS = Math.max(1, availableParallelism() - 1);
const idleThreads: Worker[] = [];
let threads = 0;
type Task = { job: PasswordJob; resolve: (value: string | boolean) => void; reject: (error: Error) => void };
const waiting: Task[] = [];

function startThread(): Worker {
  threads++;
  return new Worker(new URL("./password-worker.ts", import.meta.url));
}

function dispatch(): void {
  while (waiting.length > 0) {
    const thread = idleThreads.pop() ?? (threads < PASSWORD_THREADS ? startThread() : null);
    if (!thread) return;
    runOn(thread, waiting.shift()!);
  }
}

function runOn(thread: Worker, task: Task): void {
  thread.ref();
  thread.removeAllListeners();
  thread.once("message", (result: PasswordResult) => {
    thread.removeAllListeners();
    if (result.ok) task.resolve(result.value);
    else task.reject(new Error(result.error));
    thread.unref();
    idleThreads.push(thread);
    dispatch();
  });
  // The thread itself failed (it could not start, or died): drop it, the next task starts another.
  thread.once("error", (error: Error) => {
    thread.removeAllListeners();
    threads--;
    void thread.terminate();
    task.reject(error);
    dispatch();
  });
  thread.postMessage(task.job);
}

function onPasswordThread(job: PasswordJob): Promise<string | boolean> {
  return new Promise((resolve, reject) => {
    waiting.push({ job, resolve, reject });
    dispatch();
  });
}

/** argon2id hash of a password, computed on a password thread. */
export async function hashPassword(password: string): Promise<string> {
  return String(await onPasswordThread({ kind: "hash", password, options: ARGON2ID }));
}

/** Compares a password with a stored hash on a password thread; an unreadable hash matches nothing. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  return (await onPasswordThread({ kind: "verify", password, hash })) === true;
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
