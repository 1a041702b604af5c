import { afterEach, beforeEach, expect, mock, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { NOTIFICATIONS_READ_EVENT, NOTIFICATIONS_REFRESH_EVENT, type NotificationItem, hasUnread } from "../../src/shared/notifications";
import { fakeLiveSources } from "../ui/fake-live-source";
import NotificationBell from "./index";

const NOW = Date.now();
const item = (n: number, isRead: boolean, minutesAgo = n * 5): NotificationItem => ({
  _id: `id${n}`,
  message: `Message ${n}`,
  createdAt: new Date(NOW - minutesAgo * 60_000).toISOString(),
  isRead,
  channelID: "general",
  link: null,
});

let requests: string[] = [];
beforeEach(() => {
  requests = [];
  globalThis.fetch = mock(async (input: RequestInfo | URL) => {
    requests.push(String(input));
    return Response.json({ notifications: [item(9, false, 0)], pagesCount: 1, canLoadMore: false, totalCount: 1 });
  }) as unknown as typeof fetch;
});
afterEach(cleanup);

const renderBell = (notifications: NotificationItem[]) =>
  render(
    <Provider store={createStore()}>
      <NotificationBell notifications={notifications} />
    </Provider>,
  );
const dot = () => document.querySelector("[data-bell-dot]");
/** The menu is its own chunk, loaded on first use: a click opens it once it has arrived. */
async function openBell(name: string) {
  fireEvent.click(screen.getByRole("button", { name }));
  await screen.findByRole("region", { name: "Latest notifications" });
}

test("the unread dot counts only the first 5", () => {
  expect(hasUnread([item(1, true), item(2, true), item(3, true), item(4, true), item(5, true), item(6, false)])).toBe(false);
  expect(hasUnread([item(1, true), item(2, true), item(3, true), item(4, true), item(5, false)])).toBe(true);
  expect(hasUnread([])).toBe(false);
});

test("no dot when all are read, a dot when one is unread; nothing is fetched on load", () => {
  renderBell([item(1, true), item(2, true)]);
  expect(dot()).toBeNull();
  expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy();
  cleanup();
  renderBell([item(1, true), item(2, false)]);
  expect(dot()).not.toBeNull();
  expect(screen.getByRole("button", { name: "Notifications, unread" })).toBeTruthy();
  expect(requests).toEqual([]);
});

test("the menu lists at most 5 with links and relative times, and closes with Escape", async () => {
  renderBell([1, 2, 3, 4, 5, 6].map((n) => item(n, n !== 2)));
  await openBell("Notifications, unread");
  expect(screen.getByRole("button", { name: "Notifications, unread" }).getAttribute("aria-expanded")).toBe("true");
  const links = screen.getAllByRole("link").map((link) => link.getAttribute("href"));
  expect(links).toEqual([
    "/notifications",
    "/notifications/id1",
    "/notifications/id2",
    "/notifications/id3",
    "/notifications/id4",
    "/notifications/id5",
    "/notifications",
  ]);
  expect(screen.queryByText("Message 6")).toBeNull();
  expect(screen.getByText("General · 5 minutes ago")).toBeTruthy();
  fireEvent.keyDown(document, { key: "Escape" });
  expect(screen.queryByRole("region", { name: "Latest notifications" })).toBeNull();
});

test("a notification about something links to it; Mark all as read clears every unread one at once, then tells the server", async () => {
  const about = { ...item(1, false), link: { href: "/projects/p1/status", label: "View project" } };
  renderBell([about, item(2, false), item(3, true)]);
  await openBell("Notifications, unread");
  expect(screen.getByRole("link", { name: "View project" }).getAttribute("href")).toBe("/projects/p1/status");
  act(() => fireEvent.click(screen.getByRole("button", { name: "Mark all as read" })));
  expect(dot()).toBeNull();
  expect(screen.queryAllByRole("img", { name: "Unread" })).toHaveLength(0);
  // The call waits for Eden's chunk: it leaves once that has loaded, however long it takes.
  await waitFor(() => expect(requests.filter((url) => url.endsWith("/api/notifications/markallasread"))).toHaveLength(1));
});

test("an empty bell says so", async () => {
  renderBell([]);
  await openBell("Notifications");
  expect(screen.getByText("You have no notifications yet.")).toBeTruthy();
});

test("reading elsewhere on the page clears the dot; a refresh asks for page 1", async () => {
  renderBell([item(1, false), item(2, true)]);
  expect(dot()).not.toBeNull();
  act(() => {
    window.dispatchEvent(new CustomEvent(NOTIFICATIONS_READ_EVENT, { detail: ["id1"] }));
  });
  expect(dot()).toBeNull();
  await act(async () => {
    window.dispatchEvent(new Event(NOTIFICATIONS_REFRESH_EVENT));
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
  expect(requests.some((url) => url.includes("/api/notifications?page=1"))).toBe(true);
  expect(dot()).not.toBeNull();
});

test("a live notification event makes the bell fetch the latest and show the dot, without a reload", async () => {
  const live = fakeLiveSources();
  renderBell([item(1, true)]);
  expect(live.urls).toEqual(["/api/events"]);
  expect(dot()).toBeNull();
  await act(async () => {
    live.emit(41, { type: "notification", payload: { notificationId: "id9", channelID: "general" } });
    await Bun.sleep(300);
  });
  expect(requests.some((url) => url.includes("/api/notifications"))).toBe(true);
  expect(dot()).not.toBeNull();
  cleanup();
  // The last island gone, the page's one stream closes.
  expect(live.open()).toBe(0);
});

test("an announcement shows as one line without its Markdown markers; other notifications as typed", async () => {
  renderBell([
    { ...item(1, false), channelID: "announcements", message: "**Closed** on *Friday*.\n\n- See [our hours](https://example.com/hours)" },
    { ...item(2, false), message: 'Your project "**Star** Bakery" changed.' },
  ]);
  await openBell("Notifications, unread");
  const lines = [...document.querySelectorAll(".bell-item-message")].map((line) => line.textContent);
  expect(lines).toEqual(["Closed on Friday. • See our hours", 'Your project "**Star** Bakery" changed.']);
  // The line is inside the item's link: no link may nest in it.
  expect(document.querySelectorAll(".bell-item a")).toHaveLength(0);
});
