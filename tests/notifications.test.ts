// Notifications over HTTP (SPEC.md §2, §3, §7; DESIGN.md's API changes): only the caller's own,
// paging newest first, marking read, the switches, project events, and admin announcements.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, count, eq, isNull } from "drizzle-orm";
import { announcements, notifications, users } from "../db/schema";
import { notifyUser } from "../src/features/notifications/service";
import { newId } from "../src/lib/ids";
import { BLANK_APP_ANNOUNCEMENT, BLANK_EMAIL_MESSAGE, BLANK_EMAIL_SUBJECT } from "../src/shared/announcements";
import { type ChannelId, type UserSettings, defaultUserSettings } from "../src/shared/enums";
import { NOTIFICATIONS_PAGE_SIZE } from "../src/shared/lists";
import { queuedMails } from "./helpers/mail-jobs";
import { type TestServer, startTestServer } from "./helpers/server";
import { waitFor } from "./helpers/wait";
import { createCode, createProjectAs } from "./projects/fixtures";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Item = { _id: string; message: string; createdAt: string; isRead: boolean; channelID: ChannelId; link: { href: string; label: string } | null };
type PageBody = { notifications: Item[]; pagesCount: number; canLoadMore: boolean; totalCount: number };
type ErrorBody = { message: string; fields?: Record<string, string> };

const db = () => server.deps.database.db;

const mailsTo = (to: string) => queuedMails(db(), to);
const mailsToEveryone = () => queuedMails(db());

/** Waits until every announcement's fan-out job has finished. */
async function settleAnnouncements(): Promise<void> {
  await waitFor(
    "the announcements to fan out",
    async () => (await db().select().from(announcements).where(isNull(announcements.finishedAt))).length === 0,
    15_000,
  );
}

/** Inserts notifications for a user, one minute apart, the last one newest. */
async function seed(userId: string, total: number, channelId: ChannelId = "general", label = "Note"): Promise<string[]> {
  const start = Date.now() - total * 60_000;
  const rows = Array.from({ length: total }, (_, index) => ({
    id: newId(start + index * 60_000),
    userId,
    channelId,
    message: `${label} ${index + 1}`,
    createdAt: new Date(start + index * 60_000),
  }));
  await db().insert(notifications).values(rows);
  return rows.map((row) => row.id);
}

const getJson = async <T>(path: string, cookie: string): Promise<{ status: number; body: T }> => {
  const response = await server.request(path, { cookie });
  return { status: response.status, body: (await response.json()) as T };
};
const markRead = (cookie: string, json: unknown) => server.request("/api/notifications/markasread", { method: "PATCH", cookie, json });

function withSettings(change: (settings: UserSettings) => void): UserSettings {
  const settings = defaultUserSettings();
  change(settings);
  return settings;
}

describe("guards", () => {
  test("visitors get 401 from the API and are sent to / from the pages", async () => {
    for (const path of ["/api/notifications", "/api/notifications/channel/general", "/api/notifications/channels"]) {
      expect((await server.request(path)).status).toBe(401);
    }
    expect((await markRead("", { notificationIDs: [newId()] })).status).toBe(401);
    for (const path of ["/notifications", `/notifications/${newId()}`]) {
      const response = await server.request(path);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/");
    }
  });
});

