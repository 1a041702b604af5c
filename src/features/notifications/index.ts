// The notifications feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.

import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { adminNotificationsApi, notificationsApi } from "./api";
import { notificationsPages } from "./pages";

export { countRecipients, startAnnouncementWorker } from "./announcements";
export { notifyProjectChanges, notifyProjectEvent, projectMessages, readProjectsBefore } from "./project-events";
export { addNotifications, findNoticeRecipient, notifyUser } from "./service";

/** The notifications feature as src/app.ts mounts it: its pages, and its JSON API as `.api` (src/http/feature.ts). */
export const notificationsFeature = (deps: AppDeps) =>
  feature(
    "notifications",
    { api: new Elysia({ name: "notifications-feature-api" }).use(notificationsApi(deps)).use(adminNotificationsApi(deps)) },
    notificationsPages(deps),
  );
