// Admins' announcements (SPEC.md §4): stored as a row and fanned out by a job enqueued in the
// same transaction, so an announcement the admin was told "is being sent" cannot be lost.
//
// The fan-out walks the users by id in batches. Each batch is one transaction: its notifications
// (unique per announcement and user) or mail jobs (one singleton key per recipient), and the
// cursor after it. A job killed half-way is retried by any instance and resumes after the last
// committed batch; a re-run writes nothing twice. The admin's "sent to N users" notice is written
// with the last batch, once.
import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { badRequest } from "../../http/errors";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import type { AnnouncementJobs, MailJobs } from "../../lib/job-queues";
import type { JobQueue } from "../../lib/jobs";
import { BLANK_APP_ANNOUNCEMENT, BLANK_EMAIL_MESSAGE, BLANK_EMAIL_SUBJECT, announcementSentMessage, emailAnnouncementSource } from "../../shared/announcements";
import { markdownToLine, parseMarkdown } from "../../shared/markdown";
import { type AuditBy, recordAudit } from "../audit";
import { enqueueAnnouncementMails } from "../mail";
import { announcementMail } from "./mails";
import type { AppAnnouncementBody, EmailAnnouncementBody } from "./model";
import {
  countAnnouncementRecipients,
  insertAnnouncement,
  insertAnnouncementNotifications,
  insertNotification,
  listAnnouncementRecipients,
  lockAnnouncement,
  saveAnnouncementProgress,
} from "./queries";

type AnnouncementQueue = Pick<JobQueue<AnnouncementJobs & MailJobs>, "send" | "sendMany" | "work">;
type AnnounceDeps = Pick<AppDeps, "database" | "log"> & { config: Pick<AppDeps["config"], "publicUrl"> } & { jobs: AnnouncementQueue };

const BATCH_SIZE = 500;

export const ANNOUNCEMENT_STARTED = "Your announcement is being sent. We'll notify you once it has reached everyone.";

async function storeAnnouncement(
  deps: AnnounceDeps,
  row: { kind: "app" | "email"; adminId: string; message: string; subject: string | null },
  by: AuditBy,
): Promise<void> {
  const id = newId();
  await deps.database.db.transaction(async (tx) => {
    await insertAnnouncement(tx, { id, ...row });
    await recordAudit(tx, by, {
      action: "announcement.send",
      target: { type: "announcement", id, label: row.subject ?? markdownToLine(parseMarkdown(row.message)).slice(0, 80) },
      after: { kind: row.kind, subject: row.subject, message: row.message },
    });
    await deps.jobs.send("announcement.fan-out", { announcementId: id }, { tx });
  });
}

/** How many users each kind of announcement reaches now (the admin is asked with these numbers). */
export async function countRecipients(db: Db): Promise<{ app: number; email: number }> {
  const [app, email] = await Promise.all([countAnnouncementRecipients(db, "app"), countAnnouncementRecipients(db, "email")]);
  return { app, email };
}

export async function sendAppAnnouncement(deps: AnnounceDeps, admin: Actor, body: AppAnnouncementBody, by: AuditBy): Promise<{ message: string }> {
  const message = body.message.trim();
  if (!message) throw badRequest(BLANK_APP_ANNOUNCEMENT, { message: BLANK_APP_ANNOUNCEMENT });
  await storeAnnouncement(deps, { kind: "app", adminId: admin.user.id, message, subject: null }, by);
  return { message: ANNOUNCEMENT_STARTED };
}

export async function sendEmailAnnouncement(deps: AnnounceDeps, admin: Actor, body: EmailAnnouncementBody, by: AuditBy): Promise<{ message: string }> {
  const subject = body.subject.trim();
  const message = body.message.trim();
  const fields: Record<string, string> = {};
  if (!subject) fields.subject = BLANK_EMAIL_SUBJECT;
  if (!message) fields.message = BLANK_EMAIL_MESSAGE;
  const first = fields.subject ?? fields.message;
  if (first) throw badRequest(first, fields);
  // The payload's creatorName (SPEC.md §3) is the announcing admin's display name, from the session.
  const source = emailAnnouncementSource(message, admin.user.displayName);
  await storeAnnouncement(deps, { kind: "email", adminId: admin.user.id, message: source, subject }, by);
  return { message: ANNOUNCEMENT_STARTED };
}

export type FanOutOptions = {
  batchSize?: number;
  /** Aborted when the queue stops: the job ends after the batch in hand, and another run resumes it. */
  signal?: AbortSignal;
  /** Called after each committed batch (1, 2, ...); tests use it to interrupt a fan-out. */
  afterBatch?: (batch: number) => void | Promise<void>;
};

/** Runs (or resumes) an announcement's fan-out to the end. Safe to call again at any point. */
export async function fanOutAnnouncement(deps: AnnounceDeps, announcementId: string, options: FanOutOptions = {}): Promise<void> {
  const batchSize = options.batchSize ?? BATCH_SIZE;
  for (let batch = 1; ; batch++) {
    if (options.signal?.aborted) throw new Error(`announcement ${announcementId}: stopped after ${batch - 1} batches, to be resumed`);
    const finished = await deps.database.db.transaction((tx) => fanOutBatch(deps, tx, announcementId, batchSize));
    if (finished) return;
    await options.afterBatch?.(batch);
  }
}

/** One batch in the caller's transaction; answers whether the announcement has reached everyone. */
async function fanOutBatch(deps: AnnounceDeps, tx: Db, announcementId: string, batchSize: number): Promise<boolean> {
  const announcement = await lockAnnouncement(tx, announcementId);
  if (!announcement || announcement.finishedAt) return true;
  const recipients = await listAnnouncementRecipients(tx, announcement.kind, announcement.lastUserId, batchSize);
  if (announcement.kind === "app") {
    await insertAnnouncementNotifications(
      tx,
      announcement.id,
      announcement.message,
      recipients.map((user) => user.id),
    );
  } else {
    const mail = await announcementMail(deps.config.publicUrl, announcement.subject ?? "", announcement.message);
    await enqueueAnnouncementMails(
      deps.jobs,
      tx,
      recipients.map((user) => ({
        message: { ...mail, to: user.email },
        userId: user.id,
        singletonKey: `announcement:${announcement.id}:${user.id}`,
      })),
    );
  }
  const sentCount = announcement.sentCount + recipients.length;
  const finished = recipients.length < batchSize;
  await saveAnnouncementProgress(tx, announcement.id, { lastUserId: recipients.at(-1)?.id ?? announcement.lastUserId, sentCount, finished });
  if (finished && announcement.adminId) {
    await insertNotification(tx, { userId: announcement.adminId, channelId: "general", message: announcementSentMessage(sentCount) });
  }
  return finished;
}

export async function startAnnouncementWorker(deps: AnnounceDeps): Promise<void> {
  await deps.jobs.work("announcement.fan-out", {}, (job) => fanOutAnnouncement(deps, job.data.announcementId, { signal: job.signal }));
}
