// A project's Billing tab (decision 090): /projects/{id}/billing lists the project's
// invoices with Pay where one is owed, and its payments and refunds, for the customer who owns it
// and for admins; someone else's project answers as every project tab does, and a deleted
// project's tab is gone while /billing keeps its money. Delete sits at the foot of the Overview.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { formatInvoiceNumber } from "../../src/shared/invoices";
import { type TestServer, startTestServer } from "../helpers/server";
import { type FakeStripe, startFakeStripe } from "../helpers/stripe";
import { invoicedProject } from "./helpers";

const webhookSecret = "whsec_project_billing";
let server: TestServer;
let stripe: FakeStripe;
let owner: { cookie: string };
let stranger: { cookie: string };
let admin: { cookie: string };

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret });
  server = await startTestServer({ STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: stripe.url });
  stripe.setWebhookUrl(`${server.url}/api/payments/stripe/webhook`);
  owner = await server.createUser({ displayName: "Billie Owner", email: "billie-tab@example.com" });
  stranger = await server.createUser({ displayName: "Sam Stranger", email: "sam-tab@example.com" });
  admin = await server.createAdmin();
});
afterAll(async () => {
  await server.stop();
  await stripe.stop();
});

const get = (path: string, cookie: string) => server.request(path, { cookie });

test("the owner's Billing tab lists the open invoice with Pay; once paid, the payment and a receipt, no Pay", async () => {
  const { projectID, invoiceID, invoiceNumber } = await invoicedProject(server, owner.cookie, admin.cookie, "Tabbed Bakery");
  const other = await invoicedProject(server, owner.cookie, admin.cookie, "Other Shop");
  const response = await get(`/projects/${projectID}/billing`, owner.cookie);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain(`href="/projects/${projectID}/billing" aria-current="page"`);
  expect(html).toContain(formatInvoiceNumber(invoiceNumber));
  expect(html).toContain("Awaiting payment");
  expect(html).toContain(`action="/invoices/${invoiceID}/pay"`);
  // Only this project's invoices.
  expect(html).not.toContain(formatInvoiceNumber(other.invoiceNumber));
  expect(html).not.toContain("Payments and refunds");
  // Every tab of the project links to it.
  expect(await (await get(`/projects/${projectID}/status`, owner.cookie)).text()).toContain(`href="/projects/${projectID}/billing"`);

  const pay = await server.request(`/invoices/${invoiceID}/pay`, { method: "POST", cookie: owner.cookie, headers: { origin: server.url } });
  expect(pay.status).toBe(303);
  await stripe.completeSession((pay.headers.get("location") ?? "").slice(`${stripe.url}/pay/`.length));
  const paid = await (await get(`/projects/${projectID}/billing`, owner.cookie)).text();
  expect(paid).toContain("Payments and refunds");
  expect(paid).toContain("Received");
  expect(paid).toContain("Receipt");
  expect(paid).not.toContain(`action="/invoices/${invoiceID}/pay"`);
});

test("an admin sees any project's Billing tab; another customer is refused as on every project tab", async () => {
  const { projectID, invoiceNumber } = await invoicedProject(server, owner.cookie, admin.cookie, "Watched Shop");
  const asAdmin = await get(`/projects/${projectID}/billing`, admin.cookie);
  expect(asAdmin.status).toBe(200);
  expect(await asAdmin.text()).toContain(formatInvoiceNumber(invoiceNumber));

  const refused = await get(`/projects/${projectID}/billing`, stranger.cookie);
  expect(refused.status).toBe(403);
  const text = await refused.text();
  expect(text).toContain("You do no have access to this Project.");
  expect(text).not.toContain(formatInvoiceNumber(invoiceNumber));
  expect((await get("/projects/01ARZ3NDEKTSV4RRFFQ69G5FAV/billing", owner.cookie)).status).toBe(404);
  const visitor = await server.request(`/projects/${projectID}/billing`);
  expect(visitor.status).toBe(303);
});

test("Delete is a link at the foot of the Overview, not a card on Status; a deleted project's tab is gone and /billing keeps its money", async () => {
  const { projectID, invoiceID, invoiceNumber } = await invoicedProject(server, owner.cookie, admin.cookie, "Gone Gallery");
  const pay = await server.request(`/invoices/${invoiceID}/pay`, { method: "POST", cookie: owner.cookie, headers: { origin: server.url } });
  await stripe.completeSession((pay.headers.get("location") ?? "").slice(`${stripe.url}/pay/`.length));

  const overview = await (await get(`/projects/${projectID}`, owner.cookie)).text();
  expect(overview).toContain('class="project-delete-foot"');
  expect(overview).toContain("Delete this project…");
  // The confirmation it opens says what happens to the money.
  expect(overview).toContain("Deleting it does not refund the payment");
  const status = await (await get(`/projects/${projectID}/status`, owner.cookie)).text();
  expect(status).not.toContain("project-delete");

  expect((await server.request(`/api/projects/${projectID}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
  expect((await get(`/projects/${projectID}/billing`, owner.cookie)).status).toBe(404);
  expect((await get(`/projects/${projectID}/billing`, admin.cookie)).status).toBe(404);
  const billing = await (await get("/billing", owner.cookie)).text();
  expect(billing).toContain(formatInvoiceNumber(invoiceNumber));
  expect(billing).toContain("Gone Gallery");
  expect(billing).toContain("Project deleted");
});

test("the Payments page shows — instead of a percentage when last month was $0", async () => {
  const html = await (await get("/admin/payments", admin.cookie)).text();
  // This server's money is all from this month.
  expect(html).toContain('<span class="metric-delta metric-delta-flat">— <span class="metric-delta-note">vs last month</span>');
  expect(html).not.toMatch(/\d+% <span class="metric-delta-note">vs last month/);
});
