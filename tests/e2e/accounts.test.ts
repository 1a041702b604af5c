// Accounts in Chromium: register, sign out, sign in, change the theme and see it survive a
// reload, reset the password from the mailed link, and the profile menu.
import { describe, expect, test } from "bun:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import type { Page } from "playwright-core";
import { queuedMails } from "../helpers/mail-jobs";
import { reloadUser } from "../helpers/server";
import { browserAvailable, screenshots, watchErrors } from "./browser";
import { browserSuite, signIn } from "./helpers";

describe.skipIf(!browserAvailable)("accounts in Chromium", () => {
  const suite = browserSuite({ smtp: true });

  // /dashboard belongs to the orders feature; these tests only need to know where they landed.
  const landedOn = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);

  async function signOut(page: Page) {
    await page.goto(`${suite.server.url}/settings`);
    await page.locator("summary.profile-trigger").click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await landedOn(page, "/");
  }

  test("register, sign out, sign in, and the theme survives a reload", async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const email = `e2e-${Date.now()}@example.com`;

    await page.goto(`${suite.server.url}/register`);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Full name").fill("Edith Clarke");
    await page.getByLabel("Password").fill("secret-e2e");
    await page.getByRole("button", { name: "Create account" }).click();
    await landedOn(page, "/dashboard");

    await signOut(page);
    const cookies = await context.cookies();
    expect(cookies.some((c) => c.name === "session")).toBe(false);

    await page.goto(`${suite.server.url}/login`);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("wrong-password");
    // Wait for the refused sign-in itself, so a slow machine cannot race the page it renders.
    const refused = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    expect((await refused).status()).toBe(401);
    await page.waitForLoadState("domcontentloaded");
    await expect(page.getByRole("alert").textContent()).resolves.toContain("incorrect");
    expect(await page.getByLabel("E-mail").inputValue()).toBe(email);
    await page.getByLabel("Password").fill("secret-e2e");
    await page.getByRole("button", { name: "Sign in" }).click();
    await landedOn(page, "/dashboard");

    await page.goto(`${suite.server.url}/settings`);
    const appearance = page.locator("section", { has: page.locator("#appearance-title") });
    await appearance.locator('[data-island="theme-picker"][data-hydrated="true"]').waitFor();
    const saved = page.waitForResponse((response) => response.url().endsWith("/api/users/me/settings") && response.ok());
    await appearance.getByText("Dark", { exact: true }).click();
    expect(await page.getAttribute("html", "data-theme")).toBe("1");
    await saved;
    await page.reload();
    expect(await page.getAttribute("html", "data-theme")).toBe("1");
    // The refused sign-in answers 401 by design; nothing else may fail.
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await context.close();
  });

  test("reset the password from the mailed link", async () => {
    const { user } = await suite.server.createUser({ displayName: "Forgetful" });
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/login`);
    await page.getByRole("link", { name: "Forgot Password?" }).click();
    await landedOn(page, "/reset");
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    // The answer replaces the form after a round trip: wait for it rather than read the region at once.
    await page.getByRole("status").filter({ hasText: "Check your email for a link to reset your password." }).waitFor();

    const mail = await suite.smtp.waitForMail((m) => m.envelopeTo.includes(user.email));
    const link = new URL(mail.text.match(/https?:\/\/\S+\/reset\?token=\S+/)![0]);
    await page.goto(`${suite.server.url}${link.pathname}${link.search}`);
    await page.getByLabel("New password", { exact: true }).fill("fresh-password");
    await page.getByLabel("Confirm new password", { exact: true }).fill("fresh-password");
    await page.getByRole("button", { name: "Save password and sign in" }).click();
    await landedOn(page, "/dashboard");

    await signOut(page);
    await page.goto(`${suite.server.url}/login`);
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByLabel("Password").fill("fresh-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await landedOn(page, "/dashboard");
    await context.close();
  });

  test("the profile menu opens without a page load, reports a bug, and the splash shows while signing out", async () => {
    const { cookie } = await suite.server.createUser({ displayName: "Menu User", photoURL: "/uploads/missing.png" });
    const context = await signIn(suite, cookie);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/settings/advanced`);
    await page.locator("summary.profile-trigger").click();
    const menu = page.locator(".menu-panel");
    await expect(menu.isVisible()).resolves.toBe(true);
    for (const label of ["Create a Webapp", "Settings", "Terms", "Support"]) await expect(menu.getByRole("link", { name: label }).count()).resolves.toBe(1);

    await menu.locator('[data-island="report-bug"][data-hydrated="true"]').waitFor();
    await menu.getByRole("button", { name: "Report a Bug" }).click();
    const report = page.getByRole("button", { name: "Report", exact: true });
    expect(await report.isDisabled()).toBe(true);
    await page.getByLabel("Title").fill("Menu glitch");
    expect(await report.isDisabled()).toBe(true);
    await page.getByLabel("Description").fill("It flickers");
    expect(await report.isDisabled()).toBe(false);
    await report.click();
    await expect(page.getByRole("dialog", { name: "Report a Bug" }).getByRole("status").textContent()).resolves.toContain("Thank you");
    await page.getByRole("button", { name: "Close" }).click();

    await page.locator("html[data-submit-splash=ready]").waitFor({ state: "attached" });
    // Hold the sign-out request a moment so the in-flight state can be seen.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/logout", async (route) => {
      await gate;
      await route.continue();
    });
    // Submit as the Sign out button does and read the splash while the request is held.
    const splashText = await page.evaluate(
      () =>
        new Promise<string | null>((resolve) => {
          new MutationObserver(() => {
            const splash = document.querySelector(".splash");
            if (splash) resolve(splash.textContent);
          }).observe(document.body, { subtree: true, childList: true });
          document.querySelector<HTMLFormElement>('form[action="/logout"]')?.requestSubmit();
        }),
    );
    expect(splashText).toBe("Logging you out");
    release();
    await landedOn(page, "/");
    await context.close();
  });

  /** The page as it is (a dialog or form open), light and dark, at 375, 800 and 1280 px (SCREENSHOTS=1). */
  async function photographDialog(page: Page, name: string) {
    for (const theme of ["0", "1"]) {
      await page.evaluate((value) => {
        document.documentElement.dataset.theme = value;
      }, theme);
      await screenshots(page, name);
    }
    await page.evaluate(() => {
      document.documentElement.dataset.theme = "0";
    });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  test("account deletion asks first and for the password, then returns to /", async () => {
    const { cookie, user, password } = await suite.server.createUser();
    const context = await signIn(suite, cookie);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${suite.server.url}/settings/advanced`);
    await page.locator('[data-island="delete-account"][data-hydrated="true"]').waitFor();
    await page.getByRole("button", { name: "Delete account" }).click();
    await expect(page.getByText("Are you sure you want to delete your account?").isVisible()).resolves.toBe(true);
    const confirm = page.getByRole("button", { name: "Delete my account" });
    // Nothing to send until the password is typed.
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel("Current password").fill("not my password");
    await confirm.click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("The current password is incorrect.");
    expect(await reloadUser(suite.server, user.id)).toBeDefined();
    await photographDialog(page, "delete-account-password");
    await page.getByLabel("Current password").fill(password);
    await confirm.click();
    await landedOn(page, "/");
    expect(await reloadUser(suite.server, user.id)).toBeUndefined();
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });

  test("with two-factor authentication on, a new e-mail asks for the password and a code from the app", async () => {
    const { cookie, user, password } = await suite.server.createUser();
    const setup = (await (await suite.server.request("/api/users/me/mfa/setup", { method: "POST", cookie, json: {} })).json()) as {
      secret: string;
      ticket: string;
    };
    const codeAt = (offset: number) => generateHOTP(decodeBase32IgnorePadding(setup.secret), BigInt(Math.floor(Date.now() / 30_000) + offset), 6);
    expect((await suite.server.request("/api/users/me/mfa/enable", { method: "POST", cookie, json: { ticket: setup.ticket, code: codeAt(0) } })).status).toBe(
      200,
    );
    const context = await signIn(suite, cookie);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/settings`);
    await page.locator('[data-island="account-settings"][data-hydrated="true"]').first().waitFor();
    await page.getByRole("button", { name: "Edit E-mail" }).click();
    await page.getByLabel("New e-mail").fill(`moved-${user.email}`);
    await page.getByLabel("Current password").fill(password);
    await page.getByLabel("Code from your authenticator app").fill(codeAt(1));
    await photographDialog(page, "settings-email-mfa");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Your e-mail has been updated.").waitFor();
    expect((await reloadUser(suite.server, user.id))?.email).toBe(`moved-${user.email}`);
    await context.close();
  });

  test("an account without a password deletes itself with a code sent by e-mail", async () => {
    const { cookie, user } = await suite.server.createUser({ passwordHash: null });
    const context = await signIn(suite, cookie);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/settings/advanced`);
    await page.locator('[data-island="delete-account"][data-hydrated="true"]').waitFor();
    await page.getByRole("button", { name: "Delete account" }).click();
    expect(await page.getByLabel("Current password").count()).toBe(0);
    await page.getByRole("button", { name: "Send me a code" }).click();
    await expect(page.getByRole("status").first().textContent()).resolves.toContain("We sent a 6-digit code to");
    await photographDialog(page, "delete-account-email-code");
    const mail = (await queuedMails(suite.server.deps.database.db, user.email)).at(-1);
    const code = /Your confirmation code is (\d{6})\./.exec(mail?.text ?? "")?.[1] ?? "";
    await page.getByLabel("Code from your e-mail").fill(code);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await landedOn(page, "/");
    expect(await reloadUser(suite.server, user.id)).toBeUndefined();
    await context.close();
  });
});
