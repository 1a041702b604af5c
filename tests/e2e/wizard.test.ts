// The create wizard in Chromium: the step in the address with Back and Forward,
// a reload that keeps the image and the password, focus on the new step's heading, no fields and
// no GET submission without JavaScript, axe on every step, and the confirmation after ordering.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { browserAvailable, screenshotsWanted, seriousAxeViolations, watchErrors } from "./browser";
import { DESKTOP, browserSuite, hydrated, photograph, signIn } from "./helpers";

const SHOTS = "/work/shots-wizard";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const PASSWORD = "s3cret-pass";
const shoot = (page: Page, name: string) => photograph(page, SHOTS, name, [375, 800, 1280]);

async function stepShown(page: Page, title: string) {
  await page.getByRole("heading", { level: 2, name: title }).waitFor();
  await page.locator(".step-body").waitFor();
}

async function fillGeneral(page: Page, email: string) {
  await page.getByLabel("Your name").fill("Ada Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill("+44 20 7946 0000");
  await page.getByLabel("Project name").fill("Analytical Engines");
  await page.getByLabel("Logo images").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await page.locator(".thumb img").first().waitFor();
  await page.getByLabel("Project domain").fill("analytical.example");
  await page.getByLabel("Domain provider URL").fill("https://registrar.example");
  await page.getByLabel("Domain provider username").fill("ada");
  await page.getByLabel("Domain provider password").fill(PASSWORD);
}

describe.skipIf(!browserAvailable)("the create wizard in Chromium", () => {
  const suite = browserSuite({ smtp: true });

  test("steps live in the address: Back, Forward and a reload keep the step, the image and the password; focus lands on the heading; axe finds nothing on any step", async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const visited: string[] = [];
    page.on("request", (request) => visited.push(request.url()));
    const axe: string[] = [];
    const check = async (name: string) => axe.push(...(await seriousAxeViolations(page)).map((v) => `${name}: ${v}`));

    await page.goto(`${suite.server.url}/create/m`);
    await hydrated(page, "wizard");
    await stepShown(page, "General");
    expect(new URL(page.url()).search).toBe("?step=general");
    await check("general");
    await shoot(page, "1-general");
    await fillGeneral(page, "ada@example.com");
    await page.locator(".wizard-saved").getByText("Saved · just now").waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await stepShown(page, "Landing");
    expect(new URL(page.url()).search).toBe("?step=landing");
    // Focus moved to the new step's heading, and the change was announced.
    expect(await page.evaluate(() => `${document.activeElement?.tagName}:${document.activeElement?.textContent}`)).toBe("H2:Landing");
    await page.getByText("Step 2 of 9: Landing").waitFor({ state: "attached" });

    // Browser Back returns to General with everything kept; Forward goes to Landing again.
    await page.goBack();
    await stepShown(page, "General");
    expect(await page.getByLabel("Project name").inputValue()).toBe("Analytical Engines");
    await page.goForward();
    await stepShown(page, "Landing");

    // A reload opens the same step, with the logo and the password still there.
    await page.getByLabel("Hero title").fill("Engines that weave numbers");
    await page.getByLabel("Hero message").fill("Programs for the Analytical Engine.");
    await page.waitForTimeout(500);
    await page.reload();
    await hydrated(page, "wizard");
    await stepShown(page, "Landing");
    expect(await page.getByLabel("Hero title").inputValue()).toBe("Engines that weave numbers");
    await check("landing");
    await shoot(page, "2-landing");
    await page.getByRole("button", { name: "Back" }).click();
    await stepShown(page, "General");
    expect(await page.locator(".thumb img").count()).toBe(1);
    // The logo opens full screen (the viewer's code loads as the thumbnail is reached); Escape
    // closes it and focus goes back to the thumbnail.
    await page.getByRole("button", { name: "View logo.png full screen" }).click();
    await page.getByRole("dialog", { name: "Image preview" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("View logo.png full screen");
    expect(await page.getByLabel("Domain provider password").inputValue()).toBe(PASSWORD);
    // The password is in no stored text: not localStorage, not the URL.
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(PASSWORD);

    // A shared link to a later step opens the first incomplete one... here all before Theme are done.
    await page.goto(`${suite.server.url}/create/m?step=theme`);
    await stepShown(page, "Theme");
    await check("theme");
    await shoot(page, "3-theme");
    // An invalid custom tint is named as such.
    await page.getByLabel("Use a custom tint colour instead").check();
    await page.getByRole("textbox", { name: "Custom tint" }).fill("banana");
    await page.getByRole("button", { name: "Next" }).click();
    await page.locator(".error-summary").getByText("Custom tint colour: This is not a colour").waitFor();
    await check("theme-error");
    await shoot(page, "3-theme-error");
    await page.getByRole("textbox", { name: "Custom tint" }).fill("#ff6600");
    await page.locator(".error-summary").waitFor({ state: "detached" });
    // Back to the preset blue: an orange tint of the customer's choosing is theirs to judge, not axe's.
    await page.getByLabel("Use a custom tint colour instead").uncheck();
    await page.getByRole("button", { name: "Next" }).click();

    await stepShown(page, "Features");
    for (let index = 1; index <= 4; index++) await page.getByLabel(`Page ${index}`, { exact: true }).fill(`Page ${index}: what it does.`);
    await check("features");
    await shoot(page, "4-features");
    await page.getByRole("button", { name: "Next" }).click();
    await stepShown(page, "Subscriptions");
    await page.getByLabel("My app sells subscriptions").check();
    await page.getByLabel("Name", { exact: true }).fill("Pro");
    await page.getByLabel("Price per month").fill("19");
    await page.getByLabel("Features", { exact: true }).fill("Everything");
    await check("subscriptions");
    await shoot(page, "5-subscriptions");
    await page.getByRole("button", { name: "Next" }).click();
    await stepShown(page, "Socials");
    await check("socials");
    await shoot(page, "6-socials");
    await page.getByRole("button", { name: "Next" }).click();
    await stepShown(page, "Review");
    await page.locator(".summary").getByText("$19 per month", { exact: false }).waitFor();
    await check("review");
    await shoot(page, "7-review");
    await page.getByRole("button", { name: "Next" }).click();
    await stepShown(page, "Terms");
    await page.getByLabel("I accept the Terms and Conditions").check();
    await page.getByLabel("Signature").fill("Ada Lovelace");
    await check("terms");
    await shoot(page, "8-terms");
    await page.getByRole("button", { name: "Next" }).click();
    await stepShown(page, "Payment");
    await check("payment");
    await shoot(page, "9-payment");

    await page.getByRole("button", { name: "Create Project" }).click();
    // The confirmation has its own address (decision 097): reloadable, with the signed-in header, not the wizard's.
    await page.waitForURL(/\/orders\/[0-9a-z]{26}\/confirmation$/, { timeout: 30_000 });
    for (const pass of ["first", "reload"]) {
      if (pass === "reload") await page.reload();
      await page.getByRole("heading", { level: 1, name: "Thank you, your order is in" }).waitFor();
      const confirmation = page.locator(".order-confirmation");
      for (const text of ["Analytical Engines", "Medium Webapp", "$500", "within 2 working days", "What happens next"])
        await confirmation.getByText(text, { exact: false }).first().waitFor();
      expect(await confirmation.locator("[data-project-reference]").textContent()).toMatch(/^WS-\d+$/);
      await confirmation.locator(".alert").getByText("ada@example.com").waitFor();
      expect(await page.getByText("Nine short steps", { exact: false }).count()).toBe(0);
      expect(await page.getByRole("link", { name: "Log In" }).count()).toBe(0);
      expect(await page.getByRole("link", { name: "Sign Up" }).count()).toBe(0);
    }
    await check("confirmation");
    await shoot(page, "10-confirmation");
    await page.getByRole("link", { name: "Choose your password" }).click();
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();

    expect(visited.filter((url) => url.includes(PASSWORD) || url.includes("domainProviderPassword"))).toEqual([]);
    expect(axe).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("without JavaScript the wizard shows no fields, says ordering needs JavaScript and never submits by GET", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    const visited: string[] = [];
    page.on("request", (request) => visited.push(request.url()));
    await page.goto(`${suite.server.url}/create/m?step=general`);
    await page.getByText("Ordering needs JavaScript.").waitFor();
    await page.getByRole("link", { name: "Contact Us" }).first().waitFor();
    expect(await page.locator('[data-island="wizard"] input, [data-island="wizard"] textarea').count()).toBe(0);
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    if (screenshotsWanted) await page.screenshot({ path: `${SHOTS}/no-js-390.png`, fullPage: true });
    await page.getByRole("button", { name: "Next" }).click({ force: true });
    await page.waitForTimeout(300);
    expect(new URL(page.url()).search).toBe("?step=general");
    expect(visited.every((url) => !url.includes("password"))).toBe(true);
    await context.close();
  });

  test("a signed-in customer's draft follows the account to another browser, with a notice", async () => {
    const customer = await suite.server.createUser({ displayName: "Grace Hopper" });
    const laptop = await signIn(suite, customer.cookie, { viewport: DESKTOP });
    const first = await laptop.newPage();
    await first.goto(`${suite.server.url}/create/s`);
    await hydrated(first, "wizard");
    await stepShown(first, "General");
    await first.getByLabel("Project name").fill("Started on the laptop");
    await first.getByLabel("Domain provider password").fill(PASSWORD);
    // The autosave reaches the account a moment later; never with the password.
    let saved = "";
    for (let tries = 0; tries < 50 && !saved.includes("Started on the laptop"); tries++) {
      await first.waitForTimeout(200);
      saved = await (await suite.server.request("/api/users/me/wizard-draft", { cookie: customer.cookie })).text();
    }
    expect(saved).toContain("Started on the laptop");
    expect(saved).not.toContain(PASSWORD);
    await first.locator(".wizard-saved").getByText("Saved · just now").waitFor();

    const phone = await signIn(suite, customer.cookie, { viewport: { width: 390, height: 844 } });
    const second = await phone.newPage();
    const errors = watchErrors(second);
    const asked: string[] = [];
    second.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await second.goto(`${suite.server.url}/create/s`);
    await hydrated(second, "wizard");
    await stepShown(second, "General");
    await second.getByRole("status").getByText("We opened the draft saved to your account", { exact: false }).waitFor();
    // The account's draft came with the page: restoring it asked the API nothing.
    expect(asked.filter((path) => path.startsWith("/api/users/"))).toEqual([]);
    expect(await second.getByLabel("Project name").inputValue()).toBe("Started on the laptop");
    expect(await second.getByLabel("Domain provider password").inputValue()).toBe("");
    await shoot(second, "account-draft-notice");
    expect(errors).toEqual([]);
    await laptop.close();
    await phone.close();
  });
});
