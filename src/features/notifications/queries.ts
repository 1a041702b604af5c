// Notification SQL. Every read and write names the owner in its `where`, so a forgotten check
// finds nothing rather than someone else's notification.
import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import {
  type Announcement,
  type NewAnnouncement,
  type Notification,
  announcements,
  notificationChannels,
  notifications,
  projects,
  users,
} from "../../../db/schema";
import { type Db, type Page, countAtMost, pageOf, paged, preparedQuery } from "../../lib/db";
import { newId } from "../../lib/ids";
import type { ChannelId, ProjectStatus, UserSettings } from "../../shared/enums";

const newestFirst = [desc(notifications.createdAt), desc(notifications.id)];
const ownWhere = eq(notifications.userId, sql.placeholder("userId"));

// Every channel's notifications, the list's usual form (and the bell's): its page and count prepared.
const ownNotificationsPage = preparedQuery((db) =>
  db
    .select()
    .from(notifications)
    .where(ownWhere)
    .orderBy(...newestFirst)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("own_notifications_page"),
);
const ownNotificationsCount = preparedQuery((db) => countAtMost(db, notifications, ownWhere, sql.placeholder("limit")).prepare("own_notifications_count"));

export async function listNotificationRows(
  db: Db,
  userId: string,
  options: { channelId?: ChannelId; page: number; pageSize: number },
): Promise<Page<Notification>> {
  if (!options.channelId) {
    return paged(
      db,
      (limit, offset) => ownNotificationsPage(db).execute({ userId, limit, offset }),
      { count: (limit) => ownNotificationsCount(db).execute({ userId, limit }) },
      options,
    );
  }
  const where = and(eq(notifications.userId, userId), eq(notifications.channelId, options.channelId));
  const ordered = db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(...newestFirst);
  return paged(db, pageOf(ordered), { table: notifications, where }, options);
}

/** The newest notifications of a user, without a count: what the bell on every signed-in page shows (the list's first page). */
export async function listLatestNotifications(db: Db, userId: string, limit: number): Promise<Notification[]> {
  return ownNotificationsPage(db).execute({ userId, limit, offset: 0 });
}

export async function findOwnNotification(db: Db, userId: string, id: string): Promise<Notification | null> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Marks every unread notification of the caller read, and nobody else's. Answers how many. */
export async function markAllOwnRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
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

/** What a notification is about (at most one); its link follows from it. */
export type NoticeSubject = { projectId?: string; invoiceId?: string; bugReportId?: string };
export type NewNotice = { userId: string; channelId: ChannelId; message: string } & NoticeSubject;

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

const channelsWithUnread = preparedQuery((db) => {
  const unread = db
    .select({ channelId: notifications.channelId, unread: count().as("unread") })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder("userId")), eq(notifications.isRead, false)))
    .groupBy(notifications.channelId)
    .as("unread");
  return db
    .select({
      id: notificationChannels.id,
      title: notificationChannels.title,
      icon: notificationChannels.icon,
      photoURL: notificationChannels.photoURL,
      unreadCount: unread.unread,
    })
    .from(notificationChannels)
    .leftJoin(unread, eq(unread.channelId, notificationChannels.id))
    .orderBy(asc(notificationChannels.id))
    .prepare("channels_with_unread");
});

export async function listChannelsWithUnread(db: Db, userId: string): Promise<ChannelRow[]> {
  const rows = await channelsWithUnread(db).execute({ userId });
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

export async function insertAnnouncement(db: Db, row: NewAnnouncement): Promise<void> {
  await db.insert(announcements).values(row);
}

/** The announcement, locked until the transaction ends, so two runs of its fan-out take turns. */
export async function lockAnnouncement(db: Db, id: string): Promise<Announcement | null> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id)).for("update");
  return row ?? null;
}

export async function saveAnnouncementProgress(
  db: Db,
  id: string,
  progress: { lastUserId: string | null; sentCount: number; finished: boolean },
): Promise<void> {
  await db
    .update(announcements)
    .set({ lastUserId: progress.lastUserId, sentCount: progress.sentCount, ...(progress.finished ? { finishedAt: sql`now()` } : {}) })
    .where(eq(announcements.id, id));
}

export type AnnouncementRecipient = { id: string; email: string };

/** The next `limit` users after `afterUserId` (by id) whose announcements switch for `kind` is on (absent counts as on). */
/** The users whose switch for `kind` announcements is on (absent means on). */
function announcementsOn(kind: Announcement["kind"]) {
  const switches = kind === "app" ? sql`${users.settings} -> 'appNotifications'` : sql`${users.settings} -> 'emailNotifications'`;
  return sql`coalesce((${switches} ->> 'announcementsEnabled')::boolean, true)`;
}

/** How many users an announcement of `kind` reaches now, for the admin's confirmation. */
export async function countAnnouncementRecipients(db: Db, kind: Announcement["kind"]): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users).where(announcementsOn(kind));
  return row?.value ?? 0;
}

export async function listAnnouncementRecipients(
  db: Db,
  kind: Announcement["kind"],
  afterUserId: string | null,
  limit: number,
): Promise<AnnouncementRecipient[]> {
  const switchOn = announcementsOn(kind);
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(afterUserId === null ? switchOn : and(switchOn, gt(users.id, afterUserId)))
    .orderBy(asc(users.id))
    .limit(limit);
}

/** One notification per (announcement, user): a batch written again adds nothing. */
export async function insertAnnouncementNotifications(db: Db, announcementId: string, message: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(notifications)
    .values(userIds.map((userId) => ({ id: newId(), userId, channelId: "announcements" as const, message, announcementId })))
    .onConflictDoNothing({ target: [notifications.announcementId, notifications.userId] });
}