describe("reading one's own notifications", () => {
  test("pages of 20, newest first, with the paging fields; later pages and the last one", async () => {
    const { user, cookie } = await server.createUser();
    await seed(user.id, 45);
    const first = await getJson<PageBody>("/api/notifications?page=1", cookie);
    expect(first.status).toBe(200);
    expect(first.body.notifications).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.body.notifications[0]?.message).toBe("Note 45");
    expect(first.body.notifications[19]?.message).toBe("Note 26");
    expect(first.body).toMatchObject({ pagesCount: 3, canLoadMore: true, totalCount: 45 });
    expect(Object.keys(first.body.notifications[0]!).sort()).toEqual(["_id", "channelID", "createdAt", "isRead", "link", "message"]);
    const last = await getJson<PageBody>("/api/notifications?page=3", cookie);
    expect(last.body.notifications.map((n) => n.message)).toEqual(["Note 5", "Note 4", "Note 3", "Note 2", "Note 1"]);
    expect(last.body.canLoadMore).toBe(false);
    const beyond = await getJson<PageBody>("/api/notifications?page=9", cookie);
    expect(beyond.body.notifications).toEqual([]);
    // Without ?page the first page comes back.
    expect((await getJson<PageBody>("/api/notifications", cookie)).body.notifications[0]?.message).toBe("Note 45");
  });

  test("a channel lists only its own notifications; channels carry title, icon, photoURL and unread counts", async () => {
    const { user, cookie } = await server.createUser();
    await seed(user.id, 3, "general", "General");
    await seed(user.id, 2, "announcements", "News");
    const news = await getJson<PageBody>("/api/notifications/channel/announcements?page=1", cookie);
    expect(news.body.notifications.map((n) => n.message)).toEqual(["News 2", "News 1"]);
    expect(news.body.notifications.every((n) => n.channelID === "announcements")).toBe(true);
    expect(news.body.totalCount).toBe(2);
    const channels = await getJson<{ channels: { _id: string; title: string; icon: string; photoURL: string; unreadCount: number }[] }>(
      "/api/notifications/channels",
      cookie,
    );
    expect(channels.body.channels).toEqual([
      { _id: "announcements", title: "Announcements", icon: "megaphone", photoURL: "", unreadCount: 2 },
      { _id: "general", title: "General", icon: "bell", photoURL: "", unreadCount: 3 },
      { _id: "social", title: "Social", icon: "people", photoURL: "", unreadCount: 0 },
    ]);
  });

  test("bad pages and channels are refused with a clear message", async () => {
    const { cookie } = await server.createUser();
    for (const path of [
      "/api/notifications?page=0",
      "/api/notifications?page=abc",
      "/api/notifications?page=-1",
      "/api/notifications/channel/general?page=1.5",
    ]) {
      const { status, body } = await getJson<ErrorBody>(path, cookie);
      expect(status).toBe(400);
      expect(body.message).toContain("page");
    }
    const unknown = await getJson<ErrorBody>("/api/notifications/channel/secret", cookie);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("general, announcements or social");
  });

  test("nobody sees anyone else's notifications, on the API or the pages", async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const [bobsId] = await seed(bob.user.id, 1, "general", "Bob's secret");
    await seed(alice.user.id, 1, "general", "Alice's own");
    const list = await getJson<PageBody>("/api/notifications", alice.cookie);
    expect(list.body.notifications.map((n) => n.message)).toEqual(["Alice's own 1"]);
    const page = await server.request(`/notifications/${bobsId}`, { cookie: alice.cookie });
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain("Page not found");
    expect(html).not.toContain("Bob&#x27;s secret");
    expect(html).not.toContain("Bob's secret");
    // A malformed id is just as missing.
    expect((await server.request("/notifications/not-an-id", { cookie: alice.cookie })).status).toBe(404);
    const own = await server.request(`/notifications/${bobsId}`, { cookie: bob.cookie });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("Bob&#x27;s secret 1");
  });
});

describe("marking read", () => {
  test("marks the caller's own; someone else's ids are silently skipped and stay unread", async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const [a1, a2] = await seed(alice.user.id, 2);
    const [b1] = await seed(bob.user.id, 1);
    const response = await markRead(alice.cookie, { notificationIDs: [a1, b1, a1] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Notification marked as read.", notificationIDs: [a1] });
    const rows = await db().select().from(notifications).where(eq(notifications.isRead, true));
    expect(rows.map((row) => row.id).sort()).toEqual([a1!]);
    // Only others' ids: nothing changes, nothing is revealed.
    const none = await markRead(alice.cookie, { notificationIDs: [b1] });
    expect(none.status).toBe(200);
    expect(((await none.json()) as { notificationIDs: string[] }).notificationIDs).toEqual([]);
    const unread = await getJson<PageBody>("/api/notifications", alice.cookie);
    expect(unread.body.notifications.find((n) => n._id === a2)?.isRead).toBe(false);
  });

  test("forged fields, wrong types, bad ids, empty and huge lists are refused", async () => {
    const { user, cookie } = await server.createUser();
    const [id] = await seed(user.id, 1);
    const cases: [unknown, string][] = [
      [{ notificationIDs: [id], isRead: false }, "isRead"],
      [{ notificationIDs: [id], userId: "someone" }, "userId"],
      [{ notificationIDs: id }, "notificationIDs"],
      [{ notificationIDs: [] }, "notificationIDs"],
      [{ notificationIDs: ["x; drop table notifications"] }, "notificationIDs"],
      [{ notificationIDs: Array.from({ length: 101 }, () => newId()) }, "notificationIDs"],
      [{}, "notificationIDs"],
    ];
    for (const [json, field] of cases) {
      const response = await markRead(cookie, json);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).message).toContain(field);
    }
    const [row] = await db().select().from(notifications).where(eq(notifications.id, id!));
    expect(row?.isRead).toBe(false);
  });
});

