// Two-factor authentication in Chromium (decision 028): an admin under REQUIRE_ADMIN_MFA is
// sent to set it up, scans (here: reads) the key, confirms with a code, keeps the recovery codes,
// sees their sessions, signs out and back in with a code, the console opens, and turning it off
// asks for the password and a code (decision 088).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import type { Browser, Page } from "playwright-core";
import { createSession } from "../../src/http/sessions";
import { queuedMails } from "../helpers/mail-jobs";
import { type TestServer, startTestServer } from "../helpers/server";
import { browserAvailable, launchBrowser, screenshots, watchErrors } from "./browser";

const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const stepNow = () => Math.floor(Date.now() / 30_000);
const codeAt = (secret: string, step: number) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);

/** Screenshots in the light theme and the dark one, switched on the page (the theme is only CSS). */
async function lightAndDark(page: Page, name: string): Promise<void> {
  for (const theme of ["0", "1"]) {
    await page.evaluate((value) => {
      document.documentElement.dataset.theme = value;
    }, theme);
    await screenshots(page, name);
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = "0";
  });
}

describe.skipIf(!browserAvailable)("two-factor authentication in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer({ REQUIRE_ADMIN_MFA: "on" });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("an admin sets up TOTP, signs in with a code, and the console opens", async () => {
    const { user, password } = await server.createAdmin();
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto(`${server.url}/login`);
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/settings/security");
    await expect(page.getByRole("alert").first().textContent()).resolves.toContain("Set up two-factor authentication to open the admin console");
    // The console stays closed until then.
    await page.goto(`${server.url}/admin`);
    await page.waitForURL((url) => url.pathname === "/settings/security");

    const island = page.locator('[data-island="mfa-settings"][data-hydrated="true"]');
    await island.waitFor();
    await island.getByRole("button", { name: "Set up" }).click();
    await page.locator("img.mfa-qr").waitFor();
    const secret = ((await page.locator(".mfa-secret").textContent()) ?? "").replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await lightAndDark(page, "mfa-setup");

    const enrolStep = stepNow();
    await page.getByLabel("Code from the app").fill(codeAt(secret, enrolStep));
    await page.getByRole("button", { name: "Turn on" }).click();
    const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    // MFA is on: the set-up message is gone at once, without a reload.
    expect(await page.getByText("Until then your account works as a customer's").count()).toBe(0);
    const shown = (await codes.allTextContents()).map((code) => code.trim());
    // The codes can be kept: copied, downloaded as a .txt file, printed (alone on the page).
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    for (const code of shown) expect(copied).toContain(code);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download (.txt)" }).click()]);
    expect(download.suggestedFilename()).toBe("webstudio-recovery-codes.txt");
    const saved = await Bun.file((await download.path()) ?? "").text();
    for (const code of shown) expect(saved).toContain(code);
    await page.evaluate(() => {
      window.print = () => document.documentElement.setAttribute("data-printed", "");
    });
    await page.getByRole("button", { name: "Print" }).click();
    expect(await page.locator("html[data-printed]").count()).toBe(1);
    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".site-header").evaluate((header) => getComputedStyle(header).visibility)).toBe("hidden");
    expect(await codes.first().isVisible()).toBe(true);
    await page.emulateMedia({ media: "screen" });
    const recoveryCode = shown[0] ?? "";
    await lightAndDark(page, "mfa-recovery-codes");
    await page.getByRole("button", { name: "I have saved my recovery codes" }).click();

    // A second device, so the sessions list has one to sign out.
    const phone = await createSession(server.deps.database.db, user.id);
    await server.request("/api/users/me", { cookie: `session=${phone.token}`, headers: { "user-agent": SAFARI_IPHONE } });
    await page.goto(`${server.url}/settings/security`);
    const sessions = page.locator('[data-island="sessions-list"][data-hydrated="true"]');
    await sessions.waitFor();
    await expect(sessions.getByText("This device").count()).resolves.toBe(1);
    await expect(sessions.getByText("Safari on iOS").count()).resolves.toBe(1);
    await lightAndDark(page, "mfa-sessions");
    await sessions.getByRole("button", { name: /^Sign out Safari on iOS/ }).click();
    await sessions.getByText("That session is signed out.").waitFor();
    expect((await server.request("/api/users/me", { cookie: `session=${phone.token}` })).status).toBe(401);

    // Sign out, then in again: the password leads to the code step.
    await page.locator("summary.profile-trigger").click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto(`${server.url}/login`);
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Enter your code" }).waitFor();
    await lightAndDark(page, "mfa-sign-in-code");
    // The setup's code cannot be used again; the next step's can.
    await page.getByRole("textbox", { name: "Code" }).fill(codeAt(secret, enrolStep));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    // Refused (as already used, or as too old on a slow run): the code step stays, with an error.
    await page.locator(".field-error, [role=alert]").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/login/code");
    await page.getByRole("textbox", { name: "Code" }).fill(codeAt(secret, Math.max(stepNow(), enrolStep + 1)));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");

    await page.goto(`${server.url}/admin`);
    expect(new URL(page.url()).pathname).toBe("/admin");
    await page.locator('[data-island="admin-users"]').waitFor();
    // Turning it off asks for the password and a code (a recovery code here: the app's next code may not have come yet).
    await page.goto(`${server.url}/settings/security`);
    await island.waitFor();
    await island.getByRole("button", { name: "Turn off" }).click();
    await island.getByLabel("Code from your authenticator app").fill(recoveryCode);
    await lightAndDark(page, "mfa-turn-off");
    const turnOff = island.getByRole("button", { name: "Turn off two-factor authentication" });
    await island.getByLabel("Current password").fill("not the password");
    await turnOff.click();
    await expect(island.getByRole("alert").textContent()).resolves.toBe("The current password is incorrect.");
    await island.getByLabel("Current password").fill(password);
    await turnOff.click();
    await island.getByText("Two-factor authentication is off.").waitFor();
    const subjects = (await queuedMails(server.deps.database.db, user.email)).map((mail) => mail.subject);
    expect(subjects).toEqual(["Two-factor authentication is on", "A recovery code was used", "Two-factor authentication is off"]);
    // The refused codes and password answer 400 by design; nothing else may fail.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });
});
