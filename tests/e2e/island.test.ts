import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { type TestServer, startTestServer } from "../helpers/server";
import { browserAvailable, launchBrowser, watchErrors } from "./browser";

describe.skipIf(!browserAvailable)("a hydrated island in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("the theme picker applies a theme at once and the server renders it after a reload", async () => {
    const { cookie } = await server.createUser();
    const context = await browser.newContext();
    const [name, value] = cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/settings`);
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
    expect(errors).toEqual([]);
    await context.close();
  });
});
