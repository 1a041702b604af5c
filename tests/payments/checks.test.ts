// Money checks (decision 084): the webhook pays an invoice only with its amount and currency, and
// keeps, flags and (where nothing is owed) refunds anything else; refunds are jobs that fail one
// at a time and can be retried; a daily reconciliation finds what the app and Stripe disagree on;
// the monthly statement adds up to the Payments page per currency. As a customer, an admin and an
// attacker see it: pages, CSV, API answers, Stripe's test server, and the rows behind them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { notifications, paymentIssues, payments } from "../../db/schema";
import { reconcilePayments } from "../../src/features/payments/checks";
import { CHECKOUT_IN_FLIGHT } from "../../src/features/payments/service";
import { type TestServer, startTestServer } from "../helpers/server";
import { type FakeStripe, startFakeStripe } from "../helpers/stripe";
import { invoiceRow, invoicedProject, paymentRows, projectRow } from "./helpers";

const webhookSecret = "whsec_checks_test";
let server: TestServer;
let stripe: FakeStripe;
let customer: { cookie: string; user: { id: string; email: string } };
let admin: { cookie: string; user: { id: string } };

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret });
  server = await startTestServer({ STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: stripe.url });
  stripe.setWebhookUrl(`${server.url}/api/payments/stripe/webhook`);
  customer = await server.createUser({ displayName: "Checked Chris", email: "chris-checks@example.com" });
  admin = await server.createAdmin();
});
afterAll(async () => {
  await server.stop();
  await stripe.stop();
});

const html = async (path: string, cookie: string) => (await server.request(path, { cookie })).text();
const message = async (response: Response) => ((await response.json()) as { message: string }).message;
const patch = (updatedFields: Record<string, unknown>, projectID: string) =>
  server.request("/api/admin/projects", { method: "PATCH", cookie: admin.cookie, json: { projectIDs: [projectID], updatedFields } });
const issuesOf = (paymentId: string) => server.deps.database.db.select().from(paymentIssues).where(eq(paymentIssues.paymentId, paymentId));

/** Opens Checkout as the customer's Pay button does; answers the session id. */
async function openCheckout(invoiceID: string): Promise<string> {
  const response = await server.request(`/invoices/${invoiceID}/pay`, { method: "POST", cookie: customer.cookie, headers: { origin: server.url } });
  expect(response.status).toBe(303);
  return (response.headers.get("location") ?? "").slice(`${stripe.url}/pay/`.length);
}

/** A Checkout Session for the invoice with another amount or currency than it asks (as a forged or stale session would be). */
async function offSession(invoiceID: string, projectID: string, amountCents: number, currency: string): Promise<string> {
  const payments = server.deps.payments;
  if (!payments) throw new Error("payments are off");
  const invoice = await invoiceRow(server, invoiceID);
  const session = await payments.createCheckoutSession({
    invoiceNumber: `INV-${String(invoice?.number).padStart(5, "0")}`,
    amountCents,
    currency,
    customerEmail: customer.user.email,
    successUrl: `${server.url}/`,
    cancelUrl: `${server.url}/`,
    metadata: { invoiceId: invoiceID, projectId: projectID },
  });
  return session.id;
}

const refundedFor = (intent: string | null | undefined) => (d: { event: unknown; status: number }) =>
  (d.event as { type: string }).type === "charge.refunded" && d.status === 200 && JSON.stringify(d.event).includes(String(intent));

