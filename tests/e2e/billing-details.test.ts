// Billing details and tax in Chromium (decision 085): the customer fills in the form on /billing,
// an address with too many lines is refused under its field, the saved details and the tax line
// appear on the next invoice. /billing and the invoice are photographed at 375, 800 and 1280 px,
// light and dark.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { type TestServer, startTestServer } from "../helpers/server";
import { invoicedProject } from "../payments/helpers";
import { browserAvailable, launchBrowser, seriousAxeViolations, watchErrors } from "./browser";
import { hydrated, photograph } from "./helpers";

const SHOTS = "/tmp/shots-billing-details";

describe.skipIf(!browserAvailable)("billing details in Chromium", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({
      TAX_RATE: "8.25",
      PROVIDER_NAME: "Harbour Web Studio Ltd",
      PROVIDER_ADDRESS: "1 Harbour Street, Suite 4, Portland, ME 04101",
      PROVIDER_TAX_ID: "EIN 12-3456789",
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("fill in the details on /billing, see a field error, save; the next invoice shows them with the tax line", async () => {
    const email = `ada-details-${Date.now().toString(36)}@example.com`;
    const customer = await server.createUser({ displayName: "Ada Lovelace", email });
    const admin = await server.createAdmin();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const [name, value] = customer.cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto(`${server.url}/billing`);
    await hydrated(page, "billing-details");
    await page.getByLabel("Billing name").fill("Ada King, Countess of Lovelace");
    await page.getByLabel("Company").fill("Analytical Engines Ltd");
    await page.getByLabel("Address").fill("1\n2\n3\n4\n5\n6\n7");
    await page.getByLabel("Tax ID").fill("GB 123 4567 89");
    await page.getByRole("button", { name: "Save billing details" }).click();
    await page.getByText("address must be at most 6 lines.").waitFor();
    expect(await page.getByLabel("Address").getAttribute("aria-invalid")).toBe("true");
    // The browser logs the refused call (400) it was meant to make; nothing else.
    expect(errors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
    errors.length = 0;
    await page.getByLabel("Address").fill("12 St James's Square\nLondon SW1Y 4JH\nUnited Kingdom");
    await page.getByRole("button", { name: "Save billing details" }).click();
    await page.getByText("Billing details saved.").first().waitFor();

    const { invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Analytical Bakery");
    await page.goto(`${server.url}/billing`);
    await page
      .getByRole("link", { name: /INV-\d+/ })
      .first()
      .waitFor();
    await page.getByText("$270.63").first().waitFor();
    await hydrated(page, "billing-details");
    await photograph(page, SHOTS, "billing", [375, 800, 1280]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(`${server.url}/invoices/${invoiceID}`);
    await page.getByText("Tax (8.25%)").waitFor();
    await page.getByText("Analytical Engines Ltd").waitFor();
    await page.getByText("Tax ID: EIN 12-3456789").waitFor();
    expect(await page.locator(".invoice-total").textContent()).toBe("$270.63");
    await photograph(page, SHOTS, "invoice", [375, 800, 1280]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
