// Notification rules (SPEC.md §2, §4, §7): reading one's own notifications, marking them read,
// notifying a user on a channel their switches allow. Announcements are in announcements.ts.
import type { Notification } from "../../../db/schema";
import { notFound } from "../../http/errors";
import type { Db } from "../../lib/db";
import type { ChannelId, UserSettings } from "../../shared/enums";
import { NOTIFICATIONS_PAGE_SIZE, pageInfo } from "../../shared/lists";
import { BELL_SIZE, type ChannelItem, type NotificationItem, type NotificationLink } from "../../shared/notifications";
import type { NotificationsPage } from "./model";
import {
  type NewNotice,
  type UserForNotice,
  findOwnNotification,
  findUserForNotice,
  insertNotification,
  insertNotifications,
  listChannelsWithUnread,
  listLatestNotifications,
  listNotificationRows,
  markAllOwnRead,
  markOwnRead,
} from "./queries";

/** The page of what a notification is about; none when it is about nothing, or its subject is gone. */
function linkOf(row: Notification): NotificationLink | null {
  if (row.invoiceId) return { href: `/invoices/${row.invoiceId}`, label: "View invoice" };
  if (row.projectId) return { href: `/projects/${row.projectId}/status`, label: "View project" };
  if (row.bugReportId) return { href: "/settings/bugreports", label: "View your bug reports" };
  return null;
}

export const toNotificationItem = (row: Notification): NotificationItem => ({
  _id: row.id,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  isRead: row.isRead,
  channelID: row.channelId,
  link: linkOf(row),
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

/** Marks all of the caller's notifications read; nobody else's are touched. */
export async function markAllAsRead(db: Db, userId: string): Promise<{ message: string; markedCount: number }> {
  const markedCount = await markAllOwnRead(db, userId);
  return { message: markedCount === 1 ? "1 notification marked as read." : `${markedCount} notifications marked as read.`, markedCount };
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

/** Adds these notices inside the caller's transaction, so they commit with the change they tell of. */
export async function addNotifications(tx: Db, notices: NewNotice[]): Promise<void> {
  await insertNotifications(tx, notices);
}

/** What a notice to this user needs of them (name, e-mail, settings), or null when the account is gone. */
export function findNoticeRecipient(db: Db, userId: string): Promise<UserForNotice | null> {
  return findUserForNotice(db, userId);
}
