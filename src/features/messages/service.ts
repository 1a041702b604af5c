// A project's message thread between its customer and the studio (any admin). Plain text up to
// 5,000 characters with images or PDFs attached, checked by their bytes like the wizard's uploads
// and kept under private storage keys that only this API serves. Each side has a read mark; a side
// that leaves a message unread for a few minutes gets one mail per burst (a delayed job with a
// singleton key per project and side), never one per message.
import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { badRequest, notFound, payloadTooLarge, unsupportedMediaType } from "../../http/errors";
import { displayName } from "../../http/multipart";
import type { Db } from "../../lib/db";
import { isId, newId } from "../../lib/ids";
import { detectImageType, imageExtension, isPdf } from "../../lib/images";
import type { MailJobs, MessageJobs, WebhookJobs } from "../../lib/job-queues";
import type { JobQueue } from "../../lib/jobs";
import { PRIVATE_PREFIX, type UploadOwner, removeStoredObjects } from "../../lib/storage";
import type { MessageSide } from "../../shared/enums";
import {
  ATTACHMENT_TOO_LARGE,
  ATTACHMENT_WRONG_TYPE,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENT_BYTES,
  MAX_MESSAGE_LENGTH,
  MESSAGES_PAGE_SIZE,
  MESSAGE_EMPTY,
  MESSAGE_TOO_LONG,
  TOO_MANY_ATTACHMENTS,
} from "../../shared/messages";
import { recordActivity } from "../activity";
import { enqueueMail } from "../mail";
import { findNoticeRecipient } from "../notifications";
import { emitWebhookEvent } from "../webhooks";
import { customerUnreadMail, studioUnreadMail } from "./mails";
import type { MessageItem, PostMessageForm, Thread } from "./model";
import {
  type MessageRow,
  type ThreadProject,
  countUnreadRows,
  findAttachmentRow,
  findThreadProject,
  insertMessage,
  listAttachmentKeys,
  listAttachmentRows,
  listMessageRows,
  listUnmailedUnread,
  markThreadMailed,
  markThreadRead,
  recordThreadMessage,
  selectHeldAttachmentKeys,
} from "./queries";

/** How long a message may stay unread before the other side is mailed about it. */
export const UNREAD_MAIL_DELAY_SECONDS = 5 * 60;
const THREAD_NOT_FOUND = "Project not found.";

type Deps = Pick<AppDeps, "database" | "storage" | "log" | "config"> & { jobs: Pick<JobQueue<MessageJobs & MailJobs & WebhookJobs>, "send" | "work"> };

/** The project when the actor may see it, with the side the actor speaks for; else 404. */
async function openThreadProject(db: Db, actor: Actor, projectId: string): Promise<ThreadProject & { side: MessageSide }> {
  const project = isId(projectId) ? await findThreadProject(db, projectId, { userId: actor.user.id, isAdmin: actor.isAdmin }) : null;
  if (!project) throw notFound(THREAD_NOT_FOUND);
  return { ...project, side: project.creatorId === actor.user.id ? "customer" : "studio" };
}

const attachmentUrl = (projectId: string, attachmentId: string) => `/api/projects/${projectId}/messages/attachments/${attachmentId}`;

async function toItems(db: Db, projectId: string, rows: MessageRow[]): Promise<MessageItem[]> {
  const attachments = await listAttachmentRows(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    _id: row.id,
    side: row.side,
    author: row.authorId === null ? null : { _id: row.authorId, displayName: row.authorName ?? "" },
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    attachments: attachments
      .filter((attachment) => attachment.messageId === row.id)
      .map((attachment) => ({
        _id: attachment.id,
        fileName: attachment.fileName,
        contentType: attachment.contentType,
        size: attachment.size,
        url: attachmentUrl(projectId, attachment.id),
      })),
  }));
}

