// Notification constants and formatting (SPEC.md §2, §4, §8, §9) shared by the server, the bell
// and the notifications page.
import { formatDate } from "./dates";

/** The bell shows at most this many notifications. */
export const BELL_SIZE = 5;
/** Later pages of a channel's history are appended after this delay, and their loading flag clears after it. */
export const CHANNEL_APPEND_DELAY_MS = 1_000;
/** Under this width only one of the list and the channel view shows. */
export const MOBILE_MAX_WIDTH = 600;

export const BLANK_APP_ANNOUNCEMENT = "Announcment message cannot be blank.";
export const BLANK_EMAIL_SUBJECT = "Email subject cannot be blank.";
export const BLANK_EMAIL_MESSAGE = "Email message cannot be blank.";
export const ANNOUNCEMENT_NOTICE = "This operation might take a while. You can safely exit this page and we'll notify you once the operation is complete";

export const announcementSentMessage = (count: number): string => `Your announcement was sent to ${count} ${count === 1 ? "user" : "users"}.`;

/** Where a notification leads: the page of what it is about. */
export type NotificationLink = { href: string; label: string };
/** A notification as the API and the islands carry it (SPEC.md §3, plus the link to its subject). */
export type NotificationItem = { _id: string; message: string; createdAt: string; isRead: boolean; channelID: ChannelKey; link: NotificationLink | null };
export type ChannelKey = "general" | "announcements" | "social";
export type ChannelItem = { _id: ChannelKey; title: string; icon: string; photoURL: string; unreadCount: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string): string => `${count} ${unit}${count === 1 ? "" : "s"} ago`;

/** Relative within a week ('5 minutes ago'), a long date ('March 3, 2026') for older ones. */
export function formatNotificationTime(iso: string, now: number): string {
  const then = new Date(iso).getTime();
  const elapsed = Math.max(0, now - then);
  if (elapsed < MINUTE) return "Just now";
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return plural(Math.floor(elapsed / DAY), "day");
  return formatDate(then);
}

/** Whether the bell shows its unread dot: any of the first BELL_SIZE is unread. */
export const hasUnread = (notifications: readonly Pick<NotificationItem, "isRead">[]): boolean =>
  notifications.slice(0, BELL_SIZE).some((notification) => !notification.isRead);

/** Islands in one page share no store: they talk through these window events. */
export const NOTIFICATIONS_READ_EVENT = "notifications:read";
export const NOTIFICATIONS_REFRESH_EVENT = "notifications:refresh";
/** Every notification of the user was marked read (by the bell or the page). */
export const NOTIFICATIONS_ALL_READ_EVENT = "notifications:all-read";
