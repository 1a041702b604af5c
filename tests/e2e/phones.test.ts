// In Chromium, on phones (320 and 390 px): every tab of the project's, the
// console's and Settings' bars is reachable by keyboard and by touch, with the current tab in view
// and an arrow at the edge that has more; Escape closes every menu and gives focus back to its
// button; the dashboard shows Paid/Unpaid; the wizard's rail shows all nine steps; the error
// summary shows below the sticky header, in the form's order. axe runs on each page in light and
// dark. Screenshots (375, 800 and 1280 px, light and dark) in /tmp/shots-phones for people.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { createProjectAs } from "../projects/fixtures";
import { axeInLooks, browserAvailable, watchErrors } from "./browser";
import { DESKTOP, browserSuite, hydrated, photograph, png, signIn } from "./helpers";

const SHOTS = "/tmp/shots-phones";
const PHONES = [320, 390] as const;
const BARS = {
  project: 'nav[aria-label="Project"]',
  console: 'nav[aria-label="Admin console"]',
  settings: 'nav[aria-label="Settings sections"]',
} as const;

/** Whether the bar's `index`th link lies whole inside the bar and is what a tap at its centre hits (no arrow over it). */
function tabInView(page: Page, bar: string, index: number): Promise<boolean> {
  return page.evaluate(
    ([selector, at]) => {
      const nav = document.querySelector<HTMLElement>(selector);
      const tab = nav?.querySelectorAll<HTMLElement>("a")[at];
      if (!nav || !tab) return false;
      const outer = nav.getBoundingClientRect();
      const inner = tab.getBoundingClientRect();
      if (inner.left < outer.left - 1 || inner.right > outer.right + 1) return false;
      const hit = document.elementFromPoint(inner.left + inner.width / 2, inner.top + inner.height / 2);
      return hit !== null && tab.contains(hit);
    },
    [bar, index] as const,
  );
}

/** Opens `url` and waits for its tab bar's script (arrows, focus scrolling) to have run. */
async function openWithTabBar(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-tab-scroller="ready"]').waitFor({ state: "attached" });
}

