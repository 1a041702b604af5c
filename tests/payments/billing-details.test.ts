// Billing details and tax on invoices (decision 085): the customer's details saved on /billing
// through PATCH /api/users/me/billing-details, copied onto an invoice when it is issued with the
// studio's details and TAX_RATE; the page, the PDF and the mail show the same lines; Checkout
// charges the total with tax; an issued invoice never changes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from "pdf-lib";
import type { Config } from "../../src/config";
import { formatTaxRate, invoiceMoney, taxCentsOf } from "../../src/features/invoices/money";
import { queuedMails } from "../helpers/mail-jobs";
import { type TestServer, startTestServer } from "../helpers/server";
import { type FakeStripe, startFakeStripe } from "../helpers/stripe";
import { invoiceRow, invoicedProject, paymentRows } from "./helpers";

const webhookSecret = "whsec_billing_test";
let server: TestServer;
let stripe: FakeStripe;
let customer: { cookie: string; user: { id: string; email: string } };
let other: { cookie: string; user: { id: string; email: string } };
let admin: { cookie: string; user: { id: string } };

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret });
  server = await startTestServer({
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripe.url,
    TAX_RATE: "8.25",
    PROVIDER_NAME: "Harbour Web Ltd",
    PROVIDER_ADDRESS: "1 Harbour Street, Portland, ME 04101",
    PROVIDER_TAX_ID: "US-EIN 12-3456789",
  });
  stripe.setWebhookUrl(`${server.url}/api/payments/stripe/webhook`);
  customer = await server.createUser({ displayName: "Ada Lovelace", email: "ada-billing@example.com" });
  other = await server.createUser({ displayName: "Charles Babbage", email: "charles-billing@example.com" });
  admin = await server.createAdmin();
});
afterAll(async () => {
  await server.stop();
  await stripe.stop();
});

const PATH = "/api/users/me/billing-details";
const save = (cookie: string, json: unknown) => server.request(PATH, { method: "PATCH", cookie, json });
const read = async (cookie: string) =>
  ((await (await server.request(PATH, { cookie })).json()) as { billingDetails: Record<string, string | null> }).billingDetails;
const adaDetails = {
  name: "Ada King, Countess of Lovelace",
  company: "Analytical Engines Ltd",
  address: "12 St James's Square\nLondon SW1Y 4JH\nUnited Kingdom",
  taxId: "GB 123 4567 89",
};

/** The text a PDF draws, line by line, read back with pdf-lib from its (compressed) content streams. */
async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const raw = Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
      for (const match of raw.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(Buffer.from(match[1] ?? "", "hex").toString("latin1"));
    }
  }
  return lines.join("\n");
}

describe("tax arithmetic", () => {
  test("tax is rounded half up to the cent, in integers", () => {
    expect(taxCentsOf(25_000, 825)).toBe(2_063); // $20.625
    expect(taxCentsOf(100, 50)).toBe(1); // half a cent rounds up
    expect(taxCentsOf(100, 49)).toBe(0);
    expect(taxCentsOf(150_000, 2_000)).toBe(30_000);
    expect(invoiceMoney(250, 825)).toEqual({ subtotalCents: 25_000, taxRateBasisPoints: 825, taxCents: 2_063, totalCents: 27_063 });
    expect(invoiceMoney(500, null)).toEqual({ subtotalCents: 50_000, taxRateBasisPoints: null, taxCents: 0, totalCents: 50_000 });
    expect([825, 2_000, 750, 1, 10_000].map(formatTaxRate)).toEqual(["8.25%", "20%", "7.5%", "0.01%", "100%"]);
  });
});

