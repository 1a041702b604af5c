// The notifications screen (SPEC.md §2): a list plus a channel view, both in one island.
import { Island } from "../../render/island";
import type { Actor } from "../../http/actor";
import { PageShell } from "../layout/views";
import type { NotificationsViewProps } from "../../../islands/notifications";

export function NotificationsView(props: { actor: Actor; island: NotificationsViewProps }) {
  return (
    <PageShell actor={props.actor} current="/notifications">
      <div className="container page notifications-page">
        <Island name="notifications" props={props.island} />
      </div>
    </PageShell>
  );
}
