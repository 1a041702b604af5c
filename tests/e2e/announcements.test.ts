// Announcements in Markdown (decision 083), in Chromium: the admin's live preview follows the typing
// beside the editor (under it on a phone), and the sent announcement reaches a customer's bell as one
// line and the notifications page formatted, its link opening apart. With SCREENSHOTS=1 the form,
// the bell and the bubble are photographed at 375, 800 and 1280 px, Light and Dark, in
// /tmp/shots-announcements for people to look at.
import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { notifications } from "../../db/schema";
import { browserAvailable, screenshotsWanted, seriousAxeViolations, watchErrors } from "./browser";
import { browserSuite, hydrated, signIn } from "./helpers";

const SHOTS = "/tmp/shots-announcements";
const MESSAGE =
  "**Closed** on *Friday* for our team day.\nOrders placed meanwhile wait safely.\n\n- Support replies on Monday\n- See [our hours](https://example.com/hours)";

/** The element alone, in Light and Dark at each width (for people, never compared). */
async function shoot(page: Page, name: string, element: (page: Page) => Promise<Locator>): Promise<void> {
  if (!screenshotsWanted) return;
  mkdirSync(SHOTS, { recursive: true });
  const viewport = page.viewportSize();
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const theme of ["0", "1"]) {
    await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
    for (const width of [375, 800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // A full-page shot clipped to the element: the sticky header stays at the top, off the element.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      const box = await (await element(page)).boundingBox();
      if (!box) throw new Error(`${name} is not shown at ${width} px`);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${theme === "0" ? "light" : "dark"}.png`, fullPage: true, clip: box });
    }
  }
  await page.evaluate(() => (document.documentElement.dataset.theme = "0"));
  if (viewport) await page.setViewportSize(viewport);
}

describe.skipIf(!browserAvailable)("announcements in Markdown in Chromium", () => {
  const suite = browserSuite();

  test("the preview follows the typing; the bell shows one line, the page the formatted message", async () => {
    const admin = await suite.server.createAdmin();
    const customer = await suite.server.createUser({ displayName: "Ada Lovelace" });
    const adminContext = await signIn(suite, admin.cookie, { viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const adminPage = await adminContext.newPage();
    const adminErrors = watchErrors(adminPage);
    await adminPage.goto(`${suite.server.url}/admin`);
    await hydrated(adminPage, "announcements");

    const form = adminPage.getByRole("form", { name: "App announcement" });
    const preview = form.getByRole("figure", { name: "Preview" });
    await form.getByLabel("Message").pressSequentially("**Closed** on");
    await preview.locator(".channel-message strong", { hasText: "Closed" }).waitFor();
    expect(await preview.locator(".bell-item-message").textContent()).toBe("Closed on");
    await form.getByLabel("Message").fill(MESSAGE);
    await preview.getByRole("link", { name: "our hours" }).waitFor();
    expect(await preview.locator(".bell-item-message").textContent()).toBe(
      "Closed on Friday for our team day. Orders placed meanwhile wait safely. • Support replies on Monday • See our hours",
    );
    // Beside the editor on a wide screen, under it on a phone.
    const besides = async () => {
      const editor = await form.getByLabel("Message").boundingBox();
      const shown = await preview.boundingBox();
      return Boolean(editor && shown && shown.x > editor.x + editor.width && shown.y < editor.y + editor.height);
    };
    expect(await besides()).toBe(true);
    await adminPage.setViewportSize({ width: 375, height: 900 });
    expect(await besides()).toBe(false);
    await adminPage.setViewportSize({ width: 1280, height: 900 });

    const mail = adminPage.getByRole("form", { name: "E-mail announcement" });
    await mail.getByLabel("Subject").fill("Closed on Friday");
    await mail.getByLabel("Message").fill(MESSAGE);
    await mail.getByRole("figure", { name: "Preview" }).getByText("See our hours (https://example.com/hours)", { exact: false }).waitFor();
    expect(await seriousAxeViolations(adminPage)).toEqual([]);
    await shoot(adminPage, "admin-form", async (page) => page.locator(".admin-announcements"));

    await form.getByRole("button", { name: "Send app announcement" }).click();
    const ask = adminPage.getByRole("dialog", { name: /^Send this app announcement to \d+ users\?$/ });
    await ask.locator(".channel-message strong", { hasText: "Closed" }).waitFor();
    await shoot(adminPage, "confirm", async (page) => page.getByRole("dialog"));
    await ask.getByRole("button", { name: "Send announcement" }).click();
    await adminPage.getByText("Your announcement is being sent.", { exact: false }).first().waitFor();
    expect(adminErrors).toEqual([]);

    const db = suite.server.deps.database.db;
    const deadline = Date.now() + 15_000;
    let rows = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customer.user.id), eq(notifications.message, MESSAGE)));
    while (rows.length === 0 && Date.now() < deadline) {
      await Bun.sleep(200);
      rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, customer.user.id), eq(notifications.message, MESSAGE)));
    }
    const id = rows[0]?.id;
    expect(id).toBeDefined();

    const context = await signIn(suite, customer.cookie, { viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${suite.server.url}/dashboard`);
    await hydrated(page, "notification-bell");
    await page.getByRole("button", { name: "Notifications, unread" }).click();
    const menu = page.getByRole("region", { name: "Latest notifications" });
    await menu.waitFor();
    expect(await menu.locator(".bell-item-message").first().textContent()).toBe(
      "Closed on Friday for our team day. Orders placed meanwhile wait safely. • Support replies on Monday • See our hours",
    );
    await shoot(page, "bell", async (shot) => {
      if ((await shot.locator(".bell-menu").count()) === 0) await shot.locator(".bell-trigger").click();
      return shot.locator(".bell-menu");
    });

    await page.goto(`${suite.server.url}/notifications/${id}`);
    await hydrated(page, "notifications");
    const bubble = page.locator(`.channel-message:has(#message-${id})`);
    await bubble.locator("strong", { hasText: "Closed" }).waitFor();
    expect(await bubble.locator("li").allTextContents()).toEqual(["Support replies on Monday", "See our hours"]);
    const link = bubble.getByRole("link", { name: "our hours" });
    expect(await link.getAttribute("rel")).toBe("noopener nofollow");
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await bubble.textContent()).not.toContain("**");
    // The bubble still opens through its time, stretched over it.
    expect(await bubble.getByRole("button").getAttribute("aria-describedby")).toBe(`message-${id}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, "notifications-page", async (shot) =>
      (await shot.locator(".channel-pane").isVisible()) ? shot.locator(".channel-pane") : shot.locator(".notifications-layout"),
    );
    expect(errors).toEqual([]);
    await context.close();
    await adminContext.close();
  }, 120_000);
});
