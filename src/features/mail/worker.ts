// Delivers `mail` jobs through the mailer, a batch at a time with every job settled on its own.
// Transactional mail goes first; an announcement's mail is sent only to a recipient who is still
// there and still wants it.
import type { AppDeps } from "../../deps";
import { type MailJob, type MailJobs, mailQueues } from "../../lib/job-queues";
import type { JobContext, JobOutcome, JobQueue } from "../../lib/jobs";
import { MAIL_PRIORITY } from "./outbox";
import { insertFailedMail, listAnnouncementListeners } from "./queries";

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

type MailWorkerDeps = Pick<AppDeps, "database" | "mailer" | "log"> & { jobs: Pick<JobQueue<MailJobs>, "work" | "workBatch"> };

export type MailWorkerOptions = {
  /** Seconds between polls when nothing wakes the workers; tests make it long to show that a backlog never waits for it. */
  pollingIntervalSeconds?: number;
};

/**
 * Jobs a worker fetches and completes together. Small, because the jobs of a batch are completed
 * when its last send ends: a process killed meanwhile sends the batch's delivered mails again.
 */
const BATCH_SIZE = 10;

export async function startMailWorkers(deps: MailWorkerDeps, options: MailWorkerOptions = {}): Promise<void> {
  const db = deps.database.db;
  const polling = options.pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds: options.pollingIntervalSeconds };
  const deliver = (jobs: JobContext<"mail", MailJob>[]) => deliverBatch(deps, jobs);
  // Two workers take transactional mail only, so a password reset is fetched as soon as it is
  // queued however long the announcement the others work through.
  await deps.jobs.workBatch("mail", { batchSize: BATCH_SIZE, concurrency: 2, minPriority: MAIL_PRIORITY.transactional, ...polling }, deliver);
  // Two take everything, highest priority first. Sends wait on the SMTP server, not the CPU; the
  // mailer's pool of connections (and its rate limit) sets the pace.
  await deps.jobs.workBatch("mail", { batchSize: BATCH_SIZE, concurrency: 2, ...polling }, deliver);
  await deps.jobs.work("mail.dead", {}, async (job) => {
    deps.log(`mail: ${job.id} to ${job.data.to} not delivered after ${mailQueues.mail.retryLimit + 1} attempts, kept for an admin`);
    await insertFailedMail(db, {
      id: job.id,
      ...withoutAudience(job.data),
      error: `Not delivered after ${mailQueues.mail.retryLimit + 1} attempts; the log names each attempt's error.`,
    });
  });
}

/** The message of a job, without who it was fanned out to. */
function withoutAudience(job: MailJob): Omit<MailJob, "announcementFor"> {
  const { announcementFor: _, ...message } = job;
  return message;
}

/** Each job of the batch succeeds or fails on its own; the recipients of its announcements are read in one query. */
async function deliverBatch(deps: MailWorkerDeps, jobs: JobContext<"mail", MailJob>[]): Promise<JobOutcome[]> {
  const audience = jobs.flatMap((job) => (job.data.announcementFor === undefined ? [] : [job.data.announcementFor]));
  const listeners = await listAnnouncementListeners(deps.database.db, audience);
  return Promise.all(
    jobs.map((job) => {
      const userId = job.data.announcementFor;
      if (userId !== undefined && !listeners.has(userId)) {
        deps.log(`mail: ${job.id} not sent: its recipient deleted the account or turned e-mail announcements off`);
        return null;
      }
      return deliver(deps, job);
    }),
  );
}

/**
 * A transient failure (connection refused or lost, timeout, 4xx) fails the job, so the queue
 * retries it with backoff; a permanent rejection (5xx: no such mailbox, policy) would fail the
 * same way every time, so it is recorded as failed mail at once and the job ends.
 */
async function deliver(deps: MailWorkerDeps, job: JobContext<"mail", MailJob>): Promise<JobOutcome> {
  const message = withoutAudience(job.data);
  try {
    await deps.mailer.send(message);
    return null;
  } catch (error) {
    const reason = describeError(error);
    if (!isPermanentRejection(error)) return new Error(reason);
    deps.log(`mail: ${job.id} to ${job.data.to} rejected permanently, kept for an admin: ${reason}`);
    try {
      await insertFailedMail(deps.database.db, { id: job.id, ...message, error: reason });
      return null;
    } catch (recordError) {
      return new Error(describeError(recordError));
    }
  }
}
