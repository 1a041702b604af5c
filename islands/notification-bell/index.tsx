// The header's bell (SPEC.md §2, §9): the 5 latest notifications in a 320 px menu whose list is
// at most 338 px high, links to /notifications and /notifications/{id} (and to what each one is
// about), "Mark all as read", and an unread dot when any of the first 5 is unread. Its data comes rendered with the page; it asks again when another
// island says notifications changed (an announcement was sent) or a live event says one arrived.
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { formatNotificationTime } from "../../src/shared/notification-time";
import {
  BELL_SIZE,
  NOTIFICATIONS_ALL_READ_EVENT,
  NOTIFICATIONS_READ_EVENT,
  NOTIFICATIONS_REFRESH_EVENT,
  type NotificationItem,
  hasUnread,
} from "../../src/shared/notifications";
import { api } from "../api";
import { CHANNEL_TITLES, ChannelAvatar, Icon } from "../notifications/channel-icon";
import { useLiveEvents } from "../ui/live-events";

/** How long a followed link waits for its notification to be marked read before leaving anyway. */
const READ_BEFORE_LEAVING_MS = 1000;

export type NotificationBellProps = { notifications: NotificationItem[]; renderedAt: number };

export default function NotificationBell(props: NotificationBellProps) {
  const [items, setItems] = useState(() => props.notifications.slice(0, BELL_SIZE));
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(props.renderedAt);
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
    setNow(Date.now());
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

  // Read at once here and on the page; if the server refuses, everyone reads the truth again.
  async function markAllRead() {
    window.dispatchEvent(new Event(NOTIFICATIONS_ALL_READ_EVENT));
    const { error } = await api.api.notifications.markallasread.patch();
    if (error) window.dispatchEvent(new Event(NOTIFICATIONS_REFRESH_EVENT));
  }

  // Following a link to what a notification is about reads it, as opening it would. A plain click
  // waits for the read (at most a second) so the page it opens no longer counts it as unread; a
  // click that opens another tab reads it on the side.
  async function readOnTheWay(event: MouseEvent<HTMLAnchorElement>, item: NotificationItem) {
    if (item.isRead) return;
    window.dispatchEvent(new CustomEvent(NOTIFICATIONS_READ_EVENT, { detail: [item._id] }));
    const read = api.api.notifications.markasread.patch({ notificationIDs: [item._id] }, { fetch: { keepalive: true } });
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    await Promise.race([read, new Promise((resolve) => setTimeout(resolve, READ_BEFORE_LEAVING_MS))]);
    window.location.assign(href);
  }

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
      >
        <Icon name="bell" size={20} />
        {unread ? <span className="bell-dot" data-bell-dot="" /> : null}
      </button>
      {open ? (
        <div className="bell-menu" id="bell-menu" role="region" aria-label="Latest notifications">
          <div className="bell-head">
            <strong>Notifications</strong>
            {items.length > 0 ? (
              <button type="button" className="bell-mark-all" onClick={() => void markAllRead()}>
                Mark all as read
              </button>
            ) : null}
            <a href="/notifications">See all</a>
          </div>
          {items.length === 0 ? (
            <p className="bell-empty">You have no notifications yet.</p>
          ) : (
            <ul className="bell-list">
              {items.map((item) => (
                <li key={item._id} className="bell-entry">
                  <a href={`/notifications/${item._id}`} className={item.isRead ? "bell-item" : "bell-item is-unread"}>
                    <ChannelAvatar channel={item.channelID} />
                    <span className="bell-item-text">
                      <span className="bell-item-message">{item.message}</span>
                      <span className="bell-item-meta">
                        {CHANNEL_TITLES[item.channelID].title} · {formatNotificationTime(item.createdAt, now)}
                      </span>
                    </span>
                    {item.isRead ? null : <span className="unread-dot" role="img" aria-label="Unread" />}
                  </a>
                  {item.link ? (
                    <a className="bell-item-link" href={item.link.href} onClick={(event) => void readOnTheWay(event, item)}>
                      {item.link.label}
                      <span aria-hidden="true"> →</span>
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <a className="bell-footer" href="/notifications">
            View all notifications
          </a>
        </div>
      ) : null}
    </div>
  );
}
