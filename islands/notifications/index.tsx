// The notifications page (SPEC.md §2, §4): the list (paged with Load more) and the channel view
// of the open notification (its history loads more when scrolled to the top). On narrow screens
// only one of the two shows; a back arrow returns to /notifications. Opening a notification marks
// it read locally at once, then tells the server. On a wide screen with none open, the first opens.
// A notification about a project, an invoice or a bug report links to it; "Mark all as read" reads
// every one. With no notifications at all, one empty state fills the page. Announcements show
// formatted (message-text.tsx).
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { formatNotificationTime } from "../../src/shared/notification-time";
import {
  CHANNEL_APPEND_DELAY_MS,
  type ChannelItem,
  type ChannelKey,
  MOBILE_MAX_WIDTH,
  NOTIFICATIONS_ALL_READ_EVENT,
  NOTIFICATIONS_READ_EVENT,
  type NotificationItem,
} from "../../src/shared/notifications";
import { api, errorMessage } from "../api";
import { useLiveEvents } from "../ui/live-events";
import { Toasts, useToast } from "../ui/toasts";
import { CHANNEL_TITLES, ChannelAvatar, Icon } from "./channel-icon";
import { NotificationText, notificationLine } from "./message-text";

type Page = { notifications: NotificationItem[]; pagesCount: number; canLoadMore: boolean; totalCount: number };

export type NotificationsViewProps = {
  list: Page;
  channels: ChannelItem[];
  active: NotificationItem | null;
  /** Page 1 of the open notification's channel. */
  channel: Page | null;
  renderedAt: number;
};

type ChannelState = { id: ChannelKey; items: NotificationItem[]; page: number; canLoadMore: boolean; loadingMore: boolean };