/** The latest messages (or those before `before`), oldest first; opening the latest marks them read. */
export async function readThread(deps: Pick<AppDeps, "database">, actor: Actor, projectId: string, before?: string): Promise<Thread> {
  const db = deps.database.db;
  const project = await openThreadProject(db, actor, projectId);
  if (before !== undefined && !isId(before)) throw badRequest("Expected a message id.", { before: "Expected a message id" });
  const rows = await listMessageRows(db, project.id, { before, limit: MESSAGES_PAGE_SIZE + 1 });
  const hasOlder = rows.length > MESSAGES_PAGE_SIZE;
  const page = hasOlder ? rows.slice(1) : rows;
  if (before === undefined) await markThreadRead(db, project.id, project.side);
  return { messages: await toItems(db, project.id, page), hasOlder, side: project.side };
}

/** Messages from the other side the actor's side has not read (0 for a project they cannot see). */
export async function countUnreadMessages(deps: Pick<AppDeps, "database">, actor: Actor, projectId: string): Promise<number> {
  const db = deps.database.db;
  const project = await findThreadProject(db, projectId, { userId: actor.user.id, isAdmin: actor.isAdmin });
  return project ? countUnreadRows(db, project.id, project.creatorId === actor.user.id ? "customer" : "studio") : 0;
}

export async function markRead(deps: Pick<AppDeps, "database">, actor: Actor, projectId: string): Promise<{ message: string }> {
  const project = await openThreadProject(deps.database.db, actor, projectId);
  await markThreadRead(deps.database.db, project.id, project.side);
  return { message: "Marked as read." };
}

const ATTACHMENTS_PREFIX = `${PRIVATE_PREFIX}projects/`;

/** Every key under private/projects/ is an attachment: one without its row is an orphan (decision 082). */
export function messageAttachmentUploads(db: Db): UploadOwner {
  return { prefix: ATTACHMENTS_PREFIX, heldKeys: (keys) => selectHeldAttachmentKeys(db, keys) };
}

type CheckedFile = { id: string; file: File; bytes: Uint8Array; contentType: string; key: string };

/** Refuses what cannot be attached: too many (400), too large (413), not an image or PDF (415). */
async function checkAttachments(projectId: string, files: File[]): Promise<CheckedFile[]> {
  if (files.length > MAX_ATTACHMENTS) throw badRequest(TOO_MANY_ATTACHMENTS, { attachments: `At most ${MAX_ATTACHMENTS} files` });
  for (const file of files) {
    if (file.size > MAX_ATTACHMENT_BYTES) throw payloadTooLarge(`${ATTACHMENT_TOO_LARGE} "${displayName(file)}" is too large.`);
  }
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const image = detectImageType(bytes);
    const contentType = image ?? (isPdf(bytes) ? "application/pdf" : null);
    if (!contentType) throw unsupportedMediaType(`${ATTACHMENT_WRONG_TYPE} "${displayName(file)}" is not one of them.`);
    const id = newId();
    const extension = image ? imageExtension(image) : "pdf";
    checked.push({ id, file, bytes, contentType, key: `${ATTACHMENTS_PREFIX}${projectId}/messages/${id}.${extension}` });
  }
  return checked;
}

