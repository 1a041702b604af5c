// The signed-in header's bell (SPEC.md §2). page() loads the latest notifications with every
// signed-in page and provides them here, so the bell arrives rendered and asks nothing on load.
import { createContext, use } from "react";
import type { NotificationItem } from "../../shared/notifications";
import { Island } from "../island";

export type BellData = { notifications: NotificationItem[] };

export const BellContext = createContext<BellData | null>(null);

export function NotificationBell() {
  const data = use(BellContext);
  if (!data) return null;
  return <Island name="notification-bell" props={data} hydrate="idle" />;
}