describe("the webhook checks what it is told", () => {
  test("a wrong amount is kept as money received, pays nothing, needs attention and tells the admins; a replay adds nothing", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Short Paid");
    const sessionId = await offSession(invoiceID, projectID, 100, "usd");
    const { deliveries } = await stripe.completeSession(sessionId);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
    expect((await invoiceRow(server, invoiceID))?.status).toBe("open");
    expect((await projectRow(server, projectID))?.receivedPayment).toBe(false);
    const [payment] = await paymentRows(server, projectID);
    expect(payment).toMatchObject({ kind: "payment", amountCents: 100, applied: false, status: "succeeded" });
    const issues = await issuesOf(payment?.id ?? "");
    expect(issues.map((issue) => issue.kind)).toEqual(["amount_mismatch"]);
    expect(issues[0]?.message).toContain("1.00 USD");
    // Not refunded automatically: the invoice is still owed; the admin decides.
    expect((await paymentRows(server, projectID)).filter((row) => row.kind === "refund")).toHaveLength(0);
    const notes = await server.deps.database.db.select().from(notifications).where(eq(notifications.userId, admin.user.id));
    expect(notes.some((note) => note.message.includes("Payments need attention") && note.message.includes("1.00 USD"))).toBe(true);
    // The customer still owes the invoice.
    expect(await html(`/invoices/${invoiceID}`, customer.cookie)).not.toContain(">Paid</span>");

    // Stripe delivers the same events again, and then in the other order: nothing changes, and the log says why.
    for (const delivery of [...deliveries].reverse()) {
      const again = await stripe.deliver(delivery.event);
      expect(again.status).toBe(200);
      expect(JSON.parse(again.body)).toEqual({ received: true, duplicate: true });
    }
    expect(await paymentRows(server, projectID)).toHaveLength(1);
    expect(await issuesOf(payment?.id ?? "")).toHaveLength(1);
    for (const delivery of deliveries) {
      expect(server.logs.some((line) => line.includes(`webhook ${delivery.event.id}`) && line.includes("changed nothing: the event was handled before"))).toBe(
        true,
      );
    }
    // payment_intent.succeeded then checkout.session.completed as new events: already recorded, said in the log.
    const intent = stripe.paymentIntents.get(String(stripe.sessions.get(sessionId)?.payment_intent));
    const late = await stripe.deliver(stripe.createEvent("payment_intent.succeeded", intent ?? {}));
    expect(late.status).toBe(200);
    expect(server.logs.some((line) => line.includes(`webhook ${late.event.id}`) && line.includes("is already recorded"))).toBe(true);
    expect(await paymentRows(server, projectID)).toHaveLength(1);

    // The admin sees it under Needs attention, with a count.
    const page = await html("/admin/payments?attention=1", admin.cookie);
    expect(page).toMatch(/Needs attention \(\d+\)/);
    expect(page).toContain("Short Paid");
  });

  test("another currency pays nothing and is never added to the dollar totals", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Paid In Euro");
    const before = await html("/admin/payments", admin.cookie);
    const paidBefore = /<dt>Paid<\/dt><dd><span class="metric-count">([^<]+)</.exec(before)?.[1];
    await stripe.completeSession(await offSession(invoiceID, projectID, 100, "eur"));
    expect((await invoiceRow(server, invoiceID))?.status).toBe("open");
    const [payment] = await paymentRows(server, projectID);
    expect(payment).toMatchObject({ currency: "eur", applied: false });
    expect((await issuesOf(payment?.id ?? "")).map((issue) => issue.kind)).toEqual(["currency_mismatch"]);
    const after = await html("/admin/payments", admin.cookie);
    expect(/<dt>Paid<\/dt><dd><span class="metric-count">([^<]+)</.exec(after)?.[1]).toBe(paidBefore);
    expect(after).toContain("Other currencies this month: 1.00 EUR paid, 0.00 EUR refunded");
  });

  test("marking paid by hand while Checkout is open is warned; a card payment that follows is an overpayment, refunded once", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Paid Twice");
    const sessionId = await openCheckout(invoiceID);
    const warned = await patch({ receivedPayment: true, paymentMethod: "bank_transfer" }, projectID);
    expect(warned.status).toBe(409);
    expect(await message(warned)).toBe(CHECKOUT_IN_FLIGHT);
    expect(await paymentRows(server, projectID)).toHaveLength(0);
    // The confirmation goes only with marking paid.
    expect((await patch({ confirmOpenCheckout: true }, projectID)).status).toBe(400);
    expect((await patch({ receivedPayment: true, paymentMethod: "bank_transfer", confirmOpenCheckout: true }, projectID)).status).toBe(200);
    expect((await invoiceRow(server, invoiceID))?.status).toBe("paid");

    await stripe.completeSession(sessionId);
    const intent = stripe.sessions.get(sessionId)?.payment_intent;
    await stripe.waitForDelivery(refundedFor(intent), 15_000);
    const rows = await paymentRows(server, projectID);
    const card = rows.find((row) => row.method === "card" && row.kind === "payment");
    expect(card).toMatchObject({ applied: false, amountCents: 25_000 });
    expect(rows.find((row) => row.kind === "refund")).toMatchObject({ paymentId: card?.id, status: "succeeded", amountCents: 25_000 });
    expect((await issuesOf(card?.id ?? "")).map((issue) => issue.kind)).toEqual(["overpayment"]);
    expect([...stripe.refunds.values()].filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
    // The bank transfer still pays the invoice; the project reads Paid (not refunded by the card's refund of the extra).
    expect((await invoiceRow(server, invoiceID))?.status).toBe("paid");
    expect((await projectRow(server, projectID))?.receivedPayment).toBe(true);
  });
});

