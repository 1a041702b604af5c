// Notifications in Chromium: an admin changes a customer's project status; the customer's bell
// shows the unread dot and the message; opening it marks it read. Plus the notifications page at
// three widths in Light and Dark (screenshots in /tmp/shots-notifications for people to look at).
import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { notifications } from "../../db/schema";
import { newId } from "../../src/lib/ids";
import type { ChannelId } from "../../src/shared/enums";
import { createProjectAs } from "../projects/fixtures";
import { browserAvailable, screenshotsWanted, watchErrors } from "./browser";
import { browserSuite, hydrated, signIn } from "./helpers";

const SHOTS = "/tmp/shots-notifications";
/** These journeys use a shorter desktop window than the others. */
const NARROW_DESKTOP = { viewport: { width: 1280, height: 820 } };

async function shoot(page: Page, name: string, prepare?: (page: Page) => Promise<void>): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const viewport = page.viewportSize();
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const theme of ["0", "1"]) {
    for (const width of [375, 800, 1280]) {
      await page.setViewportSize({ width, height: 820 });
      await page.evaluate((value) => {
        document.documentElement.dataset.theme = value;
        window.scrollTo({ top: 0, behavior: "instant" });
      }, theme);
      await page.mouse.move(0, 600);
      if (prepare) await prepare(page);
      // `prepare` still runs at every width (the bell menu must open at each); the file is for people.
      if (screenshotsWanted) await page.screenshot({ path: `${SHOTS}/${name}-${width}-${theme === "0" ? "light" : "dark"}.png` });
    }
  }
  if (viewport) await page.setViewportSize(viewport);
}