describe("marking all read", () => {
  const markAllRead = (cookie?: string) => server.request("/api/notifications/markallasread", { method: "PATCH", cookie });

  test("marks every unread notification of the caller, in every channel, and nobody else's", async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const [read] = await seed(alice.user.id, 2);
    await seed(alice.user.id, 2, "announcements", "News");
    await markRead(alice.cookie, { notificationIDs: [read] });
    const bobs = await seed(bob.user.id, 3);

    const response = await markAllRead(alice.cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "3 notifications marked as read.", markedCount: 3 });
    const mine = await getJson<PageBody>("/api/notifications", alice.cookie);
    expect(mine.body.notifications.map((n) => n.isRead)).toEqual([true, true, true, true]);
    const channels = await getJson<{ channels: { unreadCount: number }[] }>("/api/notifications/channels", alice.cookie);
    expect(channels.body.channels.every((channel) => channel.unreadCount === 0)).toBe(true);
    // Bob's are untouched.
    const theirs = await db().select().from(notifications).where(eq(notifications.userId, bob.user.id));
    expect(
      theirs
        .filter((row) => !row.isRead)
        .map((row) => row.id)
        .sort(),
    ).toEqual([...bobs].sort());
    // Again: nothing left to mark.
    expect(await (await markAllRead(alice.cookie)).json()).toEqual({ message: "0 notifications marked as read.", markedCount: 0 });
  });

  test("visitors get 401; a foreign origin is refused; nothing changes", async () => {
    const { user } = await server.createUser();
    const [id] = await seed(user.id, 1);
    expect((await markAllRead()).status).toBe(401);
    const session = await server.createUser();
    await seed(session.user.id, 1);
    const forged = await server.request("/api/notifications/markallasread", {
      method: "PATCH",
      cookie: session.cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
    const rows = await db().select().from(notifications).where(eq(notifications.isRead, false));
    expect(rows.some((row) => row.id === id)).toBe(true);
    expect(rows.some((row) => row.userId === session.user.id)).toBe(true);
  });
});

describe("notifyUser and the switches", () => {
  test("general is always on; announcements and social follow the app switches", async () => {
    const { user } = await server.createUser({
      settings: withSettings((s) => {
        s.appNotifications = { generalEnabled: false, announcementsEnabled: false, socialEnabled: true };
      }),
    });
    expect(await notifyUser(db(), user.id, "general", "Always")).toBe(true);
    expect(await notifyUser(db(), user.id, "announcements", "Muted")).toBe(false);
    expect(await notifyUser(db(), user.id, "social", "Heard")).toBe(true);
    expect(await notifyUser(db(), newId(), "general", "Nobody")).toBe(false);
    const rows = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows.map((row) => row.message).sort()).toEqual(["Always", "Heard"]);
  });
});

