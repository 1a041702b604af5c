// The public site in Chromium. Visitors' pages are driven with JavaScript switched off, to prove
// the menu, 'View pricing', the 'Why Choose Us' selector and the contact form need none. The axe
// scan runs with scripts on (axe is a script) and CSP bypassed to inject it.
import { beforeAll, describe, expect, test } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { faqs } from "../../db/schema";
import { axeInLooks, browserAvailable, screenshots, watchErrors } from "./browser";
import { DESKTOP, browserSuite } from "./helpers";

const PROVIDER_EMAIL = "studio@provider.example";
describe.skipIf(!browserAvailable)("the public site in Chromium", () => {
  const suite = browserSuite({ smtp: true, env: { PROVIDER_EMAIL, SOCIAL_URL: "https://social.example/webstudio" } });
  let faqPath = "";
  let faqTitle = "";

  beforeAll(async () => {
    const [faq] = await suite.server.deps.database.db.select().from(faqs).limit(1);
    faqPath = `/support/faq/${faq?.id ?? ""}`;
    faqTitle = faq?.title ?? "";
  });

  /** A visitor with JavaScript switched off; `scripts` counts every script the pages request. */
  async function visitorWithoutJs(width: number): Promise<{ context: BrowserContext; page: Page; scripts: string[] }> {
    const context = await suite.browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    return { context, page, scripts };
  }

  test("under 601 px the links fold into a menu that opens and navigates without JavaScript", async () => {
    const { context, page, scripts } = await visitorWithoutJs(375);
    await page.goto(`${suite.server.url}/`);
    const wideNav = page.getByRole("navigation", { name: "Main", exact: true });
    expect(await wideNav.isVisible()).toBe(false);
    const menu = page.locator("button.mobile-menu-toggle");
    expect(await menu.isVisible()).toBe(true);
    const support = page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Support" });
    expect(await support.isVisible()).toBe(false);
    await menu.click();
    expect(await support.isVisible()).toBe(true);
    for (const name of ["Home", "Terms", "Contact Us", "Log In", "Sign Up"]) {
      expect(await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name, exact: true }).isVisible()).toBe(true);
    }
    await support.click();
    await page.waitForURL(`${suite.server.url}/support`);
    expect(await page.getByRole("heading", { name: "How can we help?" }).isVisible()).toBe(true);
    expect(scripts).toEqual([]);
    await context.close();
  });

  test("from 601 px the links sit in the header and the menu button is gone", async () => {
    const { context, page } = await visitorWithoutJs(601);
    await page.goto(`${suite.server.url}/terms`);
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    for (const name of ["Home", "Support", "Terms", "Contact Us", "Log In", "Sign Up"]) {
      expect(await nav.getByRole("link", { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.locator("button.mobile-menu-toggle").isVisible()).toBe(false);
    const follow = page.getByRole("link", { name: /Follow Us/ });
    expect(await follow.getAttribute("target")).toBe("_blank");
    expect(await follow.getAttribute("rel")).toBe("noopener");
    await context.close();
  });

  test("'View pricing' scrolls to the pricing, and each 'Get started' leads to its package's wizard", async () => {
    const { context, page, scripts } = await visitorWithoutJs(1280);
    await page.goto(`${suite.server.url}/`);
    await page.getByRole("link", { name: "View pricing" }).click();
    await page.waitForURL(/#pricing$/);
    // Scrolling is smooth: wait for it to settle near the top of the viewport.
    let top = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 40 && Math.abs(top) >= 120; i++) {
      top = (await page.locator("#pricing").boundingBox())?.y ?? Number.POSITIVE_INFINITY;
      if (Math.abs(top) >= 120) await Bun.sleep(100);
    }
    expect(Math.abs(top)).toBeLessThan(120);
    for (const [name, path] of [
      ["Small Webapp", "/create/s"],
      ["Medium Webapp", "/create/m"],
      ["Large Webapp", "/create/l"],
    ] as const) {
      await page.goto(`${suite.server.url}/#pricing`);
      await page.getByRole("link", { name: `Get started with the ${name}` }).click();
      await page.waitForURL(`${suite.server.url}${path}`);
    }
    await page.goto(`${suite.server.url}/`);
    await page.getByRole("link", { name: "Get started", exact: true }).first().click();
    await page.waitForURL(`${suite.server.url}/create`);
    await page.goto(`${suite.server.url}/`);
    await page.locator(".included").getByRole("link", { name: "Contact Us" }).click();
    await page.waitForURL(`${suite.server.url}/contact-us`);
    expect(scripts).toEqual([]);
    await context.close();
  });

  test("the 'Why Choose Us' selector switches panels by click and by keyboard, with HTML and CSS alone", async () => {
    const { context, page } = await visitorWithoutJs(1280);
    await page.goto(`${suite.server.url}/`);
    const admin = page.getByRole("heading", { name: "Run your business from the first day" });
    const notifications = page.getByRole("heading", { name: "Keep every user in the loop" });
    const subscriptions = page.getByRole("heading", { name: "Get paid every month" });
    expect(await admin.isVisible()).toBe(true);
    expect(await notifications.isVisible()).toBe(false);
    await page.locator(".why-options").getByText("Pre-built notification system").click();
    expect(await notifications.isVisible()).toBe(true);
    expect(await admin.isVisible()).toBe(false);
    await page.getByRole("radio", { name: "Pre-built notification system" }).focus();
    await page.keyboard.press("ArrowDown");
    expect(await page.getByRole("radio", { name: "Subscription integration" }).isChecked()).toBe(true);
    expect(await subscriptions.isVisible()).toBe(true);
    expect(await notifications.isVisible()).toBe(false);
    await context.close();
  });

  test("the contact form sends without JavaScript: the mail reaches the SMTP server and the message box is cleared", async () => {
    const { context, page, scripts } = await visitorWithoutJs(800);
    await page.goto(`${suite.server.url}/contact-us`);
    expect(await page.getByRole("heading", { name: "We're here to help" }).isVisible()).toBe(true);
    expect(await page.getByText(PROVIDER_EMAIL).isVisible()).toBe(true);
    // A message of blanks passes the browser's `required` but not the server: errors, values kept.
    await page.getByLabel("Your Email").fill("lin@example.com");
    await page.getByRole("textbox", { name: "Message" }).fill("   ");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.waitForSelector('[role="alert"]');
    expect(await page.getByText("A message is required.").isVisible()).toBe(true);
    expect(await page.getByLabel("Your Email").inputValue()).toBe("lin@example.com");
    expect(await page.getByRole("textbox", { name: "Message" }).getAttribute("aria-invalid")).toBe("true");

    await page.getByRole("textbox", { name: "Message" }).fill("Could you build a booking app for my studio?");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.waitForURL(`${suite.server.url}/contact-us?sent=1`);
    expect(await page.getByRole("status").textContent()).toContain("Thanks for reaching out");
    expect(await page.getByRole("textbox", { name: "Message" }).inputValue()).toBe("");
    const mail = await suite.smtp.waitForMail((m) => m.text.includes("booking app for my studio"));
    expect(mail.envelopeTo).toEqual([PROVIDER_EMAIL]);
    expect(mail.replyTo).toContain("lin@example.com");
    expect(scripts).toEqual([]);
    await context.close();
  });

  test("a missing FAQ shows the styled Page not found screen with 'Go to Landing'", async () => {
    const { context, page } = await visitorWithoutJs(800);
    const response = await page.goto(`${suite.server.url}/support/faq/0000000000aaaaaaaaaaaaaaaa`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Page not found" }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Go to Landing" }).click();
    await page.waitForURL(`${suite.server.url}/`);
    await context.close();
  });

  test("axe finds no serious or critical violation on any public page in any theme", async () => {
    const context = await suite.browser.newContext({ bypassCSP: true, reducedMotion: "reduce", viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const found: string[] = [];
    for (const path of ["/", "/support", faqPath, "/contact-us", "/terms", "/no-such-page"]) {
      await page.goto(`${suite.server.url}${path}`);
      for (const violation of await axeInLooks(page, [{ theme: 1 }, { theme: 2 }])) found.push(`${path} ${violation}`);
    }
    expect(found).toEqual([]);
    // The not-found page is meant to answer 404; nothing else may log an error.
    expect(errors.filter((error) => !error.includes("status of 404"))).toEqual([]);
    await context.close();
  });

  test("every public page shows its heading and never scrolls sideways at 375, 390, 800 and 1280 px in Light and Dark", async () => {
    const context = await suite.browser.newContext({ javaScriptEnabled: true });
    const page = await context.newPage();
    const headings: [string, string][] = [
      ["/", "Custom web apps done right"],
      ["/support", "How can we help?"],
      [faqPath, faqTitle],
      ["/contact-us", "We're here to help"],
      ["/terms", "Terms and Conditions"],
      ["/no-such-page", "Page not found"],
    ];
    const problems: string[] = [];
    for (const [path, heading] of headings) {
      for (const theme of ["0", "1"]) {
        await page.goto(`${suite.server.url}${path}`);
        await page.evaluate((value) => {
          document.documentElement.dataset.theme = value;
        }, theme);
        for (const width of [375, 390, 800, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          const where = `${path} at ${width} px in theme ${theme}`;
          const title = page.getByRole("heading", { level: 1 });
          if (!(await title.isVisible())) problems.push(`${where}: no visible page heading`);
          else {
            const shown = ((await title.textContent()) ?? "").replace(/\s+/g, " ").trim();
            if (shown !== heading) problems.push(`${where}: heading "${shown}"`);
          }
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          if (overflow > 0) problems.push(`${where}: ${overflow} px wider than the window`);
        }
        // For people to look at, with SCREENSHOTS=1.
        await screenshots(page, `public${path.replace(/[^a-z0-9]+/gi, "-")}`);
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
