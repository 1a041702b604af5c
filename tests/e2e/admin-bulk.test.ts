// Admins at speed, in Chromium (issues 15 and 16): selecting three orders and setting them In
// Progress from the selection bar, then finding them so in the CSV export; the command palette;
// the Report a Bug dialog fully on screen at 390 and 1366 px; and the confirmations of changes
// that reach customers. axe runs with the selection bar, the palette and the dialogs open.
// With SCREENSHOTS=1 each state is photographed at 375, 800 and 1280 px, Light and Dark.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { projects } from "../../db/schema";
import { createProjectAs } from "../projects/fixtures";
import { browserAvailable, seriousAxeViolations, watchErrors } from "./browser";
import { browserSuite, hydrated, photograph, signIn } from "./helpers";

const SHOTS = "/work/shots-admin";
const shoot = (page: Page, name: string) => photograph(page, SHOTS, name, [375, 800, 1280]);
const WIDE = { width: 1366, height: 800 };

async function expectInViewport(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error(`${selector} has no box`);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

describe.skipIf(!browserAvailable)("admin bulk actions, palette and dialogs in Chromium", () => {
  const suite = browserSuite();

  test("an admin selects three orders, sets them In Progress, and finds them so in the CSV export", async () => {
    const admin = await suite.server.createAdmin();
    // Fresh addresses per attempt, so a retried run (package.json: --retry=1) starts clean.
    const ada = await suite.server.createUser({ displayName: "Ada Lovelace", email: `ada-${Date.now().toString(36)}@bakery.example` });
    const names = ["Analytical Bakery", "Difference Engine Cafe", "Note G Bookshop", "Untouched Florist"];
    const ids: string[] = [];
    for (const projectName of names) ids.push(await createProjectAs(suite.server, ada.cookie, { projectName }));
    const context = await signIn(suite, admin.cookie, { viewport: WIDE, bypassCSP: true, acceptDownloads: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${suite.server.url}/dashboard`);
    await hydrated(page, "admin-table");
    const requests = page.locator('[data-island="admin-table"]').first();

    // The keyboard selects: Tab to a checkbox, Space ticks it.
    await requests.getByRole("checkbox", { name: "Select Analytical Bakery" }).focus();
    await page.keyboard.press("Space");
    await requests.getByRole("checkbox", { name: "Select Difference Engine Cafe" }).check();
    await requests.getByRole("checkbox", { name: "Select Note G Bookshop" }).check();
    const bar = page.getByRole("region", { name: "Bulk actions" });
    await expect(bar.getByText("3 selected").isVisible()).resolves.toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, "requests-selection");

    await bar.getByRole("button", { name: "Set status" }).click();
    await page.getByRole("menuitem", { name: "In Progress" }).click();
    const dialog = page.getByRole("dialog", { name: "Set 3 projects to In Progress?" });
    await expect(dialog.getByText("Ada Lovelace will be notified.").isVisible()).resolves.toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, "requests-confirm");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await page.getByText("3 projects updated.").waitFor();
    await shoot(page, "requests-updated");
    const statuses = await suite.server.deps.database.db.select({ name: projects.projectName, status: projects.status }).from(projects);
    expect(Object.fromEntries(statuses.map((row) => [row.name, row.status]))).toEqual({
      "Analytical Bakery": "in-progress",
      "Difference Engine Cafe": "in-progress",
      "Note G Bookshop": "in-progress",
      "Untouched Florist": "pending-approval",
    });

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.locator("#projects-title").locator("xpath=ancestor::section").getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const csv = readFileSync(await download.path(), "utf8");
    for (const name of names.slice(0, 3)) expect(csv).toMatch(new RegExp(`"${name}","[^"]*","In Progress"`));
    expect(csv).toMatch(/"Untouched Florist","[^"]*","Pending Approval"/);

    // The selection stays after a change (for another); Clear empties it. Delete from the bar is
    // asked first, and the keyboard lands back on the table.
    await bar.getByRole("button", { name: "Clear selection" }).click();
    await expect(bar.count()).resolves.toBe(0);
    await requests.getByRole("checkbox", { name: "Select Untouched Florist" }).check();
    await page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: /^Delete 1 project\?/ })
      .getByRole("button", { name: "Delete" })
      .click();
    await page.getByText("Project deleted.").waitFor();
    expect(
      (
        await suite.server.deps.database.db
          .select()
          .from(projects)
          .where(eq(projects.id, ids[3] ?? ""))
      ).length,
    ).toBe(0);
    await page.waitForFunction(() => /^Select all \d+ rows on this page$/.test(document.activeElement?.getAttribute("aria-label") ?? ""));

    // Bug reports: the bar's menu opens upwards and its items are reached with the arrow keys.
    for (const title of ["Checkout button does nothing", "Logo looks blurry on retina screens"]) {
      await suite.server.request("/api/bugreports", { method: "POST", cookie: ada.cookie, json: { title, description: "Steps: open the page." } });
    }
    await page.goto(`${suite.server.url}/admin/bugreports`);
    await hydrated(page, "admin-table");
    await page.getByRole("checkbox", { name: /^Select all \d+ rows on this page$/ }).check();
    await page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "More actions" }).click();
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Regular priority");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, "bug-reports-selection");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Give 2 bug reports high priority?" }).getByRole("button", { name: "Apply" }).click();
    await page.getByText("2 bug reports updated.").waitFor();
    expect(await page.getByRole("cell", { name: "High" }).count()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  test("Ctrl+K opens the palette; it finds a project by the customer's e-mail and Enter opens it", async () => {
    const admin = await suite.server.createAdmin();
    // Names of this attempt's own: a retry finds its own customer and project, not the first attempt's too.
    const stamp = Date.now().toString(36);
    const grace = await suite.server.createUser({ displayName: "Grace Hopper", email: `grace-${stamp}@cobol.example` });
    const id = await createProjectAs(suite.server, grace.cookie, { projectName: "Compiler Kitchen" });
    const context = await signIn(suite, admin.cookie, { viewport: WIDE, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${suite.server.url}/admin`);
    await hydrated(page, "command-palette");
    await page.keyboard.press("Control+k");
    const input = page.getByRole("combobox", { name: "Search the console" });
    await input.waitFor();
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    await input.fill(`${stamp}@cobol.example`);
    await page.getByRole("option", { name: /Compiler Kitchen/ }).waitFor();
    await page.getByRole("option", { name: /^Grace Hopper/ }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expectInViewport(page, ".dialog-palette");
    await shoot(page, "palette");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${suite.server.url}/projects/${id}`);

    // An admin's header (with Search) fits a 375 px phone without sideways scrolling.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize(WIDE);

    // The palette finds console pages too, and Escape gives the focus back.
    await hydrated(page, "command-palette");
    await page.getByRole("button", { name: "Search Ctrl K" }).click();
    await page.getByRole("combobox", { name: "Search the console" }).fill("pay");
    await page.getByRole("option", { name: /Payments/ }).waitFor();
    await page.keyboard.press("Escape");
    expect(await page.evaluate(() => document.activeElement?.classList.contains("palette-trigger"))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  test("Ctrl+K pressed before the palette has hydrated is held and opens it once it has", async () => {
    const admin = await suite.server.createAdmin();
    const context = await signIn(suite, admin.cookie, { viewport: WIDE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/command-palette/**", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${suite.server.url}/admin`);
    await page.waitForLoadState("load");
    await page.keyboard.press("Control+k");
    expect(await page.locator('[data-island="command-palette"]').getAttribute("data-hydrated")).toBeNull();
    release();
    const input = page.getByRole("combobox", { name: "Search the console" });
    await input.waitFor();
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 800 },
  ]) {
    test(`the Report a Bug dialog from the profile menu is fully on screen at ${viewport.width} px and closes the menu`, async () => {
      const user = await suite.server.createUser({ displayName: "Menu User" });
      const context = await signIn(suite, user.cookie, { viewport, bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${suite.server.url}/settings`);
      await page.locator("summary.profile-trigger").click();
      await page.locator('.menu-panel [data-island="report-bug"][data-hydrated="true"]').waitFor();
      await page.locator(".menu-panel").getByRole("button", { name: "Report a Bug" }).click();
      const dialog = page.getByRole("dialog", { name: "Report a Bug" });
      await dialog.waitFor();
      await expectInViewport(page, '[role="dialog"]');
      expect(await page.locator("details.profile-menu").evaluate((menu) => (menu as HTMLDetailsElement).open)).toBe(false);
      expect(await dialog.getByLabel("Title").evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      if (viewport.width === 1366) await shoot(page, "report-bug");
      // Tab stays inside; Escape closes and gives the focus back to the menu's button.
      for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Escape");
      await expect(dialog.count()).resolves.toBe(0);
      expect(await page.evaluate(() => document.activeElement?.classList.contains("profile-trigger"))).toBe(true);
      await context.close();
    }, 60_000);
  }

  test("a status change and an announcement ask first, naming whom they reach", async () => {
    const admin = await suite.server.createAdmin();
    const ada = await suite.server.createUser({ displayName: "Ada" });
    const id = await createProjectAs(suite.server, ada.cookie, { projectName: "Analytical Bakery" });
    const context = await signIn(suite, admin.cookie, { viewport: WIDE, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${suite.server.url}/projects/${id}/admin`);
    await hydrated(page, "project-admin");
    await page.getByLabel("Project status").selectOption("completed");
    const ask = page.getByRole("dialog", { name: "Set Analytical Bakery to Completed?" });
    await expect(ask.getByText("Ada will be notified.").isVisible()).resolves.toBe(true);
    await expectInViewport(page, '[role="dialog"]');
    await shoot(page, "status-confirm");
    await ask.getByRole("button", { name: "Cancel" }).click();
    expect(await page.getByLabel("Project status").inputValue()).toBe("pending-approval");
    await page.getByLabel("Project status").selectOption("completed");
    await page.getByRole("dialog").getByRole("button", { name: "Set to Completed" }).click();
    await page.getByText("Project updated.").waitFor();
    const [row] = await suite.server.deps.database.db.select({ status: projects.status }).from(projects).where(eq(projects.id, id));
    expect(row?.status).toBe("completed");

    await page.goto(`${suite.server.url}/admin`);
    await hydrated(page, "announcements");
    await page.locator("#app-announcement-message").fill("We are closed on Friday.");
    await page.getByRole("button", { name: "Send app announcement" }).click();
    const announce = page.getByRole("dialog", { name: /^Send this app announcement to \d+ users\?$/ });
    await expect(announce.getByText("We are closed on Friday.").isVisible()).resolves.toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, "announcement-confirm");
    await announce.getByRole("button", { name: "Cancel" }).click();
    expect(await page.locator("#app-announcement-message").inputValue()).toBe("We are closed on Friday.");
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
