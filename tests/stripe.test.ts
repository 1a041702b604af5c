// The card-payment adapter through the real SDK against the loopback fake of Stripe, with a
// small webhook receiver standing in for the app's endpoint.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { loadConfig } from "../src/config";
import { type PaymentEvent, type Payments, StripeRefusedError, WebhookSignatureError, createPayments } from "../src/lib/stripe";
import { type FakeStripe, startFakeStripe } from "./helpers/stripe";

const webhookSecret = "whsec_test_secret_for_the_fake";

/** What the receiver got: the raw body and signature, and what parseWebhook made of them. */
type Received = { body: string; signature: string | null; event: PaymentEvent | null; error: unknown };

let fake: FakeStripe;
let payments: Payments;
let receiver: ReturnType<typeof Bun.serve>;
const received: Received[] = [];
let invoiceCounter = 0;

beforeAll(async () => {
  receiver = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const body = await request.text();
      const signature = request.headers.get("stripe-signature");
      try {
        const event = await payments.parseWebhook(body, signature);
        received.push({ body, signature, event, error: null });
        return Response.json({ received: true });
      } catch (error) {
        received.push({ body, signature, event: null, error });
        return new Response("bad signature", { status: 400 });
      }
    },
  });
  fake = await startFakeStripe({ webhookSecret, webhookUrl: `http://127.0.0.1:${receiver.port}/webhook` });
  const created = createPayments(
    loadConfig({ NODE_ENV: "test", STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: fake.url }),
  );
  if (!created) throw new Error("payments should be on with a secret key");
  payments = created;
});

afterEach(() => {
  received.length = 0;
  fake.autoDeliver = true;
});

afterAll(async () => {
  await fake.stop();
  await receiver.stop(true);
});

function checkoutFor(invoiceNumber: string, amountCents = 125_000) {
  return {
    invoiceNumber,
    amountCents,
    currency: "EUR",
    customerEmail: "ada@example.com",
    successUrl: "http://app.test/invoices/paid?session={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://app.test/invoices/cancelled",
    metadata: { projectId: "prj_1" },
  };
}

const nextInvoice = (): string => `INV-2026-${String(++invoiceCounter).padStart(4, "0")}`;

describe("createPayments", () => {
  test("is off without a secret key", () => {
    expect(createPayments(loadConfig({ NODE_ENV: "test" }))).toBeNull();
  });
});

