// Card payments end to end through the real SDK and the loopback fake of Stripe: pay → webhook →
// Paid exactly once, duplicated, out-of-order and tampered deliveries, a cancelled checkout, the
// return page confirming a late webhook, and the refund round trip.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { notifications, stripeEvents } from "../../db/schema";
import { queuedMails } from "../helpers/mail-jobs";
import { type TestServer, startTestServer } from "../helpers/server";
import { type FakeStripe, startFakeStripe } from "../helpers/stripe";
import { invoicedProject, paymentRows, projectRow } from "./helpers";

const webhookSecret = "whsec_payments_test";
let server: TestServer;
let stripe: FakeStripe;
let customer: { cookie: string; user: { id: string; email: string } };
let admin: { cookie: string; user: { id: string } };

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret });
  server = await startTestServer({ STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: stripe.url });
  stripe.setWebhookUrl(`${server.url}/api/payments/stripe/webhook`);
  customer = await server.createUser({ displayName: "Ada Lovelace", email: "ada-card@example.com" });
  admin = await server.createAdmin();
});
afterAll(async () => {
  await server.stop();
  await stripe.stop();
});

/** Presses Pay on the invoice page as a browser does (a form POST) and answers the Checkout session id. */
async function pay(invoiceID: string): Promise<string> {
  const response = await server.request(`/invoices/${invoiceID}/pay`, { method: "POST", cookie: customer.cookie, headers: { origin: server.url } });
  expect(response.status).toBe(303);
  const location = response.headers.get("location") ?? "";
  expect(location).toStartWith(`${stripe.url}/pay/cs_`);
  return location.slice(`${stripe.url}/pay/`.length);
}

const receipts = async (email: string) => (await queuedMails(server.deps.database.db, email)).filter((mail) => mail.subject.startsWith("Receipt"));

describe("pay → webhook → Paid", () => {
  test("a paid checkout records one card payment, marks the project Paid, and sends one receipt and notification", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Paid Once");
    const page = await (await server.request(`/invoices/${invoiceID}`, { cookie: customer.cookie })).text();
    expect(page).toContain("Pay by card");
    const sessionId = await pay(invoiceID);
    const session = stripe.sessions.get(sessionId);
    expect(session).toMatchObject({ amount_total: 25_000, currency: "usd", customer_email: "ada-card@example.com" });
    expect(session?.success_url).toBe(`${server.deps.config.publicUrl}/invoices/${invoiceID}?checkout=success&session={CHECKOUT_SESSION_ID}`);
    // Pressing Pay twice reuses the same session (idempotency key per invoice).
    expect(await pay(invoiceID)).toBe(sessionId);

    const { deliveries } = await stripe.completeSession(sessionId);
    expect(deliveries.map((d) => [d.event.type, d.status])).toEqual([
      ["checkout.session.completed", 200],
      ["payment_intent.succeeded", 200],
    ]);
    expect(await projectRow(server, projectID)).toMatchObject({ receivedPayment: true, refundIssued: false });
    const rows = await paymentRows(server, projectID);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "payment",
      method: "card",
      amountCents: 25_000,
      currency: "usd",
      status: "succeeded",
      invoiceId: invoiceID,
      providerCheckoutSessionId: sessionId,
      recordedBy: null,
    });
    expect(rows[0]?.providerPaymentIntentId).toStartWith("pi_");
    expect(await receipts(customer.user.email)).toHaveLength(1);
    const notes = await server.deps.database.db.select().from(notifications).where(eq(notifications.userId, customer.user.id));
    expect(notes.filter((n) => n.message === 'We received your payment for "Paid Once". Thank you!')).toHaveLength(1);

    // Delivered again (Stripe retries): each event id is handled once.
    for (const delivery of deliveries) expect((await stripe.deliver(delivery.event)).status).toBe(200);
    expect(await paymentRows(server, projectID)).toHaveLength(1);
    expect(await receipts(customer.user.email)).toHaveLength(1);

    // The customer comes back to a Paid invoice with a receipt; paying again is refused.
    const back = await (await server.request(`/invoices/${invoiceID}?checkout=success&session=${sessionId}`, { cookie: customer.cookie })).text();
    expect(back).toContain("Thank you! Your payment was received.");
    expect(back).toContain("Receipt");
    expect(back).not.toContain("Pay by card");
    const again = await server.request(`/invoices/${invoiceID}/pay`, { method: "POST", cookie: customer.cookie });
    expect(again.status).toBe(409);
    // Admins see it on the Payments page.
    const adminPage = await (await server.request("/admin/payments", { cookie: admin.cookie })).text();
    expect(adminPage).toContain("Paid Once");
  });

  test("events out of order (payment_intent.succeeded first) still record the payment once", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Out Of Order");
    const sessionId = await pay(invoiceID);
    stripe.autoDeliver = false;
    try {
      await stripe.completeSession(sessionId);
      const [completed, succeeded] = stripe.pending.splice(0);
      if (!completed || !succeeded) throw new Error("two events expected");
      expect((await stripe.deliver(succeeded)).status).toBe(200);
      expect((await projectRow(server, projectID))?.receivedPayment).toBe(true);
      expect((await stripe.deliver(completed)).status).toBe(200);
    } finally {
      stripe.autoDeliver = true;
    }
    const rows = await paymentRows(server, projectID);
    expect(rows).toHaveLength(1);
    // The later checkout event fills in the session the intent did not know.
    expect(rows[0]?.providerCheckoutSessionId).toBe(sessionId);
  });

  test("a tampered, foreign or missing signature gets 400 and changes nothing", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Tampered");
    const sessionId = await pay(invoiceID);
    stripe.autoDeliver = false;
    let events: typeof stripe.pending = [];
    try {
      await stripe.completeSession(sessionId);
      events = stripe.pending.splice(0);
    } finally {
      stripe.autoDeliver = true;
    }
    const [completed] = events;
    if (!completed) throw new Error("event expected");
    const body = JSON.stringify(completed, null, 2);
    const tampered = body.replace('"amount_total": 25000', '"amount_total": 1');
    const post = (payload: string, signature?: string) =>
      server.request("/api/payments/stripe/webhook", {
        method: "POST",
        body: payload,
        headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
      });
    for (const response of [
      await post(tampered, await stripe.sign(body)),
      await post(body, await stripe.sign(body, { secret: "whsec_someone_else" })),
      await post(body),
      await post(JSON.stringify(completed), await stripe.sign(body)),
      // Correctly signed, but dated ten minutes ahead: as suspect as a stale signature.
      await post(body, await stripe.sign(body, { timestamp: Math.floor(Date.now() / 1000) + 600 })),
    ]) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe("The webhook signature is missing or does not match.");
    }
    expect((await projectRow(server, projectID))?.receivedPayment).toBe(false);
    expect(await paymentRows(server, projectID)).toHaveLength(0);
    expect(await server.deps.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, completed.id))).toHaveLength(0);
    // The genuine delivery still works afterwards (a webhook needs no Origin and no session), at
    // any size Stripe sends: a signed event past a form's 64 KiB is read whole.
    const large = JSON.stringify({ ...completed, padding: "x".repeat(200_000) });
    const accepted = await post(large, await stripe.sign(large));
    expect(accepted.status).toBe(200);
    expect((await projectRow(server, projectID))?.receivedPayment).toBe(true);
    // Past 1 MiB even a signed body is refused before it is read.
    const huge = JSON.stringify({ ...completed, padding: "x".repeat(1_100_000) });
    expect((await post(huge, await stripe.sign(huge))).status).toBe(413);
  });

  test("back from Checkout before the webhook: the return page asks Stripe and shows Paid; the late webhook adds nothing", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Late Webhook");
    const sessionId = await pay(invoiceID);
    stripe.autoDeliver = false;
    try {
      await stripe.completeSession(sessionId);
      const page = await (await server.request(`/invoices/${invoiceID}?checkout=success&session=${sessionId}`, { cookie: customer.cookie })).text();
      expect(page).toContain("Thank you! Your payment was received.");
      expect((await projectRow(server, projectID))?.receivedPayment).toBe(true);
      await stripe.deliverPending();
    } finally {
      stripe.autoDeliver = true;
    }
    expect(await paymentRows(server, projectID)).toHaveLength(1);
  });
});