describe("project events", () => {
  const patchProject = (cookie: string, projectID: string, updatedFields: Record<string, unknown>) =>
    server.request("/api/admin/projects", { method: "PATCH", cookie, json: { projectIDs: [projectID], updatedFields } });

  test("status, payment, access code and invoice notify the creator; e-mail follows the general e-mail switch", async () => {
    const admin = await server.createAdmin();
    const customer = await server.createUser({ email: "events@example.com" });
    const projectID = await createProjectAs(server, customer.cookie, { projectName: "Orbit" });
    const mailsBefore = (await mailsTo("events@example.com")).length;

    expect((await patchProject(admin.cookie, projectID, { status: "in-progress" })).status).toBe(200);
    // Setting the same status again is no event.
    expect((await patchProject(admin.cookie, projectID, { status: "in-progress" })).status).toBe(200);
    // Invoices follow approval and precede payment; an access-code project is not invoiced.
    const invoice = await server.request("/api/admin/projects/sendinvoice", { method: "PATCH", cookie: admin.cookie, json: { projectID } });
    expect(invoice.status).toBe(200);
    expect((await patchProject(admin.cookie, projectID, { receivedPayment: true, paymentMethod: "bank_transfer" })).status).toBe(200);
    const { code } = await createCode(server, admin.cookie);
    expect((await patchProject(admin.cookie, projectID, { accessCode: code })).status).toBe(200);

    const list = await getJson<PageBody>("/api/notifications", customer.cookie);
    expect(list.body.notifications.map((n) => n.message)).toEqual([
      'An access code was submitted for your project "Orbit".',
      'We received your payment for "Orbit". Thank you!',
      'An invoice for your project "Orbit" was sent to your e-mail address.',
      'The status of your project "Orbit" changed to In Progress.',
    ]);
    expect(list.body.notifications.every((n) => n.channelID === "general" && !n.isRead)).toBe(true);
    const mails = (await mailsTo("events@example.com")).slice(mailsBefore);
    // Three event mails plus the invoice itself.
    expect(mails.filter((mail) => mail.subject === "Update on Orbit")).toHaveLength(3);
    expect(mails.some((mail) => mail.text.includes("changed to In Progress") && mail.text.includes(`/projects/${projectID}/status`))).toBe(true);
    // The admin hears nothing about the customer's project.
    expect((await getJson<PageBody>("/api/notifications", admin.cookie)).body.totalCount).toBe(0);
  });

  test("each links to what it is about: the project, the invoice, the bug report; a deleted subject leaves no link", async () => {
    const admin = await server.createAdmin();
    const customer = await server.createUser();
    const projectID = await createProjectAs(server, customer.cookie, { projectName: "Linked" });
    expect((await patchProject(admin.cookie, projectID, { status: "in-progress" })).status).toBe(200);
    expect((await server.request("/api/admin/projects/sendinvoice", { method: "PATCH", cookie: admin.cookie, json: { projectID } })).status).toBe(200);
    const report = await server.request("/api/bugreports", { method: "POST", cookie: customer.cookie, json: { title: "Button", description: "It hides" } });
    const { bugReportID } = (await report.json()) as { bugReportID: string };
    const resolve = { bugReportIDs: [bugReportID], updatedFields: { resolved: true } };
    expect((await server.request("/api/admin/bugreports", { method: "PATCH", cookie: admin.cookie, json: resolve })).status).toBe(200);
    await seed(customer.user.id, 1, "announcements", "News");

    const list = (await getJson<PageBody>("/api/notifications", customer.cookie)).body.notifications;
    const about = (start: string) => list.find((n) => n.message.startsWith(start));
    const [news, resolved, invoice, status] = [about("News"), about("Your bug report"), about("An invoice"), about("The status")];
    expect(news?.link).toBeNull();
    expect(resolved?.link).toEqual({ href: "/settings/bugreports", label: "View your bug reports" });
    expect(invoice?.link?.href).toMatch(/^\/invoices\/[0-9a-z]{26}$/);
    expect(invoice?.link?.label).toBe("View invoice");
    expect(status?.link).toEqual({ href: `/projects/${projectID}/status`, label: "View project" });
    // The links lead somewhere the customer may go.
    for (const link of [resolved?.link, invoice?.link, status?.link])
      expect((await server.request(link?.href ?? "", { cookie: customer.cookie })).status).toBe(200);
    // The bell on every page carries them too.
    expect(await (await server.request("/dashboard", { cookie: customer.cookie })).text()).toContain(`/projects/${projectID}/status`);

    expect((await server.request(`/api/projects/${projectID}`, { method: "DELETE", cookie: customer.cookie })).status).toBe(200);
    const after = (await getJson<PageBody>("/api/notifications", customer.cookie)).body.notifications;
    expect(after.map((n) => n.message)).toContain('The status of your project "Linked" changed to In Progress.');
    // The invoice outlives its project (decision 077), so its notification still links to it.
    expect(after.filter((n) => n.link !== null).map((n) => n.link?.href)).toEqual(["/settings/bugreports", invoice?.link?.href]);
  });

  test("with general e-mail off the notification still comes, without a mail", async () => {
    const admin = await server.createAdmin();
    const customer = await server.createUser({
      email: "quiet@example.com",
      settings: withSettings((s) => {
        s.emailNotifications.generalEnabled = false;
      }),
    });
    const projectID = await createProjectAs(server, customer.cookie, { projectName: "Hush" });
    const before = (await mailsTo("quiet@example.com")).length;
    expect((await patchProject(admin.cookie, projectID, { status: "completed" })).status).toBe(200);
    const list = await getJson<PageBody>("/api/notifications", customer.cookie);
    expect(list.body.notifications[0]?.message).toContain('The status of your project "Hush" changed to Completed: it is delivered.');
    expect((await mailsTo("quiet@example.com")).length).toBe(before);
  });

  test("a refused change notifies nobody", async () => {
    const admin = await server.createAdmin();
    const customer = await server.createUser();
    const projectID = await createProjectAs(server, customer.cookie);
    expect((await patchProject(admin.cookie, projectID, { accessCode: "WRONG-CODE" })).status).toBe(400);
    expect((await patchProject(customer.cookie, projectID, { status: "completed" })).status).toBe(403);
    expect((await getJson<PageBody>("/api/notifications", customer.cookie)).body.totalCount).toBe(0);
  });
});