describe("the billing details form's API", () => {
  test("signed out, it is refused", async () => {
    expect((await server.request(PATH)).status).toBe(401);
    expect((await server.request(PATH, { method: "PATCH", json: { name: "x" } })).status).toBe(401);
  });

  test("saves, changes one field keeping the others, and clears with empty text", async () => {
    expect(await read(other.cookie)).toEqual({ name: null, company: null, address: null, taxId: null });
    const saved = await save(other.cookie, { name: "  Charles   Babbage ", company: "Difference Co", address: " 1 Dorset St \r\n\r\n London ", taxId: "" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      message: "Billing details saved. New invoices will show them; invoices already issued keep theirs.",
      billingDetails: { name: "Charles Babbage", company: "Difference Co", address: "1 Dorset St\nLondon", taxId: null },
    });
    expect((await save(other.cookie, { taxId: "GB999" })).status).toBe(200);
    expect(await read(other.cookie)).toEqual({ name: "Charles Babbage", company: "Difference Co", address: "1 Dorset St\nLondon", taxId: "GB999" });
    const cleared = await save(other.cookie, { name: "", company: "", address: "", taxId: " " });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as { message: string }).message).toBe("Billing details cleared. New invoices show your name and e-mail.");
    expect(await read(other.cookie)).toEqual({ name: null, company: null, address: null, taxId: null });
  });

  test("wrong types, too long values, too many address lines and unknown fields are refused with the field named; nothing is saved", async () => {
    const cases: [unknown, string][] = [
      [{ name: 5 }, "name"],
      [{ company: null }, "company"],
      [{ address: ["1 Main St"] }, "address"],
      [{ taxId: true }, "taxId"],
      [{ name: "x".repeat(201) }, "name"],
      [{ company: "x".repeat(201) }, "company"],
      [{ address: "x".repeat(501) }, "address"],
      [{ taxId: "x".repeat(51) }, "taxId"],
    ];
    for (const [body, field] of cases) {
      const response = await save(other.cookie, body);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { message: string; fields: Record<string, string> };
      expect(answer.fields[field]).toMatch(new RegExp(`^${field} must be text of at most \\d+ characters`));
      expect(answer.message).toStartWith(`Invalid ${field}`);
    }
    const lines = await save(other.cookie, { address: "1\n2\n3\n4\n5\n6\n7" });
    expect(lines.status).toBe(400);
    expect(await lines.json()).toMatchObject({ fields: { address: "address must be at most 6 lines." } });
    const unknown = await save(other.cookie, { name: "Charles", userId: customer.user.id });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain("userId");
    // The 201-character name is allowed at exactly the limit.
    expect((await save(other.cookie, { name: "x".repeat(200) })).status).toBe(200);
    expect((await save(other.cookie, { name: "" })).status).toBe(200);
    expect(await read(other.cookie)).toEqual({ name: null, company: null, address: null, taxId: null });
  });

  test("/billing shows the form with the customer's own details, never another user's", async () => {
    expect((await save(customer.cookie, adaDetails)).status).toBe(200);
    const own = await (await server.request("/billing", { cookie: customer.cookie })).text();
    expect(own).toContain("Billing details");
    expect(own).toContain("Analytical Engines Ltd");
    expect(own).toContain("GB 123 4567 89");
    const theirs = await (await server.request("/billing", { cookie: other.cookie })).text();
    expect(theirs).toContain("Billing details");
    expect(theirs).not.toContain("Analytical Engines Ltd");
    expect(theirs).not.toContain("GB 123 4567 89");
    expect(await read(other.cookie)).toEqual({ name: null, company: null, address: null, taxId: null });
  });
});