describe("cancel and refund", () => {
  test("a cancelled checkout leaves the invoice unpaid and says nothing was charged", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Cancelled");
    const sessionId = await pay(invoiceID);
    const cancelled = await fetch(`${stripe.url}/pay/${sessionId}/cancel`, { redirect: "manual" });
    expect(cancelled.status).toBe(303);
    const back = cancelled.headers.get("location") ?? "";
    expect(back).toBe(`${server.deps.config.publicUrl}/invoices/${invoiceID}?checkout=cancelled`);
    const page = await (await server.request(`/invoices/${invoiceID}?checkout=cancelled`, { cookie: customer.cookie })).text();
    expect(page).toContain("Payment cancelled. Nothing was charged");
    expect(page).toContain("Pay by card");
    expect((await projectRow(server, projectID))?.receivedPayment).toBe(false);
    expect(await paymentRows(server, projectID)).toHaveLength(0);
  });

  test("an admin's refund goes through Stripe and shows as issued when Stripe confirms it", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Refunded");
    await stripe.completeSession(await pay(invoiceID));
    const refund = await server.request("/api/admin/projects", {
      method: "PATCH",
      cookie: admin.cookie,
      json: { projectIDs: [projectID], updatedFields: { refundIssued: true } },
    });
    expect(refund.status).toBe(200);
    expect(((await refund.json()) as { message: string }).message).toContain("once Stripe confirms");
    await stripe.waitForDelivery((d) => d.event.type === "charge.refunded" && d.status === 200);
    expect(await projectRow(server, projectID)).toMatchObject({ receivedPayment: true, refundIssued: true });
    const rows = await paymentRows(server, projectID);
    const payment = rows.find((row) => row.kind === "payment");
    const refundRow = rows.find((row) => row.kind === "refund");
    expect(refundRow).toMatchObject({ method: "card", status: "succeeded", paymentId: payment?.id, amountCents: 25_000, recordedBy: admin.user.id });
    expect(refundRow?.providerRefundId).toStartWith("re_");
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === payment?.providerPaymentIntentId)).toHaveLength(1);
    // Asking again refunds nothing more; taking the refund back is refused.
    const undo = await server.request("/api/admin/projects", {
      method: "PATCH",
      cookie: admin.cookie,
      json: { projectIDs: [projectID], updatedFields: { refundIssued: false } },
    });
    expect(undo.status).toBe(409);
    expect(((await undo.json()) as { message: string }).message).toBe("A refund cannot be taken back.");
    const billing = await (await server.request("/billing", { cookie: customer.cookie })).text();
    expect(billing).toContain("Refunded");
  });
});
