// Notification constants and types (SPEC.md §2, §9) shared by the server, the bell and the
// notifications page. What only a list of notifications needs (its times) is in notification-time.ts
// and the announcements' messages in announcements.ts: the bell, on every signed-in page, loads this
// module when idle and needs neither until it is opened.

/** The bell shows at most this many notifications. */
export const BELL_SIZE = 5;
/** Later pages of a channel's history are appended after this delay, and their loading flag clears after it. */
export const CHANNEL_APPEND_DELAY_MS = 1_000;
/** Under this width only one of the list and the channel view shows. */
export const MOBILE_MAX_WIDTH = 600;

/** Where a notification leads: the page of what it is about. */
export type NotificationLink = { href: string; label: string };
/** A notification as the API and the islands carry it (SPEC.md §3, plus the link to its subject). */
export type NotificationItem = { _id: string; message: string; createdAt: string; isRead: boolean; channelID: ChannelKey; link: NotificationLink | null };
export type ChannelKey = "general" | "announcements" | "social";
export type ChannelItem = { _id: ChannelKey; title: string; icon: string; photoURL: string; unreadCount: number };

/** Whether the bell shows its unread dot: any of the first BELL_SIZE is unread. */
export const hasUnread = (notifications: readonly Pick<NotificationItem, "isRead">[]): boolean =>
  notifications.slice(0, BELL_SIZE).some((notification) => !notification.isRead);

/** Islands in one page share no store: they talk through these window events. */
export const NOTIFICATIONS_READ_EVENT = "notifications:read";
export const NOTIFICATIONS_REFRESH_EVENT = "notifications:refresh";
/** Every notification of the user was marked read (by the bell or the page). */
export const NOTIFICATIONS_ALL_READ_EVENT = "notifications:all-read";
