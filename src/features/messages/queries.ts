// SQL for project threads. The project is found with the viewer in the `where` (its creator or an
// admin), so a forgotten check finds nothing rather than someone else's thread.
import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import { type MessageAttachment, messageAttachments, messageThreads, projectMessages, projects, users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import type { MessageSide } from "../../shared/enums";

export type ThreadViewer = { userId: string; isAdmin: boolean };
export type ThreadProject = { id: string; creatorId: string; projectName: string };
export type MessageRow = { id: string; side: MessageSide; body: string; createdAt: Date; authorId: string | null; authorName: string | null };

export async function findThreadProject(db: Db, projectId: string, viewer: ThreadViewer): Promise<ThreadProject | null> {
  const where = viewer.isAdmin ? eq(projects.id, projectId) : and(eq(projects.id, projectId), eq(projects.creatorId, viewer.userId));
  const [row] = await db.select({ id: projects.id, creatorId: projects.creatorId, projectName: projects.projectName }).from(projects).where(where).limit(1);
  return row ?? null;
}

/** Up to `limit` messages before the message `before` (or the latest), oldest first. */
export async function listMessageRows(db: Db, projectId: string, options: { before?: string; limit: number }): Promise<MessageRow[]> {
  const where = options.before
    ? and(eq(projectMessages.projectId, projectId), lt(projectMessages.id, options.before))
    : eq(projectMessages.projectId, projectId);
  const rows = await db
    .select({
      id: projectMessages.id,
      side: projectMessages.side,
      body: projectMessages.body,
      createdAt: projectMessages.createdAt,
      authorId: projectMessages.authorId,
      authorName: users.displayName,
    })
    .from(projectMessages)
    .leftJoin(users, eq(users.id, projectMessages.authorId))
    .where(where)
    .orderBy(desc(projectMessages.id))
    .limit(options.limit);
  return rows.reverse();
}

export async function listAttachmentRows(db: Db, messageIds: string[]): Promise<MessageAttachment[]> {
  if (messageIds.length === 0) return [];
  return db.select().from(messageAttachments).where(inArray(messageAttachments.messageId, messageIds)).orderBy(asc(messageAttachments.id));
}

export async function findAttachmentRow(db: Db, projectId: string, attachmentId: string): Promise<MessageAttachment | null> {
  const [row] = await db
    .select()
    .from(messageAttachments)
    .where(and(eq(messageAttachments.id, attachmentId), eq(messageAttachments.projectId, projectId)))
    .limit(1);
  return row ?? null;
}

export async function listAttachmentKeys(db: Db, projectIds: string[]): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const rows = await db.select({ key: messageAttachments.storageKey }).from(messageAttachments).where(inArray(messageAttachments.projectId, projectIds));
  return rows.map((row) => row.key);
}

export async function insertMessage(
  db: Db,
  message: typeof projectMessages.$inferInsert,
  attachments: (typeof messageAttachments.$inferInsert)[],
): Promise<Date> {
  const [row] = await db.insert(projectMessages).values(message).returning({ createdAt: projectMessages.createdAt });
  if (attachments.length > 0) await db.insert(messageAttachments).values(attachments);
  return row!.createdAt;
}

const readColumn = { customer: messageThreads.customerReadAt, studio: messageThreads.studioReadAt } as const;
const mailedColumn = { customer: messageThreads.customerMailedAt, studio: messageThreads.studioMailedAt } as const;
const readKey = { customer: "customerReadAt", studio: "studioReadAt" } as const;
const mailedKey = { customer: "customerMailedAt", studio: "studioMailedAt" } as const;

/**
 * The thread now ends with a message written in this transaction; its writer has read everything
 * up to it. Times are the transaction's now(), the message's own created_at, to the microsecond.
 */
export async function recordThreadMessage(db: Db, projectId: string, side: MessageSide): Promise<void> {
  const values = { lastMessageAt: sql`now()`, lastMessageSide: side, [readKey[side]]: sql`now()` };
  await db
    .insert(messageThreads)
    .values({ projectId, ...values })
    .onConflictDoUpdate({ target: messageThreads.projectId, set: values });
}

/** The side has read the thread up to now (no row: nothing to read yet). */
export async function markThreadRead(db: Db, projectId: string, side: MessageSide): Promise<void> {
  await db
    .update(messageThreads)
    .set({ [readKey[side]]: sql`now()` })
    .where(eq(messageThreads.projectId, projectId));
}

/** Messages from the other side that `side` has not read. */
export async function countUnreadRows(db: Db, projectId: string, side: MessageSide): Promise<number> {
  const [row] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(projectMessages)
    .leftJoin(messageThreads, eq(messageThreads.projectId, projectMessages.projectId))
    .where(
      and(
        eq(projectMessages.projectId, projectId),
        ne(projectMessages.side, side),
        gt(projectMessages.createdAt, sql`coalesce(${readColumn[side]}, '-infinity'::timestamptz)`),
      ),
    );
  return row?.unread ?? 0;
}

/** Messages from the other side that `side` has neither read nor been mailed about. */
/** `latest` is Postgres's own text of the newest one's time, so marking it mailed loses no microseconds. */
export async function listUnmailedUnread(db: Db, projectId: string, side: MessageSide): Promise<{ count: number; latest: string | null; body: string | null }> {
  const since = sql`greatest(coalesce(${readColumn[side]}, '-infinity'::timestamptz), coalesce(${mailedColumn[side]}, '-infinity'::timestamptz))`;
  const rows = await db
    .select({ createdAt: sql<string>`${projectMessages.createdAt}::text`, body: projectMessages.body })
    .from(projectMessages)
    .innerJoin(messageThreads, eq(messageThreads.projectId, projectMessages.projectId))
    .where(and(eq(projectMessages.projectId, projectId), ne(projectMessages.side, side), gt(projectMessages.createdAt, since)))
    .orderBy(desc(projectMessages.id));
  return { count: rows.length, latest: rows[0]?.createdAt ?? null, body: rows[0]?.body ?? null };
}

export async function markThreadMailed(db: Db, projectId: string, side: MessageSide, through: string): Promise<void> {
  await db
    .update(messageThreads)
    .set({ [mailedKey[side]]: sql`${through}::timestamptz` })
    .where(eq(messageThreads.projectId, projectId));
}

/** The attachment keys among `keys` that an attachment row still names (the orphaned-upload sweep). */
export async function selectHeldAttachmentKeys(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.select({ key: messageAttachments.storageKey }).from(messageAttachments).where(inArray(messageAttachments.storageKey, keys));
  return rows.map((row) => row.key);
}
