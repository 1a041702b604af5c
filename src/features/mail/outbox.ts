// Mail on the job queue. Features queue a `mail` job inside the same transaction as the change
// that causes it, so a mail exists exactly when its cause does; the worker (worker.ts) delivers it
// through the mailer on whichever instance is free. Failures retry with exponential backoff (5 s
// doubling, capped at one hour, for about two days); a permanent rejection (SMTP 5xx) or spent
// retries end as a failed mail that admins see and send again from /admin/mail.
//
// Delivery is at-least-once: a crash between the SMTP server's "250 OK" and the job's completion
// sends that message again (the worker completes its jobs a batch at a time, so at most the
// batches in hand when the process died); nothing can make it vanish.
//
// Bulk mail (announcements) is queued with a lower priority than everything else, so a password
// reset asked for during an announcement is fetched before the announcement's backlog.
import type { Db } from "../../lib/db";
import type { MailJob, MailJobs } from "../../lib/job-queues";
import type { JobQueue } from "../../lib/jobs";
import type { MailMessage } from "../../lib/mail";

/** What queuing mail needs of the app's job queue. */
export type MailQueue = Pick<JobQueue<MailJobs>, "send">;

/** Job priorities on the `mail` queue: higher is fetched first. */
export const MAIL_PRIORITY = { transactional: 0, bulk: -10 } as const;

export function toMailJob(message: MailMessage): MailJob {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    replyTo: message.replyTo ?? null,
    attachments: message.attachments?.length ? message.attachments : null,
  };
}

/**
 * Queues one message. Pass the transaction of the change that causes the mail: the job is
 * committed or rolled back with it. A `singletonKey` marks a message that must not be queued twice.
 */
export async function enqueueMail(jobs: MailQueue, tx: Db, message: MailMessage, options: { singletonKey?: string } = {}): Promise<void> {
  await jobs.send("mail", toMailJob(message), { tx, ...options, priority: MAIL_PRIORITY.transactional });
}

/**
 * Queues an announcement's mails, one per user, in one statement: after every waiting
 * transactional mail, and each skipped if its user has gone or switched e-mail announcements off
 * by the time it is sent. The singleton key names the mail; the fan-out's cursor, committed with
 * these jobs, is what keeps a recipient from being queued twice.
 */
export async function enqueueAnnouncementMails(
  jobs: Pick<JobQueue<MailJobs>, "sendMany">,
  tx: Db,
  mails: { message: MailMessage; userId: string; singletonKey: string }[],
): Promise<void> {
  await jobs.sendMany(
    "mail",
    mails.map(({ message, userId, singletonKey }) => ({
      data: { ...toMailJob(message), announcementFor: userId },
      singletonKey,
      priority: MAIL_PRIORITY.bulk,
    })),
    { tx },
  );
}

/** Queues several messages in the caller's transaction, in the order given. */
export async function enqueueMails(jobs: MailQueue, tx: Db, messages: MailMessage[]): Promise<void> {
  for (const message of messages) await enqueueMail(jobs, tx, message);
}