export async function postMessage(deps: Deps, actor: Actor, projectId: string, form: PostMessageForm): Promise<{ message: string; item: MessageItem }> {
  const db = deps.database.db;
  const project = await openThreadProject(db, actor, projectId);
  const body = (form.body ?? "").trim();
  const files = form.attachments ?? [];
  if (body.length > MAX_MESSAGE_LENGTH) throw badRequest(MESSAGE_TOO_LONG, { body: `At most ${MAX_MESSAGE_LENGTH.toLocaleString("en-US")} characters` });
  if (body === "" && files.length === 0) throw badRequest(MESSAGE_EMPTY, { body: "Required" });
  const checked = await checkAttachments(project.id, files);
  const stored: string[] = [];
  try {
    for (const file of checked) {
      await deps.storage.put(file.key, file.bytes, file.contentType);
      stored.push(file.key);
    }
    const messageId = newId();
    const recipient: MessageSide = project.side === "customer" ? "studio" : "customer";
    const createdAt = await db.transaction(async (tx) => {
      const createdAt = await insertMessage(
        tx,
        { id: messageId, projectId: project.id, authorId: actor.user.id, side: project.side, body },
        checked.map((file) => ({
          id: file.id,
          messageId,
          projectId: project.id,
          fileName: displayName(file.file),
          contentType: file.contentType,
          size: file.bytes.length,
          storageKey: file.key,
        })),
      );
      await recordThreadMessage(tx, project.id, project.side);
      await recordActivity(tx, {
        projectId: project.id,
        actorId: actor.user.id,
        kind: "message_posted",
        details: checked.length ? { count: checked.length } : {},
      });
      await emitWebhookEvent(deps, tx, "message.posted", {
        messageId,
        projectId: project.id,
        projectName: project.projectName,
        side: project.side,
        authorId: actor.user.id,
        authorName: actor.user.displayName,
        body,
        attachmentCount: checked.length,
      });
      // One job per burst: while one waits, further sends with its key are dropped.
      await deps.jobs.send(
        "messages.unread-mail",
        { projectId: project.id, side: recipient },
        { tx, startAfter: UNREAD_MAIL_DELAY_SECONDS, singletonKey: `${project.id}:${recipient}` },
      );
      return createdAt;
    });
    const item: MessageItem = {
      _id: messageId,
      side: project.side,
      author: { _id: actor.user.id, displayName: actor.user.displayName },
      body,
      createdAt: createdAt.toISOString(),
      attachments: checked.map((file) => ({
        _id: file.id,
        fileName: displayName(file.file),
        contentType: file.contentType,
        size: file.bytes.length,
        url: attachmentUrl(project.id, file.id),
      })),
    };
    return { message: "Message sent.", item };
  } catch (error) {
    await removeStoredObjects(deps, stored);
    throw error;
  }
}

/** An attachment's bytes, for the project's customer and admins only (404 for anyone else). */
export async function readAttachment(
  deps: Pick<AppDeps, "database" | "storage">,
  actor: Actor,
  projectId: string,
  attachmentId: string,
): Promise<{ body: Uint8Array; contentType: string; fileName: string }> {
  const db = deps.database.db;
  const project = await openThreadProject(db, actor, projectId);
  const attachment = isId(attachmentId) ? await findAttachmentRow(db, project.id, attachmentId) : null;
  const object = attachment ? await deps.storage.get(attachment.storageKey) : null;
  if (!attachment || !object) throw notFound("Attachment not found.");
  return { body: object.body, contentType: attachment.contentType, fileName: attachment.fileName };
}

/**
 * The delayed job: mails `side` about messages it has neither read nor been mailed about, once.
 * The customer's general e-mail switch is respected; the studio is mailed at PROVIDER_EMAIL.
 */
export async function mailUnreadMessages(deps: Deps, data: MessageJobs["messages.unread-mail"]): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const project = await findThreadProject(tx, data.projectId, { userId: "", isAdmin: true });
    if (!project) return;
    const unread = await listUnmailedUnread(tx, project.id, data.side);
    if (unread.count === 0 || !unread.latest) return;
    await markThreadMailed(tx, project.id, data.side, unread.latest);
    const link = `${deps.config.publicUrl}/projects/${project.id}/messages`;
    const count = unread.count === 1 ? "a new message" : `${unread.count} new messages`;
    const excerpt = (unread.body ?? "").length > 300 ? `${unread.body?.slice(0, 297)}...` : (unread.body ?? "");
    const about = { projectName: project.projectName, count, excerpt, link };
    if (data.side === "studio") {
      await enqueueMail(deps.jobs, tx, await studioUnreadMail(deps, about));
      return;
    }
    const customer = await findNoticeRecipient(tx, project.creatorId);
    if (!customer || customer.settings.emailNotifications?.generalEnabled === false) return;
    await enqueueMail(deps.jobs, tx, await customerUnreadMail(deps, customer, about));
  });
}

export async function startMessageWorker(deps: Deps): Promise<void> {
  await deps.jobs.work("messages.unread-mail", {}, (job) => mailUnreadMessages(deps, job.data));
}

/** The stored attachments of these projects' threads, read inside the caller's transaction (a deletion removes them after). */
export function attachmentKeysOfProjects(tx: Db, projectIds: string[]): Promise<string[]> {
  return listAttachmentKeys(tx, projectIds);
}