describe.skipIf(!browserAvailable)("notifications in Chromium", () => {
  const suite = browserSuite();

  test("an admin's status change reaches the customer's bell; opening it marks it read", async () => {
    const customer = await suite.server.createUser({ displayName: "Ada Lovelace" });
    const projectId = await createProjectAs(suite.server, customer.cookie, { projectName: "Analytical Engines" });
    const admin = await suite.server.createAdmin();

    const adminContext = await signIn(suite, admin.cookie, NARROW_DESKTOP);
    const adminPage = await adminContext.newPage();
    const adminErrors = watchErrors(adminPage);
    await adminPage.goto(`${suite.server.url}/projects/${projectId}/admin`);
    await hydrated(adminPage, "project-admin");
    await adminPage.getByLabel("Project status").selectOption("in-progress");
    // A change that reaches the customer is asked first.
    await adminPage.getByRole("dialog", { name: "Set Analytical Engines to In Progress?" }).getByRole("button", { name: "Set to In Progress" }).click();
    await adminPage.locator('[data-project-badge="status"]', { hasText: "In Progress" }).waitFor();

    const context = await signIn(suite, customer.cookie, NARROW_DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/notifications")) requests.push(request.url());
    });
    await page.goto(`${suite.server.url}/dashboard`);
    await hydrated(page, "notification-bell");
    const bell = page.getByRole("button", { name: "Notifications, unread" });
    await bell.waitFor();
    expect(await page.locator("[data-bell-dot]").count()).toBe(1);
    // The bell arrived with the page: nothing was asked for on load.
    expect(requests).toEqual([]);
    await bell.click();
    const message = 'The status of your project "Analytical Engines" changed to In Progress.';
    const link = page
      .getByRole("region", { name: "Latest notifications" })
      .getByRole("link", { name: new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
    await link.waitFor();
    await link.click();
    await page.waitForURL(/\/notifications\/[0-9a-z]{26}$/);
    await hydrated(page, "notifications");
    await page.locator(".channel-message.is-active", { hasText: message }).waitFor();
    // Marked read locally at once (the bell's dot goes) and then on the server.
    await page.getByRole("button", { name: "Notifications", exact: true }).waitFor();
    expect(await page.locator("[data-bell-dot]").count()).toBe(0);
    let isRead = false;
    for (let attempt = 0; attempt < 50 && !isRead; attempt++) {
      const [row] = await suite.server.deps.database.db.select().from(notifications).where(eq(notifications.userId, customer.user.id));
      isRead = row?.isRead ?? false;
      if (!isRead) await page.waitForTimeout(100);
    }
    expect(isRead).toBe(true);
    // A reload shows it read: the server agrees.
    await page.reload();
    await hydrated(page, "notification-bell");
    expect(await page.locator("[data-bell-dot]").count()).toBe(0);
    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
    await context.close();
    await adminContext.close();
  });

  test("the list, the channel view, Load more, the back arrow on narrow screens, and screenshots", async () => {
    const customer = await suite.server.createUser({ displayName: "Grace Hopper" });
    const now = Date.now();
    const texts: [ChannelId, string][] = [
      ["general", 'The status of your project "Harbor Lights" changed to In Review.'],
      ["announcements", "We're rolling out a refreshed dashboard next week — expect faster lists and a cleaner project overview."],
      ["general", 'We received your payment for "Harbor Lights". Thank you!'],
      ["social", "We just shared a case study on how a bakery tripled its online orders."],
      ["general", 'An invoice for your project "Harbor Lights" was sent to your e-mail address.'],
    ];
    const rows = Array.from({ length: 27 }, (_, index) => {
      const [channelId, message] = texts[index % texts.length]!;
      const createdAt = new Date(now - (index * index + 1) * 37 * 60_000);
      return { id: newId(createdAt.getTime()), userId: customer.user.id, channelId, message, createdAt, isRead: index > 3 };
    });
    await suite.server.deps.database.db.insert(notifications).values(rows);

    const context = await signIn(suite, customer.cookie, NARROW_DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${suite.server.url}/notifications`);
    await hydrated(page, "notifications");
    // Wide screen, nothing open: the first one opens by itself.
    await page.waitForURL(`${suite.server.url}/notifications/${rows[0]!.id}`);
    await page.locator(".channel-message.is-active").waitFor();
    expect(await page.locator(".notification-row").count()).toBe(20);
    await page.getByRole("button", { name: "Load more" }).click();
    await page.waitForFunction(() => document.querySelectorAll(".notification-row").length === 27);
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);

    await shoot(page, "notifications-open");

    // Narrow: the channel view alone with a back arrow, which returns to the list alone.
    await page.setViewportSize({ width: 375, height: 820 });
    expect(await page.locator(".notifications-list-pane").isVisible()).toBe(false);
    await page.getByRole("link", { name: "Back to notifications" }).click();
    await page.waitForURL(`${suite.server.url}/notifications`);
    expect(await page.locator(".channel-pane").isVisible()).toBe(false);
    expect(await page.locator(".notifications-list-pane").isVisible()).toBe(true);

    // A fresh narrow visit opens nothing by itself.
    const narrow = await context.newPage();
    const narrowErrors = watchErrors(narrow);
    await narrow.setViewportSize({ width: 375, height: 820 });
    await narrow.goto(`${suite.server.url}/notifications`);
    await hydrated(narrow, "notifications");
    expect(narrow.url()).toBe(`${suite.server.url}/notifications`);
    await shoot(narrow, "notifications-list");

    // The bell menu, open, at every width.
    await shoot(narrow, "bell-menu", async (shot) => {
      if ((await shot.locator(".bell-menu").count()) === 0) await shot.locator(".bell-trigger").click();
      await shot.locator(".bell-menu").waitFor();
    });
    expect(errors).toEqual([]);
    expect(narrowErrors).toEqual([]);
    await context.close();
  });

  test("the channel history loads earlier notifications when scrolled to the top", async () => {
    const customer = await suite.server.createUser();
    const now = Date.now();
    const rows = Array.from({ length: 30 }, (_, index) => ({
      id: newId(now - index * 60_000),
      userId: customer.user.id,
      channelId: "announcements" as const,
      message: `Announcement ${30 - index}`,
      createdAt: new Date(now - index * 60_000),
    }));
    await suite.server.deps.database.db.insert(notifications).values(rows);
    const context = await signIn(suite, customer.cookie, NARROW_DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${suite.server.url}/notifications/${rows[0]!.id}`);
    await hydrated(page, "notifications");
    expect(await page.locator(".channel-message").count()).toBe(20);
    await page.locator(".channel-history").evaluate((box) => box.scrollTo({ top: 0 }));
    await page.getByText("Loading earlier notifications…").waitFor();
    await page.waitForFunction(() => document.querySelectorAll(".channel-message").length === 30);
    expect(await page.locator(".channel-message").first().textContent()).toContain("Announcement 1");
    await page.getByText("This is the beginning of the Announcements channel.").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
