// /api/notifications (the caller's own, SPEC.md §7 with DESIGN.md's changes) and the admins'
// announcements under /api/admin/notifications.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { MessageAnswer, operation } from "../../http/openapi";
import { strictBody } from "../../http/unknown-fields";
import { auditBy } from "../audit";
import { sendAppAnnouncement, sendEmailAnnouncement } from "./announcements";
import {
  AppAnnouncementBody,
  ChannelParams,
  ChannelsAnswer,
  EmailAnnouncementBody,
  MarkAllAsReadAnswer,
  MarkAsReadAnswer,
  MarkAsReadBody,
  NotificationsPage,
  PageQuery,
} from "./model";
import { listChannels, listNotifications, markAllAsRead, markAsRead } from "./service";

export const notificationsApi = (deps: AppDeps) =>
  new Elysia({ name: "notifications-api", prefix: "/api/notifications" })
    .use(context(deps))
    .guard({ auth: "user" })
    .get("", ({ actor, query }) => listNotifications(deps.database.db, actor.user.id, query.page ?? 1), {
      query: PageQuery,
      response: NotificationsPage,
      detail: operation("Notifications", "signed-in", "Your notifications, newest first"),
    })
    .get("/channels", async ({ actor }) => ({ channels: await listChannels(deps.database.db, actor.user.id) }), {
      response: ChannelsAnswer,
      detail: operation("Notifications", "signed-in", "Your notification channels with unread counts"),
    })
    .get("/channel/:channelId", ({ actor, params, query }) => listNotifications(deps.database.db, actor.user.id, query.page ?? 1, params.channelId), {
      params: ChannelParams,
      query: PageQuery,
      response: NotificationsPage,
      detail: operation("Notifications", "signed-in", "Your notifications in one channel"),
    })
    .patch("/markasread", ({ actor, body }) => markAsRead(deps.database.db, actor.user.id, body.notificationIDs), {
      ...strictBody(MarkAsReadBody),
      response: MarkAsReadAnswer,
      detail: operation("Notifications", "signed-in", "Mark notifications read"),
    })
    .patch("/markallasread", ({ actor }) => markAllAsRead(deps.database.db, actor.user.id), {
      response: MarkAllAsReadAnswer,
      detail: operation("Notifications", "signed-in", "Mark all your notifications read"),
    });

/** Announcements to every user (admins only; the role is checked before the body is looked at). */
export const adminNotificationsApi = (deps: AppDeps) =>
  new Elysia({ name: "admin-notifications-api", prefix: "/api/admin/notifications" })
    .use(context(deps))
    .guard({ auth: "admin" })
    .post("/appannouncement", ({ actor, body, request }) => sendAppAnnouncement(deps, actor, body, auditBy(actor, request)), {
      ...strictBody(AppAnnouncementBody),
      response: MessageAnswer,
      detail: operation("Notifications (admin)", "admin", "Announce to every user in the app"),
    })
    .post("/emailannouncement", ({ actor, body, request }) => sendEmailAnnouncement(deps, actor, body, auditBy(actor, request)), {
      ...strictBody(EmailAnnouncementBody),
      response: MessageAnswer,
      detail: operation("Notifications (admin)", "admin", "Announce to every user by e-mail"),
    });