describe("checkout sessions", () => {
  test("a session for an invoice has a URL on the configured endpoint and carries the invoice", async () => {
    const invoice = nextInvoice();
    const session = await payments.createCheckoutSession(checkoutFor(invoice));
    expect(session.id).toStartWith("cs_test_");
    expect(session.url).toBe(`${fake.url}/pay/${session.id}`);

    const stored = fake.sessions.get(session.id);
    expect(stored).toMatchObject({ amount_total: 125_000, currency: "eur", customer_email: "ada@example.com", client_reference_id: invoice });
    expect(stored?.metadata).toEqual({ projectId: "prj_1", invoiceNumber: invoice });

    expect(await payments.retrieveCheckoutSession(session.id)).toEqual({
      id: session.id,
      url: session.url,
      status: "open",
      paymentStatus: "unpaid",
      paymentIntentId: null,
      amountTotal: 125_000,
      currency: "eur",
      metadata: { projectId: "prj_1", invoiceNumber: invoice },
    });
  });

  test("the same invoice and amount twice gives the same session; a new amount a new one", async () => {
    const invoice = nextInvoice();
    const first = await payments.createCheckoutSession(checkoutFor(invoice));
    const again = await payments.createCheckoutSession(checkoutFor(invoice));
    expect(again).toEqual(first);
    const changed = await payments.createCheckoutSession(checkoutFor(invoice, 99_000));
    expect(changed.id).not.toBe(first.id);
  });

  test("reusing the invoice's key with other parameters is refused, as Stripe refuses it", async () => {
    const invoice = nextInvoice();
    await payments.createCheckoutSession(checkoutFor(invoice));
    const error = await payments.createCheckoutSession({ ...checkoutFor(invoice), customerEmail: "grace@example.com" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error & { type?: string }).type).toBe("StripeIdempotencyError");
  });

  test("completing a session delivers signed events that parseWebhook accepts", async () => {
    const invoice = nextInvoice();
    const session = await payments.createCheckoutSession(checkoutFor(invoice));
    const { deliveries } = await fake.completeSession(session.id);
    expect(deliveries.map((d) => [d.event.type, d.status])).toEqual([
      ["checkout.session.completed", 200],
      ["payment_intent.succeeded", 200],
    ]);

    const [completed, succeeded] = received.map((r) => r.event);
    if (completed?.type !== "checkout.session.completed") throw new Error(`expected checkout.session.completed, got ${completed?.type}`);
    expect(completed.id).toStartWith("evt_");
    const paid = completed.data.object;
    expect(paid.id).toBe(session.id);
    expect(paid.payment_status).toBe("paid");
    expect(paid.amount_total).toBe(125_000);
    expect(paid.currency).toBe("eur");
    expect(paid.customer_details?.email).toBe("ada@example.com");
    expect(paid.metadata).toEqual({ projectId: "prj_1", invoiceNumber: invoice });
    expect(paid.payment_intent).toStartWith("pi_");

    if (succeeded?.type !== "payment_intent.succeeded") throw new Error(`expected payment_intent.succeeded, got ${succeeded?.type}`);
    expect(succeeded.data.object.id).toBe(String(paid.payment_intent));
    expect(succeeded.data.object.metadata).toEqual({ projectId: "prj_1", invoiceNumber: invoice });

    const state = await payments.retrieveCheckoutSession(session.id);
    expect(state).toMatchObject({ status: "complete", paymentStatus: "paid", paymentIntentId: paid.payment_intent, url: null });
  });

  test("the hosted page pays with its Pay button and redirects to success_url with the session id", async () => {
    const session = await payments.createCheckoutSession(checkoutFor(nextInvoice()));
    const page = await fetch(session.url);
    const html = await page.text();
    expect(html).toContain("1250.00 EUR");
    expect(html).toContain(">Pay</button>");
    expect(html).toContain(`href="/pay/${session.id}/cancel"`);

    const paid = await fetch(session.url, { method: "POST", body: new URLSearchParams({ email: "ada@example.com" }), redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://app.test/invoices/paid?session=${session.id}`);
    expect(received.map((r) => r.event?.type)).toEqual(["checkout.session.completed", "payment_intent.succeeded"]);
    // A second press does not pay twice.
    expect((await fetch(session.url, { method: "POST", redirect: "manual" })).status).toBe(409);
  });

  test("Cancel sends the browser to cancel_url and leaves the session open", async () => {
    const session = await payments.createCheckoutSession(checkoutFor(nextInvoice()));
    const cancelled = await fetch(`${session.url}/cancel`, { redirect: "manual" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe("http://app.test/invoices/cancelled");
    expect((await payments.retrieveCheckoutSession(session.id)).status).toBe("open");
    expect(received).toHaveLength(0);
  });
});

describe("webhook signatures", () => {
  async function signedEvent() {
    const session = await payments.createCheckoutSession(checkoutFor(nextInvoice()));
    const event = fake.createEvent("checkout.session.completed", fake.sessions.get(session.id) ?? {});
    const body = JSON.stringify(event, null, 2);
    return { event, body, signature: await fake.sign(body) };
  }

  test("a correctly signed body is accepted, twice (duplicates are the app's to recognise by event id)", async () => {
    const { event } = await signedEvent();
    expect((await fake.deliver(event)).status).toBe(200);
    expect((await fake.deliver(event)).status).toBe(200);
    expect(received.map((r) => r.event?.id)).toEqual([event.id, event.id]);
  });

  test("a tampered body is rejected", async () => {
    const { event, body, signature } = await signedEvent();
    expect((await payments.parseWebhook(body, signature)).id).toBe(event.id);
    const tampered = body.replace('"amount_total": 125000', '"amount_total": 1');
    expect(tampered).not.toBe(body);
    await expect(payments.parseWebhook(tampered, signature)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  test("a re-serialized body is rejected: the handler must verify the bytes as received", async () => {
    const { body, signature } = await signedEvent();
    await expect(payments.parseWebhook(JSON.stringify(JSON.parse(body)), signature)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  test("a missing, malformed, wrongly keyed or stale signature is rejected", async () => {
    const { body } = await signedEvent();
    await expect(payments.parseWebhook(body, null)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(payments.parseWebhook(body, "")).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(payments.parseWebhook(body, "nonsense")).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(payments.parseWebhook(body, await fake.sign(body, { secret: "whsec_someone_else" }))).rejects.toBeInstanceOf(WebhookSignatureError);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    await expect(payments.parseWebhook(body, await fake.sign(body, { timestamp: tenMinutesAgo }))).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  test("a delivery with a wrong signature reaches the endpoint and gets a 400", async () => {
    const { event } = await signedEvent();
    const delivery = await fake.deliver(event, { signature: await fake.sign("{}") });
    expect(delivery.status).toBe(400);
    expect(received[0]?.error).toBeInstanceOf(WebhookSignatureError);
  });

  test("held-back events arrive later, in any order the test chooses", async () => {
    fake.autoDeliver = false;
    const session = await payments.createCheckoutSession(checkoutFor(nextInvoice()));
    await fake.completeSession(session.id);
    expect(received).toHaveLength(0);
    expect(fake.pending.map((e) => e.type)).toEqual(["checkout.session.completed", "payment_intent.succeeded"]);
    const [completed, succeeded] = fake.pending.splice(0);
    if (!completed || !succeeded) throw new Error("two events expected");
    await fake.deliver(succeeded);
    await fake.deliver(completed);
    expect(received.map((r) => r.event?.type)).toEqual(["payment_intent.succeeded", "checkout.session.completed"]);
  });
});

describe("refunds", () => {
  test("a refund round trip answers succeeded and sends the refund events", async () => {
    const invoice = nextInvoice();
    const session = await payments.createCheckoutSession(checkoutFor(invoice));
    const { session: paid } = await fake.completeSession(session.id);
    const paymentIntentId = paid.payment_intent ?? "";

    const refund = await payments.refund({ paymentIntentId, idempotencyKey: `refund-${invoice}` });
    expect(refund.id).toStartWith("re_");
    expect(refund.status).toBe("succeeded");

    const delivery = await fake.waitForDelivery((d) => d.event.type === "charge.refunded");
    expect(delivery.status).toBe(200);
    const event = received.find((r) => r.event?.type === "charge.refunded")?.event;
    if (event?.type !== "charge.refunded") throw new Error("charge.refunded not received");
    expect(event.data.object).toMatchObject({ payment_intent: paymentIntentId, amount: 125_000, amount_refunded: 125_000, refunded: true });
    expect(event.data.object.metadata).toEqual({ projectId: "prj_1", invoiceNumber: invoice });
    await fake.waitForDelivery((d) => d.event.type === "refund.created");

    // The same key returns the same refund; a new key finds nothing left to refund.
    expect(await payments.refund({ paymentIntentId, idempotencyKey: `refund-${invoice}` })).toEqual(refund);
    const error = await payments.refund({ paymentIntentId, idempotencyKey: `refund-${invoice}-again` }).catch((e: unknown) => e);
    expect((error as Error & { code?: string }).code).toBe("charge_already_refunded");
  });

  test("refunding an unknown payment is a Stripe error, not a crash", async () => {
    const error = await payments.refund({ paymentIntentId: "pi_missing", idempotencyKey: "refund-missing" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error & { code?: string; statusCode?: number }).code).toBe("resource_missing");
  });
});

describe("listing for reconciliation", () => {
  test("sessions, payment intents and refunds since a time are listed through the SDK, every page", async () => {
    const since = new Date(Date.now() - 60_000);
    const invoice = nextInvoice();
    const session = await payments.createCheckoutSession(checkoutFor(invoice));
    const { session: paid } = await fake.completeSession(session.id);
    const paymentIntentId = paid.payment_intent ?? "";
    const refund = await payments.refund({ paymentIntentId, idempotencyKey: `refund-list-${invoice}` });

    const sessions = await payments.listCheckoutSessions(since);
    expect(sessions.find((row) => row.id === session.id)).toMatchObject({ status: "complete", paymentStatus: "paid", paymentIntentId, amountTotal: 125_000 });
    const intents = await payments.listPaymentIntents(since);
    expect(intents.find((row) => row.id === paymentIntentId)).toMatchObject({ status: "succeeded", amountReceived: 125_000, currency: "eur" });
    const refunds = await payments.listRefunds(since);
    expect(refunds.find((row) => row.id === refund.id)).toMatchObject({ paymentIntentId, amount: 125_000, status: "succeeded" });
    // Nothing created after the bound is listed; every session the fake holds comes back, across pages.
    expect(await payments.listRefunds(new Date(Date.now() + 60_000))).toEqual([]);
    expect(sessions.length).toBe([...fake.sessions.values()].filter((row) => row.created >= Math.floor(since.getTime() / 1000)).length);
  });

  test("a refund Stripe refuses is a StripeRefusedError with Stripe's code", async () => {
    const invoice = nextInvoice();
    const session = await payments.createCheckoutSession(checkoutFor(invoice));
    const { session: paid } = await fake.completeSession(session.id);
    const paymentIntentId = paid.payment_intent ?? "";
    fake.refuseRefunds(paymentIntentId, "Disputed.");
    const error = await payments.refund({ paymentIntentId, idempotencyKey: `refund-refused-${invoice}` }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StripeRefusedError);
    expect((error as StripeRefusedError).code).toBe("charge_disputed");
    expect((error as Error).message).toBe("Disputed.");
    fake.allowRefunds(paymentIntentId);
    expect((await payments.refund({ paymentIntentId, idempotencyKey: `refund-refused-${invoice}` })).status).toBe("succeeded");
  });
});
