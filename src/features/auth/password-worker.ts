// A thread that only hashes and verifies passwords (started by passwords.ts). It runs argon2id
// synchronously on itself rather than on Bun's shared pool, so the niceness below covers the
// hashing: on Linux setpriority on "0" lowers the calling thread only, and the kernel then serves
// the request thread and the database first. A burst of sign-ins waits for idle CPU instead of
// slowing every page. Elsewhere the same call would lower the whole process, so it is skipped.
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import type { PasswordJob, PasswordResult } from "./passwords";

const LOWEST_PRIORITY = 19;
if (process.platform === "linux") setPriority(0, LOWEST_PRIORITY);

function run(job: PasswordJob): string | boolean {
  if (job.kind === "hash") return Bun.password.hashSync(job.password, job.options);
  try {
    return Bun.password.verifySync(job.password, job.hash);
  } catch {
    // A hash Bun cannot read (corrupt, or another algorithm) matches no password.
    return false;
  }
}

parentPort?.on("message", (job: PasswordJob) => {
  let result: PasswordResult;
  try {
    result = { ok: true, value: run(job) };
  } catch (error) {
    result = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(result);
});