/** Resolves once the bar has stopped scrolling (a smooth scroll runs over several frames). */
function scrollSettled(page: Page, bar: string): Promise<void> {
  return page.evaluate(
    (selector) =>
      new Promise<void>((resolve) => {
        const nav = document.querySelector<HTMLElement>(selector);
        let last = Number.NaN;
        let still = 0;
        const check = () => {
          const now = nav?.scrollLeft ?? 0;
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 5) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    bar,
  );
}

/** axe on the page as loaded (Light) and in Dark, each finding named with `where`. */
async function axeInBothThemes(page: Page, where: string, found: string[]): Promise<void> {
  for (const violation of await axeInLooks(page, [{ theme: 1 }])) found.push(`${where} ${violation}`);
}

describe.skipIf(!browserAvailable)("phones in Chromium", () => {
  const suite = browserSuite();

  test("every tab of the project's, the console's and Settings' bars is reachable by keyboard and by touch at 320 and 390 px", async () => {
    const admin = await suite.server.createAdmin();
    const projectId = await createProjectAs(suite.server, admin.cookie, { projectName: "Analytical Bakery" });
    const pages = [
      { bar: BARS.project, first: `/projects/${projectId}`, last: `/projects/${projectId}/admin` },
      { bar: BARS.console, first: "/admin", last: "/admin/api" },
      { bar: BARS.settings, first: "/settings", last: "/settings/bugreports" },
    ];
    for (const width of PHONES) {
      const context = await signIn(suite, admin.cookie, { viewport: { width, height: 760 }, hasTouch: true, isMobile: true, bypassCSP: true });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const found: string[] = [];
      // An admin's header (Dashboard, Admin, Search, the bell, the profile menu) stays on the screen.
      await page.goto(`${suite.server.url}/admin`);
      expect(await page.locator("summary.profile-trigger").evaluate((summary) => summary.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
      for (const { bar, first, last } of pages) {
        // The last tab is current: the bar opens with it in view, and the other edge has an arrow.
        await openWithTabBar(page, `${suite.server.url}${last}`);
        const count = await page.locator(`${bar} a`).count();
        await page.waitForFunction(
          ([selector, at]) => {
            const nav = document.querySelector<HTMLElement>(selector);
            const tab = nav?.querySelectorAll<HTMLElement>("a")[at];
            if (!nav || !tab) return false;
            const outer = nav.getBoundingClientRect();
            const inner = tab.getBoundingClientRect();
            return inner.left >= outer.left - 1 && inner.right <= outer.right + 1;
          },
          [bar, count - 1] as const,
        );
        const overflows = await page.locator(bar).evaluate((nav) => nav.scrollWidth > nav.clientWidth);
        // The arrows come with the bar's script (loaded async): wait for it, never for a fixed time.
        if (overflows) await page.locator(`${bar} ~ .tab-arrow-start`).waitFor({ state: "visible" });
        await axeInBothThemes(page, `${last} at ${width}`, found);

        // Keyboard: from the first tab, Tab reaches each in turn, scrolled into view and not under an arrow.
        await openWithTabBar(page, `${suite.server.url}${first}`);
        await page.locator(`${bar} a`).first().focus();
        for (let index = 0; index < count; index++) {
          if (index > 0) await page.keyboard.press("Tab");
          expect(
            await page.evaluate(([selector, at]) => document.activeElement === document.querySelectorAll(`${selector} a`)[at], [bar, index] as const),
          ).toBe(true);
          await scrollSettled(page, bar);
          expect(`${first} at ${width}: tab ${index} ${await tabInView(page, bar, index)}`).toBe(`${first} at ${width}: tab ${index} true`);
        }

        // Touch: from the start, the end arrow brings each tab into view; then the last one is tapped.
        await openWithTabBar(page, `${suite.server.url}${first}`);
        if (overflows) {
          // The arrow sits over the bar's end, as tall as the bar.
          await page.locator(`${bar} ~ .tab-arrow-end`).waitFor({ state: "visible" });
          const [arrow, nav] = await Promise.all([page.locator(`${bar} ~ .tab-arrow-end`).boundingBox(), page.locator(bar).boundingBox()]);
          expect(
            arrow &&
              nav &&
              Math.abs(arrow.y - nav.y) < 1 &&
              Math.abs(arrow.height - nav.height) < 1 &&
              Math.abs(arrow.x + arrow.width - (nav.x + nav.width)) < 1,
          ).toBe(true);
        }
        for (let index = 0; index < count; index++) {
          for (let taps = 0; taps < 6 && !(await tabInView(page, bar, index)); taps++) {
            await page.locator(`${bar} ~ .tab-arrow-end`).tap();
            await scrollSettled(page, bar);
          }
          expect(`${first} at ${width}: tab ${index} ${await tabInView(page, bar, index)}`).toBe(`${first} at ${width}: tab ${index} true`);
        }
        // At the end the end arrow goes: nothing more lies beyond.
        expect(await page.locator(`${bar} ~ .tab-arrow-end`).isVisible()).toBe(false);
        await page.locator(`${bar} a`).last().tap();
        await page.waitForURL(`${suite.server.url}${last}`);
      }
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 240_000);

  test("Escape closes every menu and gives focus back to its button", async () => {
    const admin = await suite.server.createAdmin();
    await createProjectAs(suite.server, admin.cookie, { projectName: "Menu Bakery" });
    // The visitors' Menu, on a phone (a popover: no script on public pages).
    const visitor = await suite.browser.newContext({ viewport: { width: 390, height: 760 }, bypassCSP: true });
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${suite.server.url}/`);
    const menuButton = publicPage.getByRole("button", { name: "Menu" });
    await menuButton.click();
    const mainMenu = publicPage.getByRole("navigation", { name: "Main menu" });
    await mainMenu.getByRole("link", { name: "Support" }).focus();
    const found: string[] = [];
    await axeInBothThemes(publicPage, "/ with the Menu open", found);
    await photograph(publicPage, SHOTS, "public-menu-open", [375]);
    await publicPage.keyboard.press("Escape");
    expect(await mainMenu.isVisible()).toBe(false);
    expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true);
    // A tap elsewhere closes it too.
    await menuButton.click();
    await publicPage.mouse.click(10, 400);
    expect(await mainMenu.isVisible()).toBe(false);
    await visitor.close();

    const context = await signIn(suite, admin.cookie, { viewport: DESKTOP, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${suite.server.url}/dashboard`);
    await page.locator('html[data-menus="ready"]').waitFor({ state: "attached" });

    // The profile menu (a <details>), by keyboard and by pointer.
    const profile = page.locator("summary.profile-trigger");
    await profile.focus();
    await page.keyboard.press("Enter");
    await page.locator(".profile-menu .menu-links a", { hasText: "Settings" }).focus();
    await page.keyboard.press("Escape");
    expect(await page.locator("details.profile-menu").evaluate((menu) => (menu as HTMLDetailsElement).open)).toBe(false);
    expect(await profile.evaluate((summary) => summary === document.activeElement)).toBe(true);
    await profile.click();
    await page.mouse.click(640, 600);
    expect(await page.locator("details.profile-menu").evaluate((menu) => (menu as HTMLDetailsElement).open)).toBe(false);

    // The bell's menu.
    await hydrated(page, "notification-bell");
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await bell.click();
    await page.locator("#bell-menu").waitFor();
    await page.keyboard.press("Escape");
    expect(await page.locator("#bell-menu").count()).toBe(0);
    expect(await bell.evaluate((button) => button === document.activeElement)).toBe(true);

    // A disclosure menu of the admin table (Set status, once a row is selected).
    await hydrated(page, "admin-table");
    await page.getByRole("checkbox", { name: "Select Menu Bakery" }).check();
    const setStatus = page.getByRole("button", { name: "Set status" });
    await setStatus.click();
    await page.getByRole("menu", { name: "Set status" }).waitFor();
    await page.keyboard.press("Escape");
    expect(await page.getByRole("menu", { name: "Set status" }).count()).toBe(0);
    expect(await setStatus.evaluate((button) => button === document.activeElement)).toBe(true);
    await axeInBothThemes(page, "/dashboard with a row selected", found);
    await photograph(page, SHOTS, "dashboard-admin-selected", [375, 800, 1280]);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  test("the dashboard shows each project's payment state on a phone, for customers and admins", async () => {
    const customer = await suite.server.createUser({ displayName: "Ada Lovelace" });
    const admin = await suite.server.createAdmin();
    await createProjectAs(suite.server, customer.cookie, { projectName: "Unpaid Bakery" });
    for (const [who, cookie] of [
      ["customer", customer.cookie],
      ["admin", admin.cookie],
    ] as const) {
      const context = await signIn(suite, cookie, { viewport: { width: 390, height: 760 }, bypassCSP: true });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${suite.server.url}/dashboard`);
      if (who === "admin") await hydrated(page, "admin-table");
      // The Payment Status column is hidden on a phone: its badge shows under the status instead.
      const row = page.getByRole("row", { name: /Unpaid Bakery/ });
      expect(await row.locator(".badge:visible", { hasText: /^Unpaid$/ }).count()).toBe(1);
      expect(await row.locator(".badge:visible", { hasText: /^Pending Approval$/ }).count()).toBe(1);
      // The table fits the phone: no sideways scroll for it.
      expect(
        await page
          .locator(".table-wrap")
          .first()
          .evaluate((wrap) => wrap.scrollWidth <= wrap.clientWidth),
      ).toBe(true);
      const found: string[] = [];
      await axeInBothThemes(page, `/dashboard at 390 (${who})`, found);
      expect(found).toEqual([]);
      await photograph(page, SHOTS, `dashboard-${who}`, [375, 800, 1280]);
      // From 601 px the column is back and the badge shows once, in it.
      await page.setViewportSize(DESKTOP);
      expect(await page.getByRole("columnheader", { name: "Payment Status" }).isVisible()).toBe(true);
      expect(await row.locator(".badge:visible", { hasText: /^Unpaid$/ }).count()).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 120_000);

  test("the wizard's rail shows all nine steps with the current one at 320 and 390 px, and its error summary shows below the sticky header in the form's order", async () => {
    const customer = await suite.server.createUser({ displayName: "Ada Lovelace" });
    for (const width of PHONES) {
      const context = await signIn(suite, customer.cookie, { viewport: { width, height: 700 }, bypassCSP: true });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${suite.server.url}/create`);
      await hydrated(page, "wizard");
      const steps = page.getByRole("navigation", { name: "Wizard steps" }).getByRole("button");
      expect(await steps.count()).toBe(9);
      for (let index = 0; index < 9; index++) {
        const box = await steps.nth(index).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width && box.width >= 24).toBe(true);
      }
      expect(await page.locator('[aria-current="step"]').isVisible()).toBe(true);

      // Next at the foot of an empty General step: the summary comes into view under the header.
      await page.getByRole("button", { name: "Next" }).scrollIntoViewIfNeeded();
      await page.getByRole("button", { name: "Next" }).click();
      const summary = page.locator(".error-summary");
      await summary.waitFor();
      await page.waitForFunction(() => {
        const box = document.querySelector(".error-summary")?.getBoundingClientRect();
        const header = document.querySelector(".site-header")?.getBoundingClientRect();
        return box && header && box.top >= header.bottom && box.top < window.innerHeight / 2;
      });
      const listed = (await summary.locator("li").allTextContents()).map((line) => line.split(":")[0]);
      // Signed in, the name and e-mail are filled in already.
      expect(listed).toEqual([
        "Phone number",
        "Project name",
        "Logo images",
        "Project domain",
        "Domain provider URL",
        "Domain provider username",
        "Domain provider password",
      ]);
      // Focus is on the first field in error.
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("creatorPhoneNumber");
      if (width === 390) {
        const found: string[] = [];
        await axeInBothThemes(page, "/create with errors", found);
        expect(found).toEqual([]);
        await photograph(page, SHOTS, "wizard-errors", [375, 800, 1280]);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000);

  test("pages touched by the small fixes look right: messages with an image, the console's selection, sign-in (screenshots and axe)", async () => {
    const customer = await suite.server.createUser({ displayName: "Ada Lovelace" });
    const admin = await suite.server.createAdmin();
    const projectId = await createProjectAs(suite.server, customer.cookie, { projectName: "Analytical Bakery" });
    const form = new FormData();
    form.append("body", "Here is the photo for the hero.");
    form.append("attachments", new File([new Uint8Array(png(64, 48, [250, 250, 250]))], "hero.png", { type: "image/png" }));
    expect((await suite.server.request(`/api/projects/${projectId}/messages`, { method: "POST", cookie: customer.cookie, body: form })).status).toBe(201);
    await suite.server.request(`/api/projects/${projectId}/messages`, { method: "POST", cookie: admin.cookie, json: { body: "Lovely, thank you!" } });

    const found: string[] = [];
    const context = await signIn(suite, customer.cookie, { viewport: { width: 1366, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${suite.server.url}/projects/${projectId}/messages`);
    await hydrated(page, "messages");
    // The card spans the page's column at 1366 px: no empty column beside it.
    const widths = await page.evaluate(() => ({
      card: document.querySelector(".messages-card")?.getBoundingClientRect().width ?? 0,
      column: (() => {
        const column = document.querySelector(".project-page");
        if (!column) return 0;
        const style = getComputedStyle(column);
        return column.getBoundingClientRect().width - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      })(),
    }));
    expect(widths.card).toBeGreaterThan(widths.column - 2);
    await axeInBothThemes(page, "messages", found);
    await photograph(page, SHOTS, "messages", [375, 800, 1280]);
    for (const path of [`/projects/${projectId}`, "/settings", "/settings/security"]) {
      await page.goto(`${suite.server.url}${path}`);
      await page.waitForLoadState("networkidle");
      await axeInBothThemes(page, path, found);
      await photograph(page, SHOTS, path.replace(/\//g, "_").replace(projectId, "project"), [375, 800, 1280]);
    }
    await context.close();

    // Sign-in: the password, then "Forgot Password?", in tab order; the backdrop meets the footer.
    const visitor = await suite.browser.newContext({ viewport: DESKTOP, bypassCSP: true });
    const login = await visitor.newPage();
    await login.goto(`${suite.server.url}/login`);
    await login.getByLabel("E-mail").focus();
    const order: string[] = [];
    for (let press = 0; press < 3; press++) {
      await login.keyboard.press("Tab");
      order.push(await login.evaluate(() => document.activeElement?.getAttribute("name") ?? document.activeElement?.textContent?.trim() ?? ""));
    }
    expect(order).toEqual(["password", "Forgot Password?", "Sign in"]);
    const gap = await login.evaluate(() => {
      const backdrop = document.querySelector(".auth-page")?.getBoundingClientRect();
      const footer = document.querySelector(".site-footer")?.getBoundingClientRect();
      return backdrop && footer ? footer.top - backdrop.bottom : Number.NaN;
    });
    expect(Math.abs(gap)).toBeLessThan(1);
    for (const path of ["/login", "/register"]) {
      await login.goto(`${suite.server.url}${path}`);
      await axeInBothThemes(login, path, found);
      await photograph(login, SHOTS, path.slice(1), [375, 800, 1280]);
    }
    await visitor.close();
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  }, 180_000);
});