describe("an invoice issued with billing details and tax", () => {
  test("copies both parties and the tax onto the row; the page, the PDF and the mail show the same lines; Checkout charges the total", async () => {
    expect((await save(customer.cookie, adaDetails)).status).toBe(200);
    const { invoiceID, invoiceNumber } = await invoicedProject(server, customer.cookie, admin.cookie, "Taxed Shop");
    expect(await invoiceRow(server, invoiceID)).toMatchObject({
      amount: 250,
      subtotalCents: 25_000,
      taxRateBasisPoints: 825,
      taxCents: 2_063,
      totalCents: 27_063,
      customerName: "Ada Lovelace",
      billToName: adaDetails.name,
      billToCompany: adaDetails.company,
      billToAddress: adaDetails.address,
      billToTaxId: adaDetails.taxId,
      providerName: "Harbour Web Ltd",
      providerAddress: "1 Harbour Street, Portland, ME 04101",
      providerTaxId: "US-EIN 12-3456789",
    });

    const page = await (await server.request(`/invoices/${invoiceID}`, { cookie: customer.cookie })).text();
    for (const expected of [
      "Harbour Web Ltd",
      "Tax ID: US-EIN 12-3456789",
      "Ada King, Countess of Lovelace",
      "Analytical Engines Ltd",
      "London SW1Y 4JH",
      "Tax ID: GB 123 4567 89",
      "Subtotal",
      "$250.00",
      "Tax (8.25%)",
      "$20.63",
      "$270.63",
    ])
      expect(page).toContain(expected.replace(/'/g, "&#x27;"));

    const pdf = await pdfText(await (await server.request(`/invoices/${invoiceID}/pdf`, { cookie: customer.cookie })).arrayBuffer());
    for (const expected of [
      "Harbour Web Ltd",
      "Tax ID: US-EIN 12-3456789",
      "Ada King, Countess of Lovelace",
      "Analytical Engines Ltd",
      "12 St James's Square",
      "London SW1Y 4JH",
      "Tax ID: GB 123 4567 89",
      "ada-billing@example.com",
      "Subtotal",
      "$250.00",
      "Tax (8.25%)",
      "$20.63",
      "Total due",
      "$270.63",
    ])
      expect(pdf).toContain(expected);

    const mail = (await queuedMails(server.deps.database.db, "ada-billing@example.com")).find((m) =>
      m.subject.startsWith(`Invoice INV-${String(invoiceNumber).padStart(5, "0")}`),
    );
    expect(mail?.text).toContain("Small Webapp: $270.63.");
    expect(mail?.text).toContain("Subtotal: $250.00\nTax (8.25%): $20.63\nTotal due: $270.63");

    const pay = await server.request(`/invoices/${invoiceID}/pay`, { method: "POST", cookie: customer.cookie });
    expect(pay.status).toBe(303);
    const sessionId = (pay.headers.get("location") ?? "").slice(`${stripe.url}/pay/`.length);
    expect(stripe.sessions.get(sessionId)).toMatchObject({ amount_total: 27_063, currency: "usd" });
  });

  test("a payment marked by hand records the total with tax, and the project page and /billing show that total", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Bank Shop");
    const status = await (await server.request(`/projects/${projectID}/status`, { cookie: admin.cookie })).text();
    expect(status).toContain("$270.63");
    const billing = await (await server.request("/billing", { cookie: customer.cookie })).text();
    expect(billing).toContain("$270.63");
    const marked = await server.request("/api/admin/projects", {
      method: "PATCH",
      cookie: admin.cookie,
      json: { projectIDs: [projectID], updatedFields: { receivedPayment: true, paymentMethod: "bank_transfer" } },
    });
    expect(marked.status).toBe(200);
    expect(await paymentRows(server, projectID)).toMatchObject([{ kind: "payment", method: "bank_transfer", amountCents: 27_063, invoiceId: invoiceID }]);
  });

  test("details and configuration changed after issue do not change the issued invoice", async () => {
    expect((await save(customer.cookie, adaDetails)).status).toBe(200);
    const { invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Frozen Shop");
    const before = await invoiceRow(server, invoiceID);
    expect((await save(customer.cookie, { name: "", company: "New Name Corp", address: "99 Elsewhere Road", taxId: "" })).status).toBe(200);
    const config = server.deps.config as { -readonly [K in keyof Config]: Config[K] };
    const saved = { taxRateBasisPoints: config.taxRateBasisPoints, providerName: config.providerName, providerTaxId: config.providerTaxId };
    Object.assign(config, { taxRateBasisPoints: 2_000, providerName: "Renamed Studio", providerTaxId: null });
    try {
      expect(await invoiceRow(server, invoiceID)).toEqual(before);
      const page = await (await server.request(`/invoices/${invoiceID}`, { cookie: customer.cookie })).text();
      const pdf = await pdfText(await (await server.request(`/invoices/${invoiceID}/pdf`, { cookie: customer.cookie })).arrayBuffer());
      for (const text of [page, pdf]) {
        expect(text).toContain("Analytical Engines Ltd");
        expect(text).toContain("Harbour Web Ltd");
        expect(text).toContain("Tax (8.25%)");
        expect(text).toContain("$270.63");
        expect(text).not.toContain("New Name Corp");
        expect(text).not.toContain("Renamed Studio");
      }
      // A new invoice takes the new details and rate.
      const { invoiceID: next } = await invoicedProject(server, customer.cookie, admin.cookie, "Later Shop");
      expect(await invoiceRow(server, next)).toMatchObject({
        billToName: null,
        billToCompany: "New Name Corp",
        providerName: "Renamed Studio",
        taxRateBasisPoints: 2_000,
        taxCents: 5_000,
        totalCents: 30_000,
      });
    } finally {
      Object.assign(config, saved);
    }
  });

  test("without details or tax the invoice shows the name and e-mail and no tax line, as before", async () => {
    const config = server.deps.config as { -readonly [K in keyof Config]: Config[K] };
    const rate = config.taxRateBasisPoints;
    config.taxRateBasisPoints = null;
    try {
      const plain = await server.createUser({ displayName: "Plain Customer", email: "plain-billing@example.com" });
      const { invoiceID } = await invoicedProject(server, plain.cookie, admin.cookie, "Plain Shop");
      expect(await invoiceRow(server, invoiceID)).toMatchObject({
        subtotalCents: 25_000,
        taxRateBasisPoints: null,
        taxCents: 0,
        totalCents: 25_000,
        billToName: null,
      });
      const page = await (await server.request(`/invoices/${invoiceID}`, { cookie: plain.cookie })).text();
      const pdf = await pdfText(await (await server.request(`/invoices/${invoiceID}/pdf`, { cookie: plain.cookie })).arrayBuffer());
      for (const text of [page, pdf]) {
        expect(text).toContain("Plain Customer");
        expect(text).toContain("plain-billing@example.com");
        expect(text).toContain("$250");
        expect(text).not.toContain("Tax (");
        expect(text).not.toContain("Subtotal");
      }
      const pay = await server.request(`/invoices/${invoiceID}/pay`, { method: "POST", cookie: plain.cookie });
      const sessionId = (pay.headers.get("location") ?? "").slice(`${stripe.url}/pay/`.length);
      expect(stripe.sessions.get(sessionId)).toMatchObject({ amount_total: 25_000 });
    } finally {
      config.taxRateBasisPoints = rate;
    }
  });
});