describe("announcements", () => {
  const announce = (cookie: string, kind: "app" | "email", json: unknown) =>
    server.request(`/api/admin/notifications/${kind}announcement`, { method: "POST", cookie, json });

  test("only admins may announce: 401 for visitors, 403 for customers, before the body is read", async () => {
    const { cookie } = await server.createUser();
    for (const kind of ["app", "email"] as const) {
      expect((await announce("", kind, { message: "Hi", subject: "Hi" })).status).toBe(401);
      expect((await announce(cookie, kind, { message: "Hi", subject: "Hi" })).status).toBe(403);
      expect((await announce(cookie, kind, "not even json")).status).toBe(403);
    }
    await settleAnnouncements();
    expect((await getJson<PageBody>("/api/notifications", cookie)).body.totalCount).toBe(0);
  });

  test("blank messages and subjects get the spec's messages; forged fields are refused", async () => {
    const admin = await server.createAdmin();
    const blankApp = await announce(admin.cookie, "app", { message: "   " });
    expect(blankApp.status).toBe(400);
    expect(((await blankApp.json()) as ErrorBody).message).toBe(BLANK_APP_ANNOUNCEMENT);
    const blankSubject = await announce(admin.cookie, "email", { subject: " ", message: "Body" });
    expect(await blankSubject.json()).toEqual({ message: BLANK_EMAIL_SUBJECT, fields: { subject: BLANK_EMAIL_SUBJECT } });
    const blankMessage = await announce(admin.cookie, "email", { subject: "Hello", message: "" });
    expect(((await blankMessage.json()) as ErrorBody).message).toBe(BLANK_EMAIL_MESSAGE);
    const both = await announce(admin.cookie, "email", { subject: "", message: "" });
    expect(((await both.json()) as ErrorBody).fields).toEqual({ subject: BLANK_EMAIL_SUBJECT, message: BLANK_EMAIL_MESSAGE });
    const forged = await announce(admin.cookie, "app", { message: "Hi", creatorName: "The CEO" });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as ErrorBody).message).toContain("creatorName");
    expect((await announce(admin.cookie, "app", { message: 42 })).status).toBe(400);
    expect((await announce(admin.cookie, "app", {})).status).toBe(400);
    expect((await announce(admin.cookie, "app", { message: "x".repeat(5001) })).status).toBe(400);
    await settleAnnouncements();
    const [row] = await db().select({ value: count() }).from(notifications).where(eq(notifications.message, "Hi"));
    expect(row?.value).toBe(0);
  });

  test("an app announcement reaches every user whose switch is on, and the admin hears how many", async () => {
    const admin = await server.createAdmin();
    const muted = await server.createUser({ settings: withSettings((s) => (s.appNotifications.announcementsEnabled = false)) });
    const listening = await server.createUser();
    const response = await announce(admin.cookie, "app", { message: "  We ship on Fridays now.  " });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { message: string }).message).toContain("being sent");
    await settleAnnouncements();
    const everyone = await db().select({ id: users.id, settings: users.settings }).from(users);
    const expected = everyone.filter((u) => u.settings.appNotifications.announcementsEnabled).length;
    expect(expected).toBeGreaterThan(2);
    const received = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.channelId, "announcements"), eq(notifications.message, "We ship on Fridays now.")));
    expect(received).toHaveLength(expected);
    expect(received.some((row) => row.userId === muted.user.id)).toBe(false);
    expect(received.some((row) => row.userId === listening.user.id)).toBe(true);
    expect(new Set(received.map((row) => row.id)).size).toBe(expected);
    expect(received.every((row) => /^[0-9a-hjkmnp-tv-z]{26}$/.test(row.id))).toBe(true);
    const adminList = await getJson<PageBody>("/api/notifications", admin.cookie);
    expect(adminList.body.notifications[0]).toMatchObject({ message: `Your announcement was sent to ${expected} users.`, channelID: "general" });
    // The listener sees it in the announcements channel.
    const channel = await getJson<PageBody>("/api/notifications/channel/announcements", listening.cookie);
    expect(channel.body.notifications[0]?.message).toBe("We ship on Fridays now.");
  });

  test("an e-mail announcement queues one mail per user whose e-mail switch is on", async () => {
    const admin = await server.createAdmin();
    const muted = await server.createUser({ settings: withSettings((s) => (s.emailNotifications.announcementsEnabled = false)) });
    const listening = await server.createUser();
    const subject = `Launch week ${newId()}`;
    const response = await announce(admin.cookie, "email", { subject, message: "New templates are live." });
    expect(response.status).toBe(200);
    await settleAnnouncements();
    const mails = (await mailsToEveryone()).filter((mail) => mail.subject === subject);
    const recipients = mails.map((mail) => mail.to);
    expect(recipients).toContain(listening.user.email);
    expect(recipients).toContain(admin.user.email);
    expect(recipients).not.toContain(muted.user.email);
    expect(new Set(recipients).size).toBe(mails.length);
    // creatorName is the announcing admin's display name, from the session.
    expect(mails.every((mail) => mail.text.startsWith("New templates are live.") && mail.text.includes(admin.user.displayName))).toBe(true);
    const adminList = await getJson<PageBody>("/api/notifications", admin.cookie);
    expect(adminList.body.notifications[0]?.message).toBe(`Your announcement was sent to ${mails.length} users.`);
  });
});

describe("the bell", () => {
  test("every signed-in page renders the bell with the 5 latest notifications; visitors get none", async () => {
    const { user, cookie } = await server.createUser();
    await seed(user.id, 7, "general", "Bell");
    for (const path of ["/dashboard", "/settings", "/notifications", "/terms"]) {
      const html = await (await server.request(path, { cookie })).text();
      expect(html).toContain('data-island="notification-bell"');
    }
    const html = await (await server.request("/dashboard", { cookie })).text();
    const props = JSON.parse(
      html
        .match(/data-island="notification-bell"[^>]*data-props="([^"]*)"/)![1]!
        .replaceAll("&quot;", '"')
        .replaceAll("&amp;", "&")
        .replaceAll("&#x27;", "'"),
    ) as { notifications: Item[] };
    expect(props.notifications.map((n) => n.message)).toEqual(["Bell 7", "Bell 6", "Bell 5", "Bell 4", "Bell 3"]);
    expect(await (await server.request("/terms")).text()).not.toContain("notification-bell");
  });
});