describe("refunds are jobs", () => {
  test("Stripe refusing one of two refunds leaves the other going; the refused one shows Stripe's reason and a retry works", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Two Cards");
    const shortSession = await offSession(invoiceID, projectID, 5_000, "usd");
    await stripe.completeSession(shortSession);
    const fullSession = await openCheckout(invoiceID);
    await stripe.completeSession(fullSession);
    expect((await projectRow(server, projectID))?.receivedPayment).toBe(true);
    const refused = String(stripe.sessions.get(shortSession)?.payment_intent);
    const accepted = String(stripe.sessions.get(fullSession)?.payment_intent);
    stripe.refuseRefunds(refused, "This charge is disputed and cannot be refunded.");

    const asked = await patch({ refundIssued: true }, projectID);
    expect(asked.status).toBe(200);
    expect(await message(asked)).toContain("Stripe is refunding");
    await stripe.waitForDelivery(refundedFor(accepted), 15_000);
    const failed = await waitFor(async () => {
      const rows = await paymentRows(server, projectID);
      return rows.find((row) => row.kind === "refund" && row.status === "failed") ?? null;
    });
    expect(failed).toMatchObject({ providerPaymentIntentId: refused, failureReason: "This charge is disputed and cannot be refunded." });
    const refunds = (await paymentRows(server, projectID)).filter((row) => row.kind === "refund");
    expect(refunds.map((row) => [row.providerPaymentIntentId, row.status]).sort()).toEqual(
      [
        [accepted, "succeeded"],
        [refused, "failed"],
      ].sort(),
    );
    for (const path of ["/admin/payments", `/projects/${projectID}/admin`]) {
      const page = await html(path, admin.cookie);
      expect(page).toContain("Refund failed");
      expect(page).toContain("This charge is disputed and cannot be refunded.");
      expect(page).toContain("Refunded");
    }

    // Stripe accepts it now; asking again refunds only what is left.
    stripe.allowRefunds(refused);
    const retried = await patch({ refundIssued: true }, projectID);
    expect(retried.status).toBe(200);
    await stripe.waitForDelivery(refundedFor(refused), 15_000);
    await waitFor(async () => {
      const rows = await paymentRows(server, projectID);
      return rows.some((row) => row.kind === "refund" && row.providerPaymentIntentId === refused && row.status === "succeeded") ? true : null;
    });
    expect([...stripe.refunds.values()].filter((refund) => refund.payment_intent === accepted)).toHaveLength(1);
    expect([...stripe.refunds.values()].filter((refund) => refund.payment_intent === refused)).toHaveLength(1);
    expect((await projectRow(server, projectID))?.refundIssued).toBe(true);
  });
});

describe("reconciliation", () => {
  test("a payment Stripe took that never reached the app, and an amount that differs, are each raised once", async () => {
    const lost = await invoicedProject(server, customer.cookie, admin.cookie, "Webhook Lost");
    const lostSession = await openCheckout(lost.invoiceID);
    stripe.autoDeliver = false;
    await stripe.completeSession(lostSession);
    stripe.autoDeliver = true;
    stripe.pending.splice(0);
    const lostIntent = String(stripe.sessions.get(lostSession)?.payment_intent);
    expect(await paymentRows(server, lost.projectID)).toHaveLength(0);

    const differs = await invoicedProject(server, customer.cookie, admin.cookie, "Amount Differs");
    const differsSession = await openCheckout(differs.invoiceID);
    await stripe.completeSession(differsSession);
    const differsIntent = String(stripe.sessions.get(differsSession)?.payment_intent);
    const intent = stripe.paymentIntents.get(differsIntent);
    if (!intent) throw new Error("no intent");
    intent.amount_received = 24_000;

    await reconcilePayments(server.deps, server.deps.now());
    const issues = await server.deps.database.db.select().from(paymentIssues);
    const missing = issues.filter((issue) => issue.stripeId === lostIntent);
    expect(missing.map((issue) => issue.kind)).toEqual(["missing_in_app"]);
    expect(missing[0]?.message).toContain("250.00 USD");
    const different = issues.filter((issue) => issue.stripeId === differsIntent);
    expect(different.map((issue) => issue.kind)).toEqual(["amount_differs"]);
    expect(different[0]?.message).toContain("240.00 USD");

    // A second run raises nothing new.
    const again = await reconcilePayments(server.deps, server.deps.now());
    expect(again.raised).toBe(0);
    const page = await html("/admin/payments", admin.cookie);
    expect(page).toContain(lostIntent);
  });
});

