// /notifications and /notifications/{activeNotificationID} (SPEC.md §2; logged-in guard). A
// notification that is not the caller's is as missing as one that never existed.
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { context } from "../../http/context";
import { notFound } from "../../http/errors";
import { isId } from "../../lib/ids";
import { page } from "../../render/layout/page";
import { getOwnNotification, listChannels, listNotifications } from "./service";
import { NotificationsView } from "./views";

async function renderNotifications(deps: AppDeps, actor: Actor, activeId: string | null): Promise<Response> {
  const db = deps.database.db;
  const userId = actor.user.id;
  const active = activeId ? await getOwnNotification(db, userId, activeId) : null;
  const [list, channels, channel] = await Promise.all([
    listNotifications(db, userId, 1),
    listChannels(db, userId),
    active ? listNotifications(db, userId, 1, active.channelID) : Promise.resolve(null),
  ]);
  return page(
    deps,
    actor,
    { title: "Notifications", description: "Your notifications.", path: activeId ? `/notifications/${activeId}` : "/notifications" },
    <NotificationsView actor={actor} island={{ list, channels, active, channel, renderedAt: Date.now() }} />,
  );
}

export const notificationsPages = (deps: AppDeps) =>
  new Elysia({ name: "notifications-pages" })
    .use(context(deps))
    .guard({ auth: "user" })
    .get("/notifications", ({ actor }) => renderNotifications(deps, actor, null))
    .get(
      "/notifications/:activeNotificationID",
      ({ actor: signedIn, params }) => {
        if (!isId(params.activeNotificationID)) throw notFound();
        return renderNotifications(deps, signedIn, params.activeNotificationID);
      },
      { params: t.Object({ activeNotificationID: t.String() }) },
    );