const markRead = (items: NotificationItem[], id: string) => items.map((item) => (item._id === id ? { ...item, isRead: true } : item));
const markEveryRead = (items: NotificationItem[]) => items.map((item) => (item.isRead ? item : { ...item, isRead: true }));
const withoutDuplicates = (items: NotificationItem[]) => items.filter((item, index) => items.findIndex((other) => other._id === item._id) === index);
/** `incoming` items not in `items` yet, on top: what is shown (and maybe just read) stays as it is. */
const prependNew = (incoming: NotificationItem[], items: NotificationItem[]) => {
  const known = new Set(items.map((item) => item._id));
  return [...incoming.filter((item) => !known.has(item._id)), ...items];
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function Notifications(props: NotificationsViewProps) {
  const toast = useToast();
  const [list, setList] = useState({ items: props.list.notifications, page: 1, canLoadMore: props.list.canLoadMore, loading: false });
  const [channels, setChannels] = useState(props.channels);
  const [active, setActive] = useState(props.active);
  const [channel, setChannel] = useState<ChannelState | null>(
    props.active && props.channel
      ? { id: props.active.channelID, items: props.channel.notifications, page: 1, canLoadMore: props.channel.canLoadMore, loadingMore: false }
      : null,
  );
  const [now, setNow] = useState(props.renderedAt);
  const historyBox = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const scrollAnchor = useRef<{ height: number; top: number } | null>(null);
  const channelRequest = useRef(0);

  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const tellServerRead = useCallback(
    async (item: NotificationItem) => {
      window.dispatchEvent(new CustomEvent(NOTIFICATIONS_READ_EVENT, { detail: [item._id] }));
      const { error } = await api.api.notifications.markasread.patch({ notificationIDs: [item._id] });
      if (error) toast.error(errorMessage(error));
    },
    [toast],
  );

  const loadChannel = useCallback(
    async (id: ChannelKey) => {
      const request = ++channelRequest.current;
      setChannel({ id, items: [], page: 1, canLoadMore: false, loadingMore: true });
      const { data, error } = await api.api.notifications.channel({ channelId: id }).get({ query: { page: 1 } });
      if (request !== channelRequest.current) return;
      if (error) {
        setChannel({ id, items: [], page: 1, canLoadMore: false, loadingMore: false });
        toast.error(errorMessage(error));
        return;
      }
      setChannel({ id, items: data.notifications, page: 1, canLoadMore: data.canLoadMore, loadingMore: false });
    },
    [toast],
  );

  const open = useCallback(
    (item: NotificationItem, how: "push" | "replace" | "none" = "push") => {
      const path = `/notifications/${item._id}`;
      if (how === "push" && location.pathname !== path) window.history.pushState({}, "", path);
      if (how === "replace") window.history.replaceState({}, "", path);
      const wasUnread = !item.isRead;
      const read = { ...item, isRead: true };
      setActive(read);
      setList((current) => ({ ...current, items: markRead(current.items, item._id) }));
      setChannel((current) => (current && current.id === item.channelID ? { ...current, items: markRead(current.items, item._id) } : current));
      if (!channel || channel.id !== item.channelID) void loadChannel(item.channelID);
      if (wasUnread) {
        setChannels((current) => current.map((c) => (c._id === item.channelID ? { ...c, unreadCount: Math.max(0, c.unreadCount - 1) } : c)));
        void tellServerRead(item);
      }
    },
    [channel, loadChannel, tellServerRead],
  );

  // The open notification was rendered unread by the server: opening it is what reads it.
  const initial = useRef(true);
  useEffect(() => {
    if (!initial.current) return;
    initial.current = false;
    if (props.active) {
      if (!props.active.isRead) open(props.active, "none");
      return;
    }
    const first = list.items[0];
    if (first && window.innerWidth > MOBILE_MAX_WIDTH) open(first, "replace");
  }, [props.active, list.items, open]);

  // Back and forward move between the list and notifications without reloading.
  useEffect(() => {
    function onPop() {
      const id = location.pathname.split("/")[2];
      if (!id) {
        setActive(null);
        return;
      }
      const known = [...list.items, ...(channel?.items ?? [])].find((item) => item._id === id);
      if (known) open(known, "none");
      else location.reload();
    }
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [list.items, channel, open]);

  // A live event says notifications arrived: new ones go on top of the list and of their
  // channel's history, and the unread counts are read again. Nothing already shown moves.
  useLiveEvents(["notification"], async () => {
    const [fresh, counts] = await Promise.all([api.api.notifications.get({ query: { page: 1 } }), api.api.notifications.channels.get()]);
    if (fresh.data) {
      const incoming = fresh.data.notifications;
      setList((current) => ({ ...current, items: prependNew(incoming, current.items) }));
      setChannel((current) =>
        current
          ? {
              ...current,
              items: prependNew(
                incoming.filter((item) => item.channelID === current.id),
                current.items,
              ),
            }
          : current,
      );
    }
    if (counts.data) setChannels(counts.data.channels);
  });

  // Every notification read, here or from the bell: what is shown follows at once.
  useEffect(() => {
    function onAllRead() {
      setList((current) => ({ ...current, items: markEveryRead(current.items) }));
      setChannel((current) => (current ? { ...current, items: markEveryRead(current.items) } : current));
      setActive((current) => (current ? { ...current, isRead: true } : current));
      setChannels((current) => current.map((c) => ({ ...c, unreadCount: 0 })));
    }
    window.addEventListener(NOTIFICATIONS_ALL_READ_EVENT, onAllRead);
    return () => window.removeEventListener(NOTIFICATIONS_ALL_READ_EVENT, onAllRead);
  }, []);

  async function markAllRead() {
    const before = { list, channel, active, channels };
    window.dispatchEvent(new Event(NOTIFICATIONS_ALL_READ_EVENT));
    // The button goes away with the unread count: keep the keyboard where the reader was.
    title.current?.focus();
    const { error } = await api.api.notifications.markallasread.patch();
    if (!error) return;
    setList(before.list);
    setChannel(before.channel);
    setActive(before.active);
    setChannels(before.channels);
    toast.error(errorMessage(error));
  }

  function back() {
    window.history.pushState({}, "", "/notifications");
    setActive(null);
  }

  async function loadMoreList() {
    if (list.loading || !list.canLoadMore) return;
    const next = list.page + 1;
    setList((current) => ({ ...current, loading: true }));
    const { data, error } = await api.api.notifications.get({ query: { page: next } });
    if (error) {
      setList((current) => ({ ...current, loading: false }));
      toast.error(errorMessage(error));
      return;
    }
    setList((current) => ({
      items: withoutDuplicates([...current.items, ...data.notifications]),
      page: next,
      canLoadMore: data.canLoadMore,
      loading: false,
    }));
  }

  async function loadMoreChannel() {
    if (!channel || channel.loadingMore || !channel.canLoadMore) return;
    const { id, page } = channel;
    const request = channelRequest.current;
    setChannel({ ...channel, loadingMore: true });
    const { data, error } = await api.api.notifications.channel({ channelId: id }).get({ query: { page: page + 1 } });
    // SPEC.md §4: later pages are appended after a 1 second delay, and the flag clears after it.
    await sleep(CHANNEL_APPEND_DELAY_MS);
    if (request !== channelRequest.current) return;
    if (error) toast.error(errorMessage(error));
    const box = historyBox.current;
    if (box) scrollAnchor.current = { height: box.scrollHeight, top: box.scrollTop };
    setChannel((current) =>
      current && current.id === id
        ? {
            ...current,
            items: data ? withoutDuplicates([...current.items, ...data.notifications]) : current.items,
            page: data ? page + 1 : page,
            canLoadMore: data ? data.canLoadMore : current.canLoadMore,
            loadingMore: false,
          }
        : current,
    );
  }

  // Older messages go on top: keep what the reader was looking at in place.
  useLayoutEffect(() => {
    const box = historyBox.current;
    if (!box) return;
    if (scrollAnchor.current) {
      box.scrollTop = box.scrollHeight - scrollAnchor.current.height + scrollAnchor.current.top;
      scrollAnchor.current = null;
    }
  }, [channel?.items.length]);

  // A newly opened notification scrolls into view in its channel's history.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reruns when another notification or channel opens, or the history first fills
  useLayoutEffect(() => {
    const box = historyBox.current;
    if (!box || !active) return;
    const element = box.querySelector<HTMLElement>(`[data-notification="${active._id}"]`);
    if (element) box.scrollTop = element.offsetTop - box.clientHeight / 2 + element.clientHeight / 2;
    else box.scrollTop = box.scrollHeight;
  }, [active?._id, channel?.id, channel?.items.length === 0]);

  const channelInfo = (id: ChannelKey) => channels.find((c) => c._id === id) ?? { _id: id, ...CHANNEL_TITLES[id], photoURL: "", unreadCount: 0 };
  const unreadTotal = channels.reduce((sum, c) => sum + c.unreadCount, 0);
  const shown = channel ? channelInfo(channel.id) : null;

  // Nothing to list: one empty state across the page, not one per pane.
  const empty = list.items.length === 0 && !active;

  return (
    <div className="notifications-layout" data-active={active ? "true" : "false"} data-empty={empty ? "true" : "false"}>
      <section className="notifications-list-pane card" aria-labelledby="notifications-title">
        <header className="pane-head">
          <div className="pane-title">
            <h1 id="notifications-title" ref={title} tabIndex={-1}>
              Notifications
            </h1>
            <span className="subtle">{unreadTotal === 0 ? "All caught up" : `${unreadTotal} unread`}</span>
          </div>
          {unreadTotal > 0 ? (
            <button type="button" className="button button-sm" onClick={() => void markAllRead()}>
              Mark all as read
            </button>
          ) : null}
        </header>
        {list.items.length === 0 ? (
          <div className="notifications-empty">
            <span className="empty-icon">
              <Icon name="bell" size={28} />
            </span>
            <p>You have no notifications yet.</p>
            <p className="subtle">Updates about your projects and announcements from us will show up here.</p>
          </div>
        ) : (
          <ul className="notification-list">
            {list.items.map((item) => (
              <li key={item._id}>
                <a
                  href={`/notifications/${item._id}`}
                  className={`notification-row${item.isRead ? "" : " is-unread"}${active?._id === item._id ? " is-active" : ""}`}
                  aria-current={active?._id === item._id ? "true" : undefined}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                    event.preventDefault();
                    open(item);
                  }}
                >
                  <ChannelAvatar channel={item.channelID} icon={channelInfo(item.channelID).icon} photoURL={channelInfo(item.channelID).photoURL} />
                  <span className="notification-row-text">
                    <span className="notification-row-top">
                      <strong>{channelInfo(item.channelID).title}</strong>
                      <time dateTime={item.createdAt}>{formatNotificationTime(item.createdAt, now)}</time>
                    </span>
                    <span className="notification-row-message">{notificationLine(item)}</span>
                  </span>
                  {item.isRead ? null : <span className="unread-dot" role="img" aria-label="Unread" />}
                </a>
              </li>
            ))}
          </ul>
        )}
        {list.canLoadMore ? (
          <div className="load-more">
            <button type="button" className="button" onClick={() => void loadMoreList()} disabled={list.loading}>
              {list.loading ? "Loading…" : "Load more"}
            </button>
          </div>
        ) : null}
      </section>

      {empty ? null : (
        <section className="channel-pane card" aria-label={shown ? `${shown.title} channel` : "Channel"}>
          {shown && channel ? (
            <>
              <header className="channel-head">
                <a
                  href="/notifications"
                  className="back-link"
                  onClick={(event) => {
                    event.preventDefault();
                    back();
                  }}
                >
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                  <span className="visually-hidden">Back to notifications</span>
                </a>
                <ChannelAvatar channel={shown._id} icon={shown.icon} photoURL={shown.photoURL} size="md" />
                <div className="channel-head-text">
                  <h2>{shown.title}</h2>
                  <span className="subtle">{shown.unreadCount === 0 ? "No unread notifications" : `${shown.unreadCount} unread`}</span>
                </div>
              </header>
              <div
                className="channel-history"
                ref={historyBox}
                onScroll={(event) => {
                  if (event.currentTarget.scrollTop < 48) void loadMoreChannel();
                }}
              >
                {channel.canLoadMore || channel.loadingMore ? (
                  <p className="channel-loading" role="status">
                    {channel.loadingMore ? "Loading earlier notifications…" : "Scroll up for earlier notifications"}
                  </p>
                ) : channel.items.length > 0 ? (
                  <p className="channel-start">This is the beginning of the {shown.title} channel.</p>
                ) : null}
                <ol className="channel-messages">
                  {[...channel.items].reverse().map((item) => (
                    <li key={item._id} data-notification={item._id}>
                      <div className={`channel-message${active?._id === item._id ? " is-active" : ""}${item.isRead ? "" : " is-unread"}`}>
                        <NotificationText item={item} id={`message-${item._id}`} />
                        {/* The bubble opens with its time (stretched over it), as a chat's message does: an
                            announcement's text may hold links and lists, which no button may contain. */}
                        <button
                          type="button"
                          className="channel-message-open"
                          aria-current={active?._id === item._id ? "true" : undefined}
                          aria-describedby={`message-${item._id}`}
                          onClick={() => open(item)}
                        >
                          <time dateTime={item.createdAt}>{formatNotificationTime(item.createdAt, now)}</time>
                        </button>
                        {item.link ? (
                          <a className="channel-message-link" href={item.link.href}>
                            {item.link.label}
                            <span aria-hidden="true"> →</span>
                          </a>
                        ) : null}
                      </div>
                    </li>
                  ))}
                </ol>
              </div>
            </>
          ) : (
            <div className="notifications-empty channel-empty">
              <span className="empty-icon">
                <Icon name="bell" size={28} />
              </span>
              <p>Select a notification to read it.</p>
            </div>
          )}
        </section>
      )}
      <Toasts />
    </div>
  );
}
