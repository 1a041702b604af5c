// The header's bell (SPEC.md §2, §9): an unread dot when any of the 5 latest is unread, and the
// menu that lists them (menu.tsx). Its data comes rendered with the page; it asks again when another
// island says notifications changed (an announcement was sent) or a live event says one arrived.
// The menu and the API client load on first use, fetched when the pointer or focus reaches the
// bell: on every signed-in page the bell hydrates when idle, and most visits never open it.
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import {
  BELL_SIZE,
  NOTIFICATIONS_ALL_READ_EVENT,
  NOTIFICATIONS_READ_EVENT,
  NOTIFICATIONS_REFRESH_EVENT,
  type NotificationItem,
  hasUnread,
} from "../../src/shared/notifications";
import { Icon } from "../notifications/channel-icon";
import { useLiveEvents } from "../ui/live-events";

const loadMenu = () => import("./menu");
const BellMenu = lazy(loadMenu);

export type NotificationBellProps = { notifications: NotificationItem[] };

export default function NotificationBell(props: NotificationBellProps) {
  const [items, setItems] = useState(() => props.notifications.slice(0, BELL_SIZE));
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const unread = hasUnread(items);

  useLiveEvents(["notification"], () => window.dispatchEvent(new Event(NOTIFICATIONS_REFRESH_EVENT)));

  useEffect(() => {
    function onRead(event: Event) {
      const ids = new Set((event as CustomEvent<string[]>).detail);
      setItems((current) => current.map((item) => (ids.has(item._id) ? { ...item, isRead: true } : item)));
    }
    async function onRefresh() {
      const { api } = await import("../api");
      const { data } = await api.api.notifications.get({ query: { page: 1 } });
      if (data) setItems(data.notifications.slice(0, BELL_SIZE));
    }
    function onAllRead() {
      setItems((current) => current.map((item) => ({ ...item, isRead: true })));
    }
    window.addEventListener(NOTIFICATIONS_READ_EVENT, onRead);
    window.addEventListener(NOTIFICATIONS_ALL_READ_EVENT, onAllRead);
    window.addEventListener(NOTIFICATIONS_REFRESH_EVENT, onRefresh);
    return () => {
      window.removeEventListener(NOTIFICATIONS_READ_EVENT, onRead);
      window.removeEventListener(NOTIFICATIONS_ALL_READ_EVENT, onAllRead);
      window.removeEventListener(NOTIFICATIONS_REFRESH_EVENT, onRefresh);
    };
  }, []);

  useEffect(() => {
    if (!open) return;
    function onPointer(event: PointerEvent) {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpen(false);
      trigger.current?.focus();
    }
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className="bell" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="bell-trigger"
        aria-label={unread ? "Notifications, unread" : "Notifications"}
        aria-expanded={open}
        aria-controls="bell-menu"
        onClick={() => setOpen(!open)}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
      >
        <Icon name="bell" size={20} />
        {unread ? <span className="bell-dot" data-bell-dot="" /> : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <BellMenu items={items} />
        </Suspense>
      ) : null}
    </div>
  );
}
