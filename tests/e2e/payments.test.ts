// Getting paid in Chromium: a customer opens the invoice mail's link, presses Pay by card, pays on
// the (fake) Stripe Checkout page and comes back to a Paid invoice, then deletes the project; the
// admin still sees the payment and opens its invoice (decision 077). The project's Billing tab shows
// Pay on an open invoice, and Delete is a quiet link at the foot of the Overview (decision 090).
// Billing, the Billing tab, the Overview, the invoice with its Pay button and the admin Payments page
// are photographed at 375, 800 and 1280 px, light and dark.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { queuedMails } from "../helpers/mail-jobs";
import { type TestServer, startTestServer } from "../helpers/server";
import { type FakeStripe, startFakeStripe } from "../helpers/stripe";
import { invoicedProject, projectRow } from "../payments/helpers";
import { browserAvailable, launchBrowser, watchErrors } from "./browser";
import { photograph } from "./helpers";

const SHOTS = "/tmp/shots-payments";

const shoot = (page: Page, name: string) => photograph(page, SHOTS, name, [375, 800, 1280]);

/** A port nobody uses now, so PUBLIC_URL (links in mails, Stripe's return URLs) can name it. */
function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port ?? 0;
  probe.stop(true);
  return port;
}

async function signIn(browser: Browser, server: TestServer, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const [name, value] = cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: server.url }]);
  return context;
}

describe.skipIf(!browserAvailable)("getting paid in Chromium", () => {
  let server: TestServer;
  let stripe: FakeStripe;
  let browser: Browser;

  beforeAll(async () => {
    stripe = await startFakeStripe({ webhookSecret: "whsec_e2e" });
    const port = freePort();
    server = await startTestServer({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      STRIPE_SECRET_KEY: "sk_test_e2e",
      STRIPE_WEBHOOK_SECRET: "whsec_e2e",
      STRIPE_API_URL: stripe.url,
    });
    stripe.setWebhookUrl(`${server.url}/api/payments/stripe/webhook`);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stripe?.stop();
  });

  test("the invoice mail's link → Pay by card → the checkout page → back to a Paid invoice → delete the project, the money stays", async () => {
    // A fresh address per attempt, so a retried run (package.json: --retry=1) starts clean.
    const email = `ada-e2e-${Date.now().toString(36)}@example.com`;
    const customer = await server.createUser({ displayName: "Ada Lovelace", email });
    const admin = await server.createAdmin();
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Analytical Bakery");
    const unpaid = await invoicedProject(server, customer.cookie, admin.cookie, "Difference Engines");
    const mails = await queuedMails(server.deps.database.db, email);
    const mail = mails.find((m) => m.subject.startsWith("Invoice ") && m.subject.endsWith("for Analytical Bakery"));
    const link = /Pay by card, or view and print the invoice: (\S+)/.exec(mail?.text ?? "")?.[1];
    expect(link).toBe(`${server.url}/invoices/${invoiceID}`);

    const context = await signIn(browser, server, customer.cookie);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/billing`);
    await page.getByRole("heading", { name: "Your invoices" }).waitFor();
    await shoot(page, "billing");

    await page.goto(link ?? "");
    await page.getByText("Awaiting payment").first().waitFor();
    await shoot(page, "invoice-pay");
    expect(errors).toEqual([]);
    await page.getByRole("button", { name: "Pay by card" }).click();
    await page.waitForURL(`${stripe.url}/pay/**`);
    await page.getByRole("heading", { name: "Pay 250.00 USD" }).waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(`${server.url}/invoices/${invoiceID}?checkout=success**`);
    await page.getByText("Thank you! Your payment was received.").waitFor();
    // The fake's page asks it for a favicon, which its API answers 401: not ours to judge.
    errors.length = 0;
    expect(await page.locator(".invoice .badge").first().textContent()).toBe("Paid");
    expect(await page.getByRole("button", { name: "Pay by card" }).count()).toBe(0);
    await page.getByRole("heading", { name: "Receipt" }).waitFor();
    await shoot(page, "invoice-paid");
    expect((await projectRow(server, projectID))?.receivedPayment).toBe(true);

    await page.goto(`${server.url}/projects/${projectID}/status`);
    expect(await page.locator('[data-project-badge="payment"]').textContent()).toBe("Paid");
    await page.getByRole("link", { name: /INV-\d+ · \$250/ }).waitFor();
    expect(await page.getByRole("button", { name: /Delete/ }).count()).toBe(0);
    expect(errors).toEqual([]);

    // The other project's Billing tab, from its tab bar: its open invoice with Pay, as on /billing.
    await page.goto(`${server.url}/projects/${unpaid.projectID}`);
    await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Billing" }).click();
    await page.waitForURL(`${server.url}/projects/${unpaid.projectID}/billing`);
    await page.getByRole("heading", { name: "Invoices" }).waitFor();
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: /INV-\d+/ }) });
    expect(await row.count()).toBe(1);
    await row.getByRole("button", { name: "Pay" }).waitFor();
    await shoot(page, "project-billing");
    // The paid project's tab: its payment, and no Pay.
    await page.goto(`${server.url}/projects/${projectID}/billing`);
    await page.getByRole("heading", { name: "Payments and refunds" }).waitFor();
    expect(await page.getByRole("button", { name: "Pay" }).count()).toBe(0);
    await shoot(page, "project-billing-paid");
    expect(errors).toEqual([]);

    // Deleting the paid project from the foot of its Overview (decision 077): the dialog says the
    // payment is not refunded, and the money stays where the admin and the customer look for it.
    await page.goto(`${server.url}/projects/${projectID}`);
    const deleteLink = page.getByRole("button", { name: "Delete this project…" });
    await deleteLink.waitFor();
    await shoot(page, "project-overview");
    await deleteLink.click();
    const dialog = page.getByRole("dialog", { name: "Delete this project?" });
    await dialog.getByText("This project was paid $250 on").waitFor();
    await dialog.getByText(/Deleting it does not refund the payment; write to us to ask for one\./).waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.goto(`${server.url}/billing`);
    await page
      .getByRole("link", { name: /INV-\d+/ })
      .first()
      .waitFor();
    await page.getByText("Project deleted").first().waitFor();
    expect(errors).toEqual([]);

    const adminContext = await signIn(browser, server, admin.cookie);
    const adminPage = await adminContext.newPage();
    const adminErrors = watchErrors(adminPage);
    await adminPage.goto(`${server.url}/admin/payments`);
    await adminPage.getByRole("heading", { name: "Payments" }).waitFor();
    await adminPage.getByText("Analytical Bakery").first().waitFor();
    await adminPage.getByText("Project deleted").first().waitFor();
    await shoot(adminPage, "admin-payments");
    await adminPage.locator(`a[href="/invoices/${invoiceID}"]`).first().click();
    await adminPage.waitForURL(`${server.url}/invoices/${invoiceID}`);
    await adminPage.getByText("Project deleted").first().waitFor();
    expect(await adminPage.locator(".invoice .badge").first().textContent()).toBe("Paid");
    expect(adminErrors).toEqual([]);
    await context.close();
    await adminContext.close();
  });
});
