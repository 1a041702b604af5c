// Notification SQL. Every read and write names the owner in its `where`, so a forgotten check
// finds nothing rather than someone else's notification.
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { type Notification, mailOutbox, notificationChannels, notifications, projects, users } from "../../../db/schema";
import { type Db, type Page, paged, preparedQuery } from "../../lib/db";
import { newId } from "../../lib/ids";
import type { ChannelId, ProjectStatus, UserSettings } from "../../shared/enums";

export async function listNotificationRows(
  db: Db,
  userId: string,
  options: { channelId?: ChannelId; page: number; pageSize: number },
): Promise<Page<Notification>> {
  const where = options.channelId ? and(eq(notifications.userId, userId), eq(notifications.channelId, options.channelId)) : eq(notifications.userId, userId);
  const ordered = db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id));
  return paged(db, ordered, { table: notifications, where }, options);
}

const latestNotifications = preparedQuery((db) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder("userId")))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(sql.placeholder("limit"))
    .prepare("latest_notifications"),
);

/** The newest notifications of a user, without a count: what the bell on every signed-in page shows. */
export async function listLatestNotifications(db: Db, userId: string, limit: number): Promise<Notification[]> {
  return latestNotifications(db).execute({ userId, limit });
}

export async function findOwnNotification(db: Db, userId: string, id: string): Promise<Notification | null> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Marks the caller's own notifications read; ids of anyone else's match nothing. Answers the ids found. */
export async function markOwnRead(db: Db, userId: string, ids: string[]): Promise<string[]> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

export type NewNotice = { userId: string; channelId: ChannelId; message: string };

export async function insertNotification(db: Db, values: NewNotice): Promise<string> {
  const id = newId();
  await db.insert(notifications).values({ id, ...values });
  return id;
}

/** One statement for any number of notifications; ids follow the order given. */
export async function insertNotifications(db: Db, rows: NewNotice[]): Promise<void> {
  if (rows.length > 0) await db.insert(notifications).values(rows.map((row) => ({ id: newId(), ...row })));
}

export type ChannelRow = { id: ChannelId; title: string; icon: string; photoURL: string; unreadCount: number };

export async function listChannelsWithUnread(db: Db, userId: string): Promise<ChannelRow[]> {
  const unread = db
    .select({ channelId: notifications.channelId, unread: count().as("unread") })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .groupBy(notifications.channelId)
    .as("unread");
  const rows = await db
    .select({
      id: notificationChannels.id,
      title: notificationChannels.title,
      icon: notificationChannels.icon,
      photoURL: notificationChannels.photoURL,
      unreadCount: unread.unread,
    })
    .from(notificationChannels)
    .leftJoin(unread, eq(unread.channelId, notificationChannels.id))
    .orderBy(asc(notificationChannels.id));
  return rows.map((row) => ({ ...row, unreadCount: Number(row.unreadCount ?? 0) }));
}

export type UserForNotice = { id: string; email: string; displayName: string; settings: UserSettings };

export async function findUserForNotice(db: Db, userId: string): Promise<UserForNotice | null> {
  const [row] = await listUsersForNotice(db, [userId]);
  return row ?? null;
}

/** The users among `userIds` that exist, in no particular order. */
export async function listUsersForNotice(db: Db, userIds: string[]): Promise<UserForNotice[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, displayName: users.displayName, settings: users.settings })
    .from(users)
    .where(inArray(users.id, userIds));
}

export type ProjectEventFacts = {
  id: string;
  creatorId: string;
  projectName: string;
  status: ProjectStatus;
  receivedPayment: boolean;
  accessCode: string | null;
};

/** What the project events compare, for the projects among `ids` that exist. */
export async function listProjectEventFacts(db: Db, ids: string[]): Promise<ProjectEventFacts[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: projects.id,
      creatorId: projects.creatorId,
      projectName: projects.projectName,
      status: projects.status,
      receivedPayment: projects.receivedPayment,
      accessCode: projects.accessCode,
    })
    .from(projects)
    .where(inArray(projects.id, ids));
}

/** The time part of our ids (see src/lib/ids.ts), so rows made in SQL sort with the rest. */
const idPrefix = (): string => newId().slice(0, 10);
/** 16 random characters from the id alphabet (hex digits are a subset of it). */
const randomIdTail = sql`left(md5(gen_random_uuid()::text), 16)`;

/** One statement: a notification for every user whose announcements switch is on (absent counts as on). */
export async function fanOutAppAnnouncement(db: Db, message: string): Promise<number> {
  const rows = await db.execute<{ count: number }>(sql`
    with inserted as (
      insert into ${notifications} (id, user_id, channel_id, message)
      select ${idPrefix()} || ${randomIdTail}, u.id, 'announcements', ${message}
      from ${users} u
      where coalesce((u.settings -> 'appNotifications' ->> 'announcementsEnabled')::boolean, true)
      returning 1
    )
    select count(*)::int as count from inserted`);
  return readCount(rows);
}

/** One statement: a queued mail for every user whose e-mail announcements switch is on. */
export async function fanOutEmailAnnouncement(db: Db, mail: { subject: string; text: string }): Promise<number> {
  const rows = await db.execute<{ count: number }>(sql`
    with inserted as (
      insert into ${mailOutbox} (id, "to", subject, text)
      select ${idPrefix()} || ${randomIdTail}, u.email, ${mail.subject}, ${mail.text}
      from ${users} u
      where coalesce((u.settings -> 'emailNotifications' ->> 'announcementsEnabled')::boolean, true)
      returning 1
    )
    select count(*)::int as count from inserted`);
  return readCount(rows);
}

/** PGlite answers `{rows}`, postgres-js an array of rows. */
function readCount(result: unknown): number {
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  const first = rows[0] as { count?: unknown } | undefined;
  return Number(first?.count ?? 0);
}
