// Delivers `mail` jobs through the mailer. A transient failure (connection refused, timeout, 4xx)
// throws, so the queue retries with backoff; a permanent rejection (5xx: no such mailbox, policy)
// would fail the same way every time, so it is recorded as failed mail at once and not retried.
import type { AppDeps } from "../../deps";
import type { JobQueue } from "../../lib/jobs";
import { type MailJobs, mailQueues } from "./outbox";
import { insertFailedMail } from "./queries";

const MAX_ERROR_LENGTH = 500;

/** An error as one short line, without credentials that may sit in a connection URL. */
export function describeError(error: unknown): string {
  const raw = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const line = raw
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi, "$1***@")
    .replace(/\b(pass(word)?|secret|token)=\S+/gi, "$1=***")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > MAX_ERROR_LENGTH ? `${line.slice(0, MAX_ERROR_LENGTH - 1)}…` : line;
}

/** nodemailer puts the SMTP reply code on the error; 5xx means the server will never accept it. */
export function isPermanentRejection(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("responseCode" in error)) return false;
  const code = error.responseCode;
  return typeof code === "number" && code >= 500;
}

type MailWorkerDeps = Pick<AppDeps, "database" | "mailer" | "log"> & { jobs: Pick<JobQueue<MailJobs>, "work"> };

export async function startMailWorkers(deps: MailWorkerDeps): Promise<void> {
  const db = deps.database.db;
  // A few sends at once per instance: SMTP round trips wait on the network, not the CPU.
  await deps.jobs.work("mail", { concurrency: 4 }, async (job) => {
    try {
      await deps.mailer.send(job.data);
    } catch (error) {
      const reason = describeError(error);
      if (!isPermanentRejection(error)) throw new Error(reason);
      deps.log(`mail: ${job.id} to ${job.data.to} rejected permanently, kept for an admin: ${reason}`);
      await insertFailedMail(db, { id: job.id, ...job.data, error: reason });
    }
  });
  await deps.jobs.work("mail.dead", {}, async (job) => {
    deps.log(`mail: ${job.id} to ${job.data.to} not delivered after ${mailQueues.mail.retryLimit + 1} attempts, kept for an admin`);
    await insertFailedMail(db, {
      id: job.id,
      ...job.data,
      error: `Not delivered after ${mailQueues.mail.retryLimit + 1} attempts; the log names each attempt's error.`,
    });
  });
}