describe("needs attention is resolved with a note", () => {
  test("an admin resolves an entry; customers, forged ids, empty notes and unknown fields are refused", async () => {
    const [issue] = await server.deps.database.db.select().from(paymentIssues).where(eq(paymentIssues.kind, "amount_mismatch"));
    if (!issue) throw new Error("no entry to resolve");
    const path = `/api/admin/payments/issues/${issue.id}/resolve`;
    const call = (cookie: string | undefined, json: unknown, at = path) =>
      server.request(at, { method: "POST", cookie, json, headers: cookie ? {} : { origin: server.url } });
    expect((await call(undefined, { note: "x" })).status).toBe(401);
    expect((await call(customer.cookie, { note: "x" })).status).toBe(403);
    expect((await call(admin.cookie, { note: "x" }, "/api/admin/payments/issues/01m80asvd6nsxk9pjyhsq951ce/resolve")).status).toBe(404);
    expect([400, 422]).toContain((await call(admin.cookie, { note: "x" }, "/api/admin/payments/issues/not-an-id/resolve")).status);
    expect([400, 422]).toContain((await call(admin.cookie, { note: "x", resolved: false })).status);
    expect((await call(admin.cookie, { note: "   " })).status).toBe(400);
    const before = await html("/admin/payments", admin.cookie);
    const count = Number(/Needs attention \((\d+)\)/.exec(before)?.[1]);
    const done = await call(admin.cookie, { note: "Customer paid the rest by bank transfer." });
    expect(done.status).toBe(200);
    expect(await message(done)).toBe("Marked resolved.");
    const [after] = await server.deps.database.db.select().from(paymentIssues).where(eq(paymentIssues.id, issue.id));
    expect(after).toMatchObject({ resolvedBy: admin.user.id, resolutionNote: "Customer paid the rest by bank transfer." });
    expect(after?.resolvedAt).not.toBeNull();
    expect(await html("/admin/payments", admin.cookie)).toContain(`Needs attention (${count - 1})`);
    // The page's form does the same.
    const [other] = await server.deps.database.db
      .select()
      .from(paymentIssues)
      .where(and(eq(paymentIssues.kind, "currency_mismatch")));
    const form = await server.request(`/admin/payments/issues/${other?.id}/resolve`, {
      method: "POST",
      cookie: admin.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "note=Refunded+by+hand",
    });
    expect(form.status).toBe(303);
  });
});

describe("the monthly statement", () => {
  test("adds up, per currency, to the Payments page's Paid and Refunded", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const csv = await html(`/admin/payments/statement.csv?month=${month}`, admin.cookie);
    const lines = csv
      .trim()
      .split("\r\n")
      .map((line) => line.split('","').map((cell) => cell.replace(/^"|"$/g, "")));
    expect(lines[0]).toEqual(["Invoice number", "Date", "Customer", "Amount", "Currency", "Method", "State", "Refunds"]);
    const body = lines.slice(1).filter((cells) => cells[0] !== "" || !cells[2]?.startsWith("Total"));
    const sum = (currency: string, state: string) =>
      body.filter((cells) => cells[4] === currency && cells[6] === state).reduce((total, cells) => total + Math.round(Number(cells[3]) * 100), 0);
    const total = (label: string) => Math.round(Number(lines.find((cells) => cells[2] === label)?.[3]) * 100);
    expect(total("Total paid USD")).toBe(sum("USD", "Received"));
    expect(total("Total refunded USD")).toBe(sum("USD", "Refunded"));
    expect(total("Total paid EUR")).toBe(100);
    // The page shows the same dollars; euros are never added to them.
    const rows = await server.deps.database.db.select().from(payments);
    expect(rows.some((row) => row.currency === "eur")).toBe(true);
    const page = await html("/admin/payments", admin.cookie);
    const paid = /<dt>Paid<\/dt><dd><span class="metric-count">\$([\d,]+)</.exec(page)?.[1];
    const refunded = /<dt>Refunded<\/dt><dd><span class="metric-count">\$([\d,]+)</.exec(page)?.[1];
    expect(Number(paid?.replaceAll(",", "")) * 100).toBe(Math.round(total("Total paid USD") / 100) * 100);
    expect(Number(refunded?.replaceAll(",", "")) * 100).toBe(Math.round(-total("Total refunded USD") / 100) * 100);
    // Admins only.
    expect((await server.request(`/admin/payments/statement.csv?month=${month}`, { cookie: customer.cookie })).status).not.toBe(200);
  });
});

async function waitFor<T>(read: () => Promise<T | null>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > until) throw new Error("timed out waiting");
    await Bun.sleep(50);
  }
}
