// The notifications API's shapes (SPEC.md §3, §7; DESIGN.md "API contract").
import { t } from "elysia";
import { PageNumber, pageAnswer } from "../../http/schemas";
import { ID_PATTERN } from "../../lib/ids";

const Id = t.String({ pattern: ID_PATTERN, error: "Expected a notification id" });
export const ChannelIdSchema = t.Union([t.Literal("general"), t.Literal("announcements"), t.Literal("social")], {
  error: "Expected general, announcements or social",
});

export const NotificationModel = t.Object({
  _id: t.String(),
  message: t.String(),
  createdAt: t.String(),
  isRead: t.Boolean(),
  channelID: ChannelIdSchema,
  link: t.Union([t.Object({ href: t.String(), label: t.String() }), t.Null()]),
});

export const NotificationsPage = pageAnswer("notifications", NotificationModel);
export type NotificationsPage = typeof NotificationsPage.static;

export const PageQuery = t.Object({ page: PageNumber });
export const ChannelParams = t.Object({ channelId: ChannelIdSchema });

export const ChannelModel = t.Object({
  _id: ChannelIdSchema,
  title: t.String(),
  icon: t.String(),
  photoURL: t.String(),
  unreadCount: t.Number(),
});
export const ChannelsAnswer = t.Object({ channels: t.Array(ChannelModel) });

/** At most this many ids per mark-as-read call. */
export const MAX_MARK_IDS = 100;
export const MarkAsReadBody = t.Object(
  { notificationIDs: t.Array(Id, { minItems: 1, maxItems: MAX_MARK_IDS, error: `Expected 1 to ${MAX_MARK_IDS} notification ids` }) },
  { additionalProperties: false },
);
export const MarkAsReadAnswer = t.Object({ message: t.String(), notificationIDs: t.Array(t.String()) });
export const MarkAllAsReadAnswer = t.Object({ message: t.String(), markedCount: t.Number() });

const MAX_MESSAGE = 5_000;
export const AppAnnouncementBody = t.Object({ message: t.String({ maxLength: MAX_MESSAGE }) }, { additionalProperties: false });
export const EmailAnnouncementBody = t.Object(
  { subject: t.String({ maxLength: 200 }), message: t.String({ maxLength: MAX_MESSAGE }) },
  { additionalProperties: false },
);
export type AppAnnouncementBody = typeof AppAnnouncementBody.static;
export type EmailAnnouncementBody = typeof EmailAnnouncementBody.static;
