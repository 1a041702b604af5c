// The bell's open menu (SPEC.md §2, §9): the 5 latest notifications in a 320 px menu whose list is
// at most 338 px high, links to /notifications and /notifications/{id} (and to what each one is
// about), and "Mark all as read"; an announcement as one line, without its Markdown markers. Its own
// chunk with the API client: the bell loads it when the pointer or focus first reaches it, so a page
// that never opens the bell downloads neither.
import { type MouseEvent, useState } from "react";
import { formatNotificationTime } from "../../src/shared/notification-time";
import { NOTIFICATIONS_ALL_READ_EVENT, NOTIFICATIONS_READ_EVENT, NOTIFICATIONS_REFRESH_EVENT, type NotificationItem } from "../../src/shared/notifications";
import { api } from "../api";
import { CHANNEL_TITLES, ChannelAvatar } from "../notifications/channel-icon";
import { notificationLine } from "../notifications/message-text";

/** How long a followed link waits for its notification to be marked read before leaving anyway. */
const READ_BEFORE_LEAVING_MS = 1000;

export default function BellMenu(props: { items: NotificationItem[] }) {
  // Mounted at each opening: "5 minutes ago" counts from then.
  const [now] = useState(Date.now);

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
    <div className="bell-menu" id="bell-menu" role="region" aria-label="Latest notifications">
      <div className="bell-head">
        <strong>Notifications</strong>
        {props.items.length > 0 ? (
          <button type="button" className="bell-mark-all" onClick={() => void markAllRead()}>
            Mark all as read
          </button>
        ) : null}
        <a href="/notifications">See all</a>
      </div>
      {props.items.length === 0 ? (
        <p className="bell-empty">You have no notifications yet.</p>
      ) : (
        <ul className="bell-list">
          {props.items.map((item) => (
            <li key={item._id} className="bell-entry">
              <a href={`/notifications/${item._id}`} className={item.isRead ? "bell-item" : "bell-item is-unread"}>
                <ChannelAvatar channel={item.channelID} />
                <span className="bell-item-text">
                  <span className="bell-item-message">{notificationLine(item)}</span>
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
  );
}
