// Page polish in Chromium: notifications link to what they are about and can all be
// marked read (bell and page), the notifications page never shows two empty states, the Status
// tab's facts hold their badges at every width, and the Overview's Save Changes / Cancel bar
// stays in sight while a field is edited. Screenshots in /tmp/shots-page-polish for people.
import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { notifications } from "../../db/schema";
import { newId } from "../../src/lib/ids";
import { waitFor } from "../helpers/wait";
import { createProjectAs } from "../projects/fixtures";
import { browserAvailable, watchErrors } from "./browser";
import { DESKTOP, browserSuite, hydrated, photograph, signIn } from "./helpers";

const SHOTS = "/tmp/shots-page-polish";

describe.skipIf(!browserAvailable)("page polish in Chromium", () => {
  const suite = browserSuite();
  const db = () => suite.server.deps.database.db;

  /** The admin moves the project on; its creator is notified (with a link to it). */
  async function setStatus(adminCookie: string, projectId: string, status: string): Promise<void> {
    const response = await suite.server.request("/api/admin/projects", {
      method: "PATCH",
      cookie: adminCookie,
      json: { projectIDs: [projectId], updatedFields: { status } },
    });
    expect(response.status).toBe(200);
  }

  async function seedUnread(userId: string, count: number, label: string): Promise<void> {
    const start = Date.now() - count * 60_000;
    await db()
      .insert(notifications)
      .values(
        Array.from({ length: count }, (_, index) => ({
          id: newId(start + index * 60_000),
          userId,
          channelId: "announcements" as const,
          message: `${label} ${index + 1}`,
          createdAt: new Date(start + index * 60_000),
        })),
      );
  }

  async function unreadOf(userId: string): Promise<number> {
    return (
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    ).length;
  }

  async function waitForUnread(userId: string, expected: number): Promise<void> {
    for (let attempt = 0; attempt < 50 && (await unreadOf(userId)) !== expected; attempt++) await Bun.sleep(100);
    expect(await unreadOf(userId)).toBe(expected);
  }

  test("the bell links to the project a notification is about and marks everything read", async () => {
    const customer = await suite.server.createUser({ displayName: "Ada Lovelace" });
    const admin = await suite.server.createAdmin();
    const projectId = await createProjectAs(suite.server, customer.cookie, { projectName: "Analytical Bakery" });
    await setStatus(admin.cookie, projectId, "in-progress");

    const context = await signIn(suite, customer.cookie, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${suite.server.url}/dashboard`);
    await hydrated(page, "notification-bell");
    await page.getByRole("button", { name: "Notifications, unread" }).click();
    const menu = page.getByRole("region", { name: "Latest notifications" });
    await menu.getByRole("link", { name: "View project" }).click();
    // Following the link reads the notification on the way.
    await page.waitForURL(`${suite.server.url}/projects/${projectId}/status`);
    await waitForUnread(customer.user.id, 0);
    await hydrated(page, "notification-bell");
    expect(await page.locator("[data-bell-dot]").count()).toBe(0);

    await seedUnread(customer.user.id, 3, "News");
    await page.reload();
    await hydrated(page, "notification-bell");
    expect(await page.locator("[data-bell-dot]").count()).toBe(1);
    await page.getByRole("button", { name: "Notifications, unread" }).click();
    await photograph(page, SHOTS, "bell-open", [390, 1366]);
    await menu.getByRole("button", { name: "Mark all as read" }).click();
    await page.getByRole("button", { name: "Notifications", exact: true }).waitFor();
    expect(await menu.locator(".is-unread").count()).toBe(0);
    await waitForUnread(customer.user.id, 0);
    // The server agrees after a reload.
    await page.reload();
    await hydrated(page, "notification-bell");
    expect(await page.locator("[data-bell-dot]").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the page links each notification to its subject and marks all read, the bell following", async () => {
    const customer = await suite.server.createUser({ displayName: "Grace Hopper" });
    const admin = await suite.server.createAdmin();
    const projectId = await createProjectAs(suite.server, customer.cookie, { projectName: "Harbor Lights" });
    await setStatus(admin.cookie, projectId, "in-review");
    await seedUnread(customer.user.id, 4, "News");
    // Someone else's unread notifications are not theirs to read.
    const other = await suite.server.createUser();
    await seedUnread(other.user.id, 2, "Other");

    const context = await signIn(suite, customer.cookie, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${suite.server.url}/notifications`);
    await hydrated(page, "notifications");
    await hydrated(page, "notification-bell");
    const status = page.locator(".channel-message", { hasText: 'The status of your project "Harbor Lights" changed to In Review.' });
    await status.waitFor();
    expect(await status.getByRole("link", { name: "View project" }).getAttribute("href")).toBe(`/projects/${projectId}/status`);
    await page.getByText("4 unread").waitFor();

    await page.getByRole("button", { name: "Mark all as read" }).click();
    await page.getByText("All caught up").waitFor();
    expect(await page.getByRole("button", { name: "Mark all as read" }).count()).toBe(0);
    expect(await page.locator(".notification-row.is-unread").count()).toBe(0);
    // Focus stays on the page, not lost with the button.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("notifications-title");
    expect(await page.locator("[data-bell-dot]").count()).toBe(0);
    await waitForUnread(customer.user.id, 0);
    expect(await unreadOf(other.user.id)).toBe(2);

    await page.getByRole("link", { name: "View project" }).first().click();
    await page.waitForURL(`${suite.server.url}/projects/${projectId}/status`);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("with no notifications the page shows one empty state, at every width", async () => {
    const customer = await suite.server.createUser();
    const context = await signIn(suite, customer.cookie, { viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/notifications`);
    await hydrated(page, "notifications");
    for (const width of [390, 800, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.locator(".notifications-empty:visible").count()).toBe(1);
      await page.getByText("You have no notifications yet.").waitFor();
    }
    await photograph(page, SHOTS, "notifications-empty", [390, 1366]);
    await context.close();
  });

  test("the Status tab's facts never clip a badge, from 320 to 1366 px", async () => {
    const customer = await suite.server.createUser();
    const projectId = await createProjectAs(suite.server, customer.cookie);
    const context = await signIn(suite, customer.cookie, { viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/projects/${projectId}/status`);
    await page.locator(".fact", { hasText: "Pending Approval" }).waitFor();
    const problems: string[] = [];
    for (const width of [320, 390, 800, 1024, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      problems.push(
        ...(await page.evaluate((at) => {
          const found: string[] = [];
          const grid = document.querySelector<HTMLElement>(".facts");
          if (!grid) return [`${at}: no facts`];
          if (grid.scrollWidth > grid.clientWidth) found.push(`${at}: the grid is ${grid.scrollWidth - grid.clientWidth} px too wide`);
          const rows = [...grid.querySelectorAll<HTMLElement>(".fact")];
          for (const row of rows) {
            const label = row.querySelector("dt")?.textContent ?? "?";
            if (row.scrollWidth > row.clientWidth) found.push(`${at} ${label}: ${row.scrollWidth - row.clientWidth} px clipped`);
            const box = row.getBoundingClientRect();
            for (const badge of row.querySelectorAll<HTMLElement>(".badge")) {
              const inner = badge.getBoundingClientRect();
              if (badge.scrollWidth > badge.clientWidth || inner.left < box.left - 0.5 || inner.right > box.right + 0.5)
                found.push(`${at} ${label}: badge cut`);
            }
          }
          // Rows never touch: each has its own line box, with room above and below its text.
          for (const row of rows) if (row.getBoundingClientRect().height < 40) found.push(`${at} ${row.querySelector("dt")?.textContent}: cramped`);
          return found;
        }, width)),
      );
    }
    expect(problems).toEqual([]);
    await photograph(page, SHOTS, "status-facts", [390, 800, 1366]);
    await context.close();
  });

  /** The bar's box, and whether it lies wholly inside the window. */
  async function barInView(page: Page): Promise<boolean> {
    return page.evaluate(() => {
      const bar = document.querySelector(".unsaved-bar")?.getBoundingClientRect();
      return !!bar && bar.top >= 0 && bar.bottom <= window.innerHeight && bar.left >= 0 && bar.right <= window.innerWidth;
    });
  }

  test("while a top field of the Overview is edited, Save Changes and Cancel stay in sight and never cover it", async () => {
    const customer = await suite.server.createUser();
    const projectId = await createProjectAs(suite.server, customer.cookie);
    for (const width of [390, 1366]) {
      const context = await signIn(suite, customer.cookie, { viewport: { width, height: 800 } });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${suite.server.url}/projects/${projectId}`);
      expect(await page.locator(".unsaved-bar").count()).toBe(0);
      // The form comes rendered and hydrates when the user starts on it: typing is that start.
      const phone = page.getByLabel("Phone number");
      await phone.fill("+44 20 7946 0001");
      await hydrated(page, "wizard");
      const bar = page.getByRole("status").filter({ hasText: "You have unsaved changes." });
      await bar.waitFor();
      // It slides in over 0.2 s; then it sits wholly inside the window.
      await page.waitForFunction(() => document.getAnimations().length === 0);
      expect(await barInView(page)).toBe(true);
      // The field being typed in is not under the bar.
      await page.waitForFunction(() => {
        const field = document.activeElement?.getBoundingClientRect();
        const over = document.querySelector(".unsaved-bar")?.getBoundingClientRect();
        return !!field && !!over && field.bottom <= over.top && field.top >= 64;
      });
      for (const to of ["bottom", "top"] as const) {
        await page.evaluate((where) => window.scrollTo({ top: where === "top" ? 0 : document.body.scrollHeight, behavior: "instant" }), to);
        expect(await barInView(page)).toBe(true);
        expect(await bar.getByRole("button", { name: "Save Changes" }).isVisible()).toBe(true);
      }
      if (width === 390) await photograph(page, SHOTS, "overview-unsaved", [390, 1366]);
      await bar.getByRole("button", { name: "Cancel" }).click();
      await page.locator(".unsaved-bar").waitFor({ state: "detached" });
      expect(await phone.inputValue()).toBe("+44 20 7946 0000");
      expect(errors).toEqual([]);
      await context.close();
    }
  });
  /** Resolves once the bar scrolls sideways and its current tab lies whole inside it. */
  const currentTabInView = (page: Page, bar: string) =>
    page.waitForFunction((selector) => {
      const nav = document.querySelector<HTMLElement>(selector);
      const tab = nav?.querySelector<HTMLElement>('[aria-current="page"]');
      if (!nav || !tab || nav.scrollWidth <= nav.clientWidth) return false;
      const outer = nav.getBoundingClientRect();
      const inner = tab.getBoundingClientRect();
      return inner.left >= outer.left - 1 && inner.right <= outer.right + 1;
    }, bar);

  test("on a phone a sideways tab bar opens with its current tab in view (project, console, settings)", async () => {
    const admin = await suite.server.createAdmin();
    const projectId = await createProjectAs(suite.server, admin.cookie);
    const context = await signIn(suite, admin.cookie, { viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    for (const [path, bar] of [
      [`/projects/${projectId}/activity`, 'nav[aria-label="Project"]'],
      ["/admin/tools", 'nav[aria-label="Admin console"]'],
      ["/settings/bugreports", 'nav[aria-label="Settings sections"]'],
    ] as const) {
      await page.goto(`${suite.server.url}${path}`);
      const current = page.locator(`${bar} [aria-current="page"]`);
      await currentTabInView(page, bar);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await photograph(page, SHOTS, `current-tab-${path.split("/").at(-1)}`, [375]);
      expect(await current.count()).toBe(1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the current tab comes into view also when the stylesheet arrives after the bar's script has run", async () => {
    const admin = await suite.server.createAdmin();
    const context = await signIn(suite, admin.cookie, { viewport: { width: 375, height: 800 } });
    // The stylesheet (and so the web font) is held until the script has run, as on a slow network.
    const { promise: scriptRan, resolve: releaseStylesheet } = Promise.withResolvers<void>();
    await context.route(/\.css$/, async (route) => {
      await scriptRan;
      await route.continue();
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${suite.server.url}/admin/tools`, { waitUntil: "commit" });
    await page.locator('[data-tab-scroller="ready"]').waitFor({ state: "attached" });
    expect(await page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.endsWith(".css")))).toBe(false);
    releaseStylesheet();
    await currentTabInView(page, 'nav[aria-label="Admin console"]');
    expect(errors).toEqual([]);
    await context.close();
  });

  /**
   * Opens `path` on `page` through a proxy that sends the document's head and holds its body until
   * the behaviour script named `script` has run, as on a slow network: React puts the behaviours'
   * async scripts in the head, so a cached one can run before the body has arrived.
   */
  async function openWithBodyHeld(page: Page, path: string, script: string): Promise<Bun.Server<undefined>> {
    const { promise: scriptRan, resolve: releaseBody } = Promise.withResolvers<void>();
    const encoder = new TextEncoder();
    const proxy = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      async fetch(request) {
        const url = new URL(request.url);
        const answer = await fetch(new URL(url.pathname + url.search, suite.server.url), {
          headers: { cookie: request.headers.get("cookie") ?? "", "accept-encoding": "identity" },
          redirect: "manual",
        });
        if (url.pathname !== path) return answer;
        const html = await answer.text();
        const body = html.indexOf("<body");
        const stream = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode(html.slice(0, body)));
            await scriptRan;
            controller.enqueue(encoder.encode(html.slice(body)));
            controller.close();
          },
        });
        return new Response(stream, { headers: { "content-type": "text/html; charset=utf-8" } });
      },
    });
    // A script element's load event comes after the script has run.
    await page.addInitScript(() => {
      const ran: string[] = [];
      Object.assign(window, { ran });
      document.addEventListener("load", (event) => event.target instanceof HTMLScriptElement && ran.push(event.target.src), true);
    });
    await page.goto(`${proxy.url.origin}${path}`, { waitUntil: "commit" });
    // Playwright's waitForFunction does not run before the body has arrived; evaluate does.
    await waitFor(`${script} to run`, () =>
      page.evaluate((name) => (window as unknown as { ran: string[] }).ran.some((src) => src.includes(`/${name}-`)), script),
    );
    expect(await page.evaluate(() => ({ state: document.readyState, body: document.body !== null }))).toEqual({ state: "loading", body: false });
    releaseBody();
    return proxy;
  }

  test("the tab bar and the Show button work also when their scripts run before the page's body has arrived", async () => {
    const admin = await suite.server.createAdmin();
    const newcomer = await suite.server.createUser({ mustChangePassword: true });
    for (const [cookie, path, script, works] of [
      [admin.cookie, "/admin/tools", "tab-bars", (page: Page) => currentTabInView(page, 'nav[aria-label="Admin console"]')],
      [newcomer.cookie, "/choose-password", "password-reveal", (page: Page) => page.getByRole("button", { name: "Show new password" }).waitFor()],
    ] as const) {
      const context = await signIn(suite, cookie, { viewport: { width: 375, height: 800 } });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const proxy = await openWithBodyHeld(page, path, script);
      await works(page);
      expect(errors).toEqual([]);
      await context.close();
      await proxy.stop(true);
    }
    // Without the script the Show button, which would do nothing, stays hidden.
    const context = await signIn(suite, newcomer.cookie, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/choose-password`);
    await page.getByLabel("New password", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Show new password" }).isVisible()).toBe(false);
    await context.close();
  });
});
