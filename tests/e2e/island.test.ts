import { describe, expect, test } from "bun:test";
import { browserAvailable, watchErrors } from "./browser";
import { browserSuite, signIn } from "./helpers";

describe.skipIf(!browserAvailable)("a hydrated island in Chromium", () => {
  const suite = browserSuite();

  test("the theme picker applies a theme at once and the server renders it after a reload", async () => {
    const { cookie } = await suite.server.createUser();
    const context = await signIn(suite, cookie);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${suite.server.url}/settings`);
    const appearance = page.locator("section", { has: page.locator("#appearance-title") });
    await appearance.locator('[data-island="theme-picker"][data-hydrated="true"]').waitFor();
    expect(await page.getAttribute("html", "data-theme")).toBe("0");

    const saved = page.waitForResponse((response) => response.url().endsWith("/api/users/me/settings") && response.ok());
    await appearance.getByText("Dark", { exact: true }).click();
    expect(await page.getAttribute("html", "data-theme")).toBe("1");
    await saved;

    await page.reload();
    // Server-rendered: right on first paint, before any script runs.
    expect(await page.getAttribute("html", "data-theme")).toBe("1");
    expect(await page.isChecked('input[name="theme"][value="1"]')).toBe(true);
    // This page's own picker hydrates once the browser is idle: its bundle is fetched before the
    // next page is counted.
    await appearance.locator('[data-island="theme-picker"][data-hydrated="true"]').waitFor();
    // The profile menu's islands load when it is about to open, not with the page; from the
    // second page on the menu is reused HTML, and its picker still hydrates, showing Dark.
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${suite.server.url}/dashboard`);
    await page.locator('[data-island="notification-bell"][data-hydrated="true"]').waitFor();
    expect(requested.filter((path) => path.startsWith("/assets/theme-picker/") || path.startsWith("/assets/report-bug/"))).toEqual([]);
    await page.locator("summary.profile-trigger").click();
    await page.locator('.profile-menu [data-island="theme-picker"][data-hydrated="true"]').waitFor();
    expect(requested.filter((path) => path.startsWith("/assets/theme-picker/"))).toHaveLength(1);
    expect(await page.isChecked('input[name="menu-theme"][value="1"]')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("an island that hydrates on first use loads nothing before it and answers the first key press", async () => {
    const { cookie } = await suite.server.createUser();
    const context = await signIn(suite, cookie);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${suite.server.url}/settings/bugreports`);
    await page.waitForLoadState("load");
    const island = page.locator('main [data-island="report-bug"]');
    expect(await island.getAttribute("data-hydrated")).toBeNull();
    expect(requested.filter((path) => path.startsWith("/assets/report-bug/"))).toEqual([]);
    // Focus wakes it and Enter lands at once, before its bundle can have arrived: held, then replayed.
    await island.getByRole("button", { name: "Report a Bug" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Report a Bug" });
    await dialog.waitFor();
    expect(await island.getAttribute("data-hydrated")).toBe("true");
    await dialog.getByLabel("Title").fill("Typed at once");
    expect(await dialog.getByLabel("Title").inputValue()).toBe("Typed at once");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a signed-in user reports a bug straight from the Page not found screen", async () => {
    const { cookie } = await suite.server.createUser();
    const context = await signIn(suite, cookie);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const response = await page.goto(`${suite.server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.waitForSelector('main [data-island="report-bug"][data-hydrated="true"]');
    await page.locator("main").getByRole("button", { name: "Report Bug" }).click();
    const dialog = page.getByRole("dialog", { name: "Report a Bug" });
    const report = dialog.getByRole("button", { name: "Report", exact: true });
    expect(await report.isDisabled()).toBe(true);
    await dialog.getByLabel("Title").fill("Broken link");
    await dialog.getByLabel("Description").fill("The link from my e-mail leads nowhere.");
    await report.click();
    await dialog.getByRole("status").waitFor();
    expect(errors.filter((line) => !line.includes("404"))).toEqual([]);
    await context.close();
  });
});
