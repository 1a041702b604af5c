// Notification rules (SPEC.md §2, §4, §7): reading one's own notifications, marking them read,
// notifying a user on a channel their switches allow, and the admins' announcements.
import type { Notification } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { badRequest, notFound } from "../../http/errors";
import type { Db } from "../../lib/db";
import type { ChannelId, UserSettings } from "../../shared/enums";
import { NOTIFICATIONS_PAGE_SIZE, pageInfo } from "../../shared/lists";
import {
  BELL_SIZE,
  BLANK_APP_ANNOUNCEMENT,
  BLANK_EMAIL_MESSAGE,
  BLANK_EMAIL_SUBJECT,
  type ChannelItem,
  type NotificationItem,
  announcementSentMessage,
} from "../../shared/notifications";
import type { AppAnnouncementBody, EmailAnnouncementBody, NotificationsPage } from "./model";
import {
  fanOutAppAnnouncement,
  fanOutEmailAnnouncement,
  findOwnNotification,
  findUserForNotice,
  insertNotification,
  listChannelsWithUnread,
  listLatestNotifications,
  listNotificationRows,
  markOwnRead,
} from "./queries";

export const toNotificationItem = (row: Notification): NotificationItem => ({
  _id: row.id,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  isRead: row.isRead,
  channelID: row.channelId,
});

export async function listNotifications(db: Db, userId: string, page = 1, channelId?: ChannelId): Promise<NotificationsPage> {
  const { rows, ...counted } = await listNotificationRows(db, userId, { channelId, page, pageSize: NOTIFICATIONS_PAGE_SIZE });
  return { notifications: rows.map(toNotificationItem), ...pageInfo(counted, page, NOTIFICATIONS_PAGE_SIZE) };
}

/** The bell's data: the latest few, rendered with every signed-in page. */
export async function loadBell(db: Db, userId: string): Promise<NotificationItem[]> {
  const rows = await listLatestNotifications(db, userId, BELL_SIZE);
  return rows.map(toNotificationItem);
}

/** Someone else's notification is as missing as one that never existed. */
export async function getOwnNotification(db: Db, userId: string, id: string): Promise<NotificationItem> {
  const row = await findOwnNotification(db, userId, id);
  if (!row) throw notFound("Page not found");
  return toNotificationItem(row);
}

export async function listChannels(db: Db, userId: string): Promise<ChannelItem[]> {
  const rows = await listChannelsWithUnread(db, userId);
  return rows.map((row) => ({ _id: row.id, title: row.title, icon: row.icon, photoURL: row.photoURL, unreadCount: Number(row.unreadCount) }));
}

/**
 * Ids that are not the caller's are silently skipped (not 404): the answer names the ids that
 * were marked, and nobody learns whether someone else's id exists.
 */
export async function markAsRead(db: Db, userId: string, ids: string[]): Promise<{ message: string; notificationIDs: string[] }> {
  const marked = await markOwnRead(db, userId, [...new Set(ids)]);
  return { message: marked.length === 1 ? "Notification marked as read." : `${marked.length} notifications marked as read.`, notificationIDs: marked };
}

/** General notifications are always on (SPEC.md §2); the others follow the user's app switch. */
export function appChannelEnabled(settings: UserSettings, channelId: ChannelId): boolean {
  if (channelId === "general") return true;
  const switches = settings.appNotifications;
  return channelId === "announcements" ? switches?.announcementsEnabled !== false : switches?.socialEnabled !== false;
}

/**
 * Notifies one user on a channel if their switches allow it. Pass the transaction of the change
 * that causes it, so the notification exists exactly when its cause does. Answers whether one was made.
 */
export async function notifyUser(db: Db, userId: string, channelId: ChannelId, message: string): Promise<boolean> {
  const user = await findUserForNotice(db, userId);
  if (!user || !appChannelEnabled(user.settings, channelId)) return false;
  await insertNotification(db, { userId, channelId, message });
  return true;
}

// ---------------------------------------------------------------------------------------------
// Announcements

type AnnounceDeps = Pick<AppDeps, "database" | "wakeOutbox" | "log">;

/**
 * Fan-outs run after the answer, each as one transaction of set-based statements (no per-user
 * loop): either every user's row is written together with the admin's "sent" notice, or none
 * is. They are tracked so a graceful stop waits for them.
 */
const running = new Set<Promise<void>>();

/** Resolves once every announcement in flight has finished (used by a graceful stop and by tests). */
export async function settleAnnouncements(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}

function runInBackground(deps: AnnounceDeps, label: string, work: () => Promise<void>): void {
  const task = work()
    .catch((error: unknown) => deps.log(`notifications: ${label} failed: ${error instanceof Error ? error.message : String(error)}`))
    .finally(() => running.delete(task));
  running.add(task);
}

export const ANNOUNCEMENT_STARTED = "Your announcement is being sent. We'll notify you once it has reached everyone.";

export function sendAppAnnouncement(deps: AnnounceDeps, admin: Actor, body: AppAnnouncementBody): { message: string } {
  const message = body.message.trim();
  if (!message) throw badRequest(BLANK_APP_ANNOUNCEMENT, { message: BLANK_APP_ANNOUNCEMENT });
  runInBackground(deps, "app announcement", async () => {
    await deps.database.db.transaction(async (tx) => {
      const sent = await fanOutAppAnnouncement(tx, message);
      await insertNotification(tx, { userId: admin.user.id, channelId: "general", message: announcementSentMessage(sent) });
    });
  });
  return { message: ANNOUNCEMENT_STARTED };
}

export function sendEmailAnnouncement(deps: AnnounceDeps, admin: Actor, body: EmailAnnouncementBody): { message: string } {
  const subject = body.subject.trim();
  const message = body.message.trim();
  const fields: Record<string, string> = {};
  if (!subject) fields.subject = BLANK_EMAIL_SUBJECT;
  if (!message) fields.message = BLANK_EMAIL_MESSAGE;
  const first = fields.subject ?? fields.message;
  if (first) throw badRequest(first, fields);
  // The payload's creatorName (SPEC.md §3) is the announcing admin's display name, from the session.
  const creatorName = admin.user.displayName;
  const text = `${message}\n\n${creatorName}\nWebstudio\n\nYou get this e-mail because announcements are on in your notification settings.`;
  runInBackground(deps, "e-mail announcement", async () => {
    await deps.database.db.transaction(async (tx) => {
      const sent = await fanOutEmailAnnouncement(tx, { subject, text });
      await insertNotification(tx, { userId: admin.user.id, channelId: "general", message: announcementSentMessage(sent) });
    });
    deps.wakeOutbox();
  });
  return { message: ANNOUNCEMENT_STARTED };
}
