// The notifications screen (SPEC.md §2): a list plus a channel view, both in one island.

import type { NotificationsViewProps } from "../../../islands/notifications";
import type { Actor } from "../../http/actor";
import { Island } from "../../render/island";
import { PageShell } from "../../render/layout/views";

export function NotificationsView(props: { actor: Actor; island: NotificationsViewProps }) {
  return (
    <PageShell actor={props.actor} current="/notifications">
      <div className="container page notifications-page">
        <Island name="notifications" props={props.island} hydrate="idle" />
      </div>
    </PageShell>
  );
}
