// A fake of the few Stripe endpoints src/lib/stripe.ts calls, on loopback, for tests that need
// to take a payment end to end without the network. Point the app at it with STRIPE_API_URL; the
// real SDK talks to it (form-encoded bodies, Idempotency-Key, Bearer key) and the webhooks it
// sends are signed with the SDK's own test-header helper, so they verify like Stripe's.
//
//   const stripe = await startFakeStripe({ webhookSecret: "whsec_test" });   // webhookUrl now or later
//   const server = await startTestServer({ STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_WEBHOOK_SECRET: "whsec_test", STRIPE_API_URL: stripe.url });
//   stripe.setWebhookUrl(`${server.url}/api/payments/stripe/webhook`);
//   ... the app creates a session; a browser opens session.url, presses Pay (or the test calls completeSession) ...
//   await stripe.waitForDelivery((d) => d.event.type === "checkout.session.completed");
//   await stripe.deliver(sameEventAgain);                                     // a duplicate, or out of order
//   await stripe.stop();
//
// Like Stripe: sessions get their payment intent only when paid; `{CHECKOUT_SESSION_ID}` in
// success_url is filled in on the redirect; a reused Idempotency-Key returns the first response,
// or 400 idempotency_error if the parameters differ; webhook bodies are pretty-printed JSON, so a
// handler that verifies a re-serialized body fails here as it would in production. Refund events
// are sent after the API has answered, as Stripe sends them (wait with waitForDelivery).
// Sessions, payment intents and refunds are listed as Stripe lists them (newest first, created[gte],
// limit, starting_after), for reconciliation; refuseRefunds makes Stripe refuse one payment's refunds.
// Unlike Stripe: failed deliveries are not retried (call deliver again to simulate a retry), and
// the Pay button delivers its events before redirecting, so a test can read their effect at once.
import Stripe from "stripe";

export type FakeMetadata = Record<string, string>;

export type FakeCheckoutSession = {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  url: string | null;
  success_url: string | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  metadata: FakeMetadata;
  payment_intent: string | null;
  created: number;
  expires_at: number;
  livemode: false;
};

export type FakePaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "succeeded";
  metadata: FakeMetadata;
  latest_charge: string;
  receipt_email: string | null;
  created: number;
  livemode: false;
};

export type FakeCharge = {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  refunded: boolean;
  paid: true;
  status: "succeeded";
  currency: string;
  payment_intent: string;
  metadata: FakeMetadata;
  billing_details: { email: string | null };
  created: number;
  livemode: false;
};

export type FakeRefund = {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: "succeeded";
  reason: string | null;
  metadata: FakeMetadata;
  created: number;
};

export type FakeStripeObject = FakeCheckoutSession | FakePaymentIntent | FakeCharge | FakeRefund;

export type FakeEvent = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: string;
  data: { object: FakeStripeObject | Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
};

export type FakeDelivery = {
  event: FakeEvent;
  /** The webhook endpoint's answer; 0 when it could not be reached (body then says why). */
  status: number;
  body: string;
};

export type FakeStripe = {
  /** The STRIPE_API_URL for the app's config; also the origin of the hosted checkout pages. */
  url: string;
  webhookSecret: string;
  setWebhookUrl(url: string): void;
  /** Every checkout session, by id (live objects: they change as sessions are paid or expire). */
  sessions: Map<string, FakeCheckoutSession>;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  /** Every event created, oldest first, delivered or not. */
  events: FakeEvent[];
  /** Every delivery attempt, oldest first. */
  deliveries: FakeDelivery[];
  /** Events held back while `autoDeliver` is false, oldest first; see deliverPending. */
  pending: FakeEvent[];
  /** When false, new events wait in `pending` instead of being sent (to test a webhook that is late). */
  autoDeliver: boolean;
  /** Pays an open session as the Pay button does, and resolves once its events are delivered. */
  completeSession(id: string, options?: { email?: string }): Promise<{ session: FakeCheckoutSession; deliveries: FakeDelivery[] }>;
  /** Expires an open session (Stripe does so after 24 hours) and sends checkout.session.expired. */
  expireSession(id: string): Promise<FakeDelivery[]>;
  /** Builds an event with a fresh evt_ id, without sending it. */
  createEvent(type: string, object: FakeEvent["data"]["object"]): FakeEvent;
  /** Signs and sends any event (again: a duplicate; or an older one: out of order) to the webhook URL. */
  deliver(event: FakeEvent, options?: { signature?: string }): Promise<FakeDelivery>;
  deliverPending(): Promise<FakeDelivery[]>;
  /** A Stripe-Signature header for this exact payload (another secret or an old timestamp, to test rejection). */
  sign(payload: string, options?: { secret?: string; timestamp?: number }): Promise<string>;
  /**
   * Makes Stripe refuse every refund of this payment intent with a 400 (as it does for a disputed
   * charge) until `allowRefunds` is called for it.
   */
  refuseRefunds(paymentIntentId: string, message?: string): void;
  allowRefunds(paymentIntentId: string): void;
  /** Resolves with the first delivery (past or to come) that matches; rejects after timeoutMs naming what was sent. */
  waitForDelivery(predicate?: (delivery: FakeDelivery) => boolean, timeoutMs?: number): Promise<FakeDelivery>;
  stop(): Promise<void>;
};

export async function startFakeStripe(options: { webhookSecret: string; webhookUrl?: string; autoDeliver?: boolean }): Promise<FakeStripe> {
  let webhookUrl = options.webhookUrl ?? null;
  const sessions = new Map<string, FakeCheckoutSession>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, FakeRefund>();
  const events: FakeEvent[] = [];
  const deliveries: FakeDelivery[] = [];
  const pending: FakeEvent[] = [];
  const waiters = new Set<(delivery: FakeDelivery) => void>();
  const idempotent = new Map<string, { request: string; status: number; body: string }>();
  const refusedRefunds = new Map<string, string>();
  let counter = 0;

  const newId = (prefix: string): string => `${prefix}_fake${Date.now().toString(36)}${(++counter).toString(36).padStart(4, "0")}`;
  const now = (): number => Math.floor(Date.now() / 1000);

  // Under Bun the SDK loads its web build (SubtleCrypto), where only the async signing works.
  function sign(payload: string, signOptions: { secret?: string; timestamp?: number } = {}): Promise<string> {
    return Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: signOptions.secret ?? options.webhookSecret,
      ...(signOptions.timestamp === undefined ? {} : { timestamp: signOptions.timestamp }),
    });
  }

  function createEvent(type: string, object: FakeEvent["data"]["object"], request: FakeEvent["request"] = { id: null, idempotency_key: null }): FakeEvent {
    // A snapshot: later changes to the object must not rewrite what this event said.
    const snapshot: FakeEvent["data"]["object"] = structuredClone(object);
    const event: FakeEvent = {
      id: newId("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      data: { object: snapshot },
      livemode: false,
      pending_webhooks: 1,
      request,
    };
    events.push(event);
    return event;
  }

  async function deliver(event: FakeEvent, deliverOptions: { signature?: string } = {}): Promise<FakeDelivery> {
    let delivery: FakeDelivery;
    if (!webhookUrl) {
      delivery = { event, status: 0, body: "no webhook URL: pass webhookUrl to startFakeStripe or call setWebhookUrl" };
    } else {
      // Stripe sends pretty-printed JSON; only the bytes as sent carry a valid signature.
      const payload = JSON.stringify(event, null, 2);
      try {
        const response = await fetch(webhookUrl, {
          method: "POST",
          headers: {
            "content-type": "application/json; charset=utf-8",
            "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
            "stripe-signature": deliverOptions.signature ?? (await sign(payload)),
          },
          body: payload,
          redirect: "manual",
        });
        delivery = { event, status: response.status, body: await response.text() };
      } catch (error) {
        delivery = { event, status: 0, body: error instanceof Error ? error.message : String(error) };
      }
    }
    deliveries.push(delivery);
    for (const notify of [...waiters]) notify(delivery);
    return delivery;
  }

  /** Sends the events now, in order, unless the test holds them back. */
  async function emit(list: FakeEvent[]): Promise<FakeDelivery[]> {
    if (!fake.autoDeliver) {
      pending.push(...list);
      return [];
    }
    const sent: FakeDelivery[] = [];
    for (const event of list) sent.push(await deliver(event));
    return sent;
  }

  function openSession(id: string): FakeCheckoutSession {
    const session = sessions.get(id);
    if (!session) throw new Error(`No such checkout session: ${id}`);
    if (session.status !== "open") throw new Error(`Checkout session ${id} is ${session.status}, not open`);
    return session;
  }

  async function completeSession(id: string, completeOptions: { email?: string } = {}) {
    const session = openSession(id);
    const email = completeOptions.email ?? session.customer_email ?? "customer@example.com";
    const created = now();
    const intent: FakePaymentIntent = {
      id: newId("pi"),
      object: "payment_intent",
      amount: session.amount_total,
      amount_received: session.amount_total,
      currency: session.currency,
      status: "succeeded",
      metadata: paymentIntentMetadata.get(id) ?? {},
      latest_charge: newId("ch"),
      receipt_email: email,
      created,
      livemode: false,
    };
    const charge: FakeCharge = {
      id: intent.latest_charge,
      object: "charge",
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      refunded: false,
      paid: true,
      status: "succeeded",
      currency: intent.currency,
      payment_intent: intent.id,
      metadata: intent.metadata,
      billing_details: { email },
      created,
      livemode: false,
    };
    paymentIntents.set(intent.id, intent);
    charges.set(charge.id, charge);
    Object.assign(session, { status: "complete", payment_status: "paid", url: null, payment_intent: intent.id, customer_details: { email } });
    const sent = await emit([createEvent("checkout.session.completed", session), createEvent("payment_intent.succeeded", intent)]);
    return { session, deliveries: sent };
  }

  async function expireSession(id: string): Promise<FakeDelivery[]> {
    const session = openSession(id);
    Object.assign(session, { status: "expired", url: null });
    return emit([createEvent("checkout.session.expired", session)]);
  }

  // payment_intent_data.metadata, kept until the intent is created at payment.
  const paymentIntentMetadata = new Map<string, FakeMetadata>();

  // --- the API ----------------------------------------------------------------------------

  function createCheckoutSession(form: FormObject, base: string): Answer {
    const mode = text(form.mode);
    if (!mode) return stripeError(400, "parameter_missing", "Missing required param: mode.", "mode");
    if (mode !== "payment") return stripeError(400, "parameter_invalid", `This fake only supports mode=payment (got ${mode}).`, "mode");
    const items = list(form.line_items);
    if (items.length === 0) return stripeError(400, "parameter_missing", "Missing required param: line_items.", "line_items");
    let total = 0;
    let currency: string | null = null;
    for (const [index, item] of items.entries()) {
      const priceData = object(object(item).price_data);
      const unitAmount = Number(text(priceData.unit_amount));
      const quantity = Number(text(object(item).quantity) ?? "1");
      const itemCurrency = text(priceData.currency);
      if (!itemCurrency)
        return stripeError(
          400,
          "parameter_missing",
          "Missing required param: line_items[0][price_data][currency].",
          `line_items[${index}][price_data][currency]`,
        );
      if (!Number.isInteger(unitAmount) || unitAmount < 0)
        return stripeError(400, "parameter_invalid_integer", "Invalid integer: unit_amount.", `line_items[${index}][price_data][unit_amount]`);
      if (!Number.isInteger(quantity) || quantity < 1)
        return stripeError(400, "parameter_invalid_integer", "Invalid integer: quantity.", `line_items[${index}][quantity]`);
      if (!text(object(object(priceData.product_data)).name))
        return stripeError(400, "parameter_missing", "Missing required param: product_data[name].", `line_items[${index}][price_data][product_data][name]`);
      if (currency && itemCurrency !== currency) return stripeError(400, "parameter_invalid", "All line items must share one currency.", "line_items");
      currency = itemCurrency;
      total += unitAmount * quantity;
    }
    const id = newId("cs_test");
    const created = now();
    const session: FakeCheckoutSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      url: `${base}/pay/${id}`,
      success_url: text(form.success_url),
      cancel_url: text(form.cancel_url),
      client_reference_id: text(form.client_reference_id),
      customer_email: text(form.customer_email),
      customer_details: null,
      amount_subtotal: total,
      amount_total: total,
      currency: currency ?? "usd",
      metadata: metadata(form.metadata),
      payment_intent: null,
      created,
      expires_at: created + 24 * 60 * 60,
      livemode: false,
    };
    sessions.set(id, session);
    paymentIntentMetadata.set(id, metadata(object(form.payment_intent_data).metadata));
    return { status: 200, body: session };
  }

  function retrieveCheckoutSession(id: string): Answer {
    const session = sessions.get(id);
    return session ? { status: 200, body: session } : stripeError(404, "resource_missing", `No such checkout.session: '${id}'`, "session");
  }

  function createRefund(form: FormObject, request: FakeEvent["request"]): { answer: Answer; events: FakeEvent[] } {
    const intentId = text(form.payment_intent);
    const chargeId = text(form.charge);
    if (!intentId && !chargeId)
      return {
        answer: stripeError(
          400,
          "parameter_missing",
          "One of the following params should be provided for this request: payment_intent or charge.",
          "payment_intent",
        ),
        events: [],
      };
    const intent = intentId ? paymentIntents.get(intentId) : [...paymentIntents.values()].find((candidate) => candidate.latest_charge === chargeId);
    if (!intent)
      return {
        answer: stripeError(
          400,
          "resource_missing",
          intentId ? `No such payment_intent: '${intentId}'` : `No such charge: '${chargeId}'`,
          intentId ? "payment_intent" : "charge",
        ),
        events: [],
      };
    const charge = charges.get(intent.latest_charge);
    if (!charge) throw new Error(`fake Stripe lost charge ${intent.latest_charge}`);
    const refused = refusedRefunds.get(intent.id);
    if (refused !== undefined) return { answer: stripeError(400, "charge_disputed", refused, null), events: [] };
    const remaining = charge.amount - charge.amount_refunded;
    const amountRaw = text(form.amount);
    const amount = amountRaw === null ? remaining : Number(amountRaw);
    if (remaining === 0) return { answer: stripeError(400, "charge_already_refunded", `Charge ${charge.id} has already been refunded.`, null), events: [] };
    if (!Number.isInteger(amount) || amount < 1 || amount > remaining) {
      return {
        answer: stripeError(400, "amount_too_large", `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, "amount"),
        events: [],
      };
    }
    const refund: FakeRefund = {
      id: newId("re"),
      object: "refund",
      amount,
      charge: charge.id,
      payment_intent: intent.id,
      currency: charge.currency,
      status: "succeeded",
      reason: text(form.reason),
      metadata: metadata(form.metadata),
      created: now(),
    };
    refunds.set(refund.id, refund);
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refunded = createEvent("charge.refunded", charge, request);
    refunded.data.previous_attributes = previous;
    return { answer: { status: 200, body: refund }, events: [createEvent("refund.created", refund, request), refunded] };
  }

  /**
   * A list endpoint as Stripe shapes it: newest first, `created[gte|gt|lte|lt]`, `limit` (1-100,
   * default 10) and `starting_after` (the last id of the page before), `has_more` when more follow.
   */
  function listOf(url: URL, all: Map<string, { id: string; created: number }>): Answer {
    const query = url.searchParams;
    const limitRaw = query.get("limit");
    const limit = limitRaw === null ? 10 : Number(limitRaw);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return stripeError(400, "parameter_invalid_integer", "Invalid integer: limit.", "limit");
    const bound = (name: string) => (query.get(`created[${name}]`) === null ? null : Number(query.get(`created[${name}]`)));
    const [gte, gt, lte, lt] = [bound("gte"), bound("gt"), bound("lte"), bound("lt")];
    // Stripe orders by creation, newest first; ids break ties the same way every time.
    let rows = [...all.values()]
      .filter(
        (row) =>
          (gte === null || row.created >= gte) &&
          (gt === null || row.created > gt) &&
          (lte === null || row.created <= lte) &&
          (lt === null || row.created < lt),
      )
      .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
    const after = query.get("starting_after");
    if (after) {
      const index = rows.findIndex((row) => row.id === after);
      if (index === -1) return stripeError(400, "resource_missing", `No such object: '${after}'`, "starting_after");
      rows = rows.slice(index + 1);
    }
    return { status: 200, body: { object: "list", url: url.pathname, has_more: rows.length > limit, data: rows.slice(0, limit) } };
  }

  /** Answers an API request; events to send go out after the response, as Stripe's do. */
  async function handleApi(request: Request, url: URL): Promise<{ answer: Answer; events: FakeEvent[] }> {
    const key = /^Bearer\s+(\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
    if (!key || !/^(sk|rk)_/.test(key)) {
      return {
        answer: stripeError(401, null, "Invalid API Key provided. This fake takes any sk_... or rk_... key.", null, "invalid_request_error"),
        events: [],
      };
    }
    const body = request.method === "POST" ? await request.text() : "";
    const idempotencyKey = request.method === "POST" ? request.headers.get("idempotency-key") : null;
    const signature = `${request.method} ${url.pathname} ${body}`;
    if (idempotencyKey) {
      const earlier = idempotent.get(idempotencyKey);
      if (earlier && earlier.request !== signature) {
        return {
          answer: stripeError(
            400,
            null,
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            null,
            "idempotency_error",
          ),
          events: [],
        };
      }
      if (earlier) return { answer: { status: earlier.status, body: JSON.parse(earlier.body), replayed: true }, events: [] };
    }
    const form = parseForm(body);
    const requestInfo = { id: newId("req"), idempotency_key: idempotencyKey };
    let result: { answer: Answer; events: FakeEvent[] };
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") result = { answer: createCheckoutSession(form, url.origin), events: [] };
    else if (request.method === "GET" && sessionPath?.[1]) result = { answer: retrieveCheckoutSession(decodeURIComponent(sessionPath[1])), events: [] };
    else if (request.method === "POST" && url.pathname === "/v1/refunds") result = createRefund(form, requestInfo);
    else if (request.method === "GET" && url.pathname === "/v1/checkout/sessions") result = { answer: listOf(url, sessions), events: [] };
    else if (request.method === "GET" && url.pathname === "/v1/payment_intents") result = { answer: listOf(url, paymentIntents), events: [] };
    else if (request.method === "GET" && url.pathname === "/v1/refunds") result = { answer: listOf(url, refunds), events: [] };
    else
      result = {
        answer: stripeError(
          404,
          null,
          `Unrecognized request URL (${request.method}: ${url.pathname}). This fake serves only what src/lib/stripe.ts calls.`,
          null,
          "invalid_request_error",
        ),
        events: [],
      };
    // Stripe keeps the answer of a request that ran; one refused by validation may be retried with the same key.
    if (idempotencyKey && result.answer.status === 200)
      idempotent.set(idempotencyKey, { request: signature, status: result.answer.status, body: JSON.stringify(result.answer.body) });
    return result;
  }

  // --- the hosted checkout page --------------------------------------------------------------

  async function handlePage(request: Request, url: URL): Promise<Response> {
    const match = /^\/pay\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    const session = match?.[1] ? sessions.get(decodeURIComponent(match[1])) : undefined;
    if (!match || !session) return html(404, "<h1>Something went wrong</h1><p>The page you were looking for could not be found.</p>");
    if (match[2]) {
      return session.cancel_url ? Response.redirect(session.cancel_url, 303) : html(400, "<p>This session has no cancel URL.</p>");
    }
    if (request.method === "POST") {
      if (session.status !== "open") return html(409, `<p>This checkout session is ${escapeHtml(session.status)}.</p>`);
      const form = new URLSearchParams(await request.text());
      await completeSession(session.id, { email: form.get("email") || undefined });
      const success = (session.success_url ?? `${url.origin}/pay/${session.id}`).replaceAll("{CHECKOUT_SESSION_ID}", session.id);
      return Response.redirect(success, 303);
    }
    if (session.status === "complete") return html(200, `<h1>Thanks for your payment</h1><p>${escapeHtml(formatAmount(session))} was paid.</p>`);
    if (session.status === "expired") return html(410, "<h1>This checkout session has expired</h1>");
    const product = escapeHtml(session.client_reference_id ?? session.id);
    const email = session.customer_email;
    return html(
      200,
      `<h1>Pay ${escapeHtml(formatAmount(session))}</h1>
<p>${product}</p>
<form method="post" action="/pay/${encodeURIComponent(session.id)}">
  <label>Email <input type="email" name="email" value="${escapeHtml(email ?? "customer@example.com")}"${email ? " readonly" : ""}></label>
  <label>Card number <input name="card" value="4242 4242 4242 4242" autocomplete="off"></label>
  <button type="submit">Pay</button>
</form>
<p><a href="/pay/${encodeURIComponent(session.id)}/cancel">Cancel</a></p>`,
    );
  }

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      if (url.pathname.startsWith("/pay/")) return handlePage(request, url);
      const { answer, events: toSend } = await handleApi(request, url);
      // After the answer, as Stripe does: the app may be mid-transaction when its call returns.
      if (toSend.length > 0) setTimeout(() => void emit(toSend), 0);
      return Response.json(answer.body, {
        status: answer.status,
        headers: { "request-id": newId("req"), ...(answer.replayed ? { "idempotent-replayed": "true" } : {}) },
      });
    },
  });

  const fake: FakeStripe = {
    url: `http://127.0.0.1:${server.port}`,
    webhookSecret: options.webhookSecret,
    setWebhookUrl(next) {
      webhookUrl = next;
    },
    sessions,
    paymentIntents,
    refunds,
    events,
    deliveries,
    pending,
    autoDeliver: options.autoDeliver ?? true,
    completeSession,
    expireSession,
    createEvent: (type, object) => createEvent(type, object),
    deliver,
    async deliverPending() {
      const sent: FakeDelivery[] = [];
      for (const event of pending.splice(0)) sent.push(await deliver(event));
      return sent;
    },
    sign,
    refuseRefunds(paymentIntentId, message = "This charge is disputed and cannot be refunded.") {
      refusedRefunds.set(paymentIntentId, message);
    },
    allowRefunds(paymentIntentId) {
      refusedRefunds.delete(paymentIntentId);
    },
    waitForDelivery(predicate = () => true, timeoutMs = 5_000) {
      const found = deliveries.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<FakeDelivery>((resolve, reject) => {
        const waiter = (delivery: FakeDelivery) => {
          if (!predicate(delivery)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(delivery);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = deliveries.map((d) => `${d.event.type} (${d.status})`);
          reject(new Error(`No matching webhook delivery within ${timeoutMs} ms; delivered: ${seen.length ? seen.join(", ") : "nothing"}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async stop() {
      await server.stop(true);
    },
  };
  return fake;
}

// --- Stripe's wire format -----------------------------------------------------------------------

type Answer = { status: number; body: unknown; replayed?: boolean };

function stripeError(status: number, code: string | null, message: string, param: string | null, type = "invalid_request_error"): Answer {
  return { status, body: { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } } };
}

type FormValue = string | FormObject;
type FormObject = { [key: string]: FormValue };

/** Stripe's form encoding: `line_items[0][price_data][currency]=eur` becomes nested objects (arrays keyed "0", "1"...). */
function parseForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = root;
    for (const [index, part] of path.entries()) {
      if (index === path.length - 1) {
        node[part] = value;
        break;
      }
      const next = node[part];
      if (next !== undefined && typeof next !== "string") {
        node = next;
      } else {
        const created: FormObject = {};
        node[part] = created;
        node = created;
      }
    }
  }
  return root;
}

const text = (value: FormValue | undefined): string | null => (typeof value === "string" && value !== "" ? value : null);
const object = (value: FormValue | undefined): FormObject => (value !== undefined && typeof value !== "string" ? value : {});
const list = (value: FormValue | undefined): FormValue[] =>
  Object.entries(object(value))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, item]) => item);
const metadata = (value: FormValue | undefined): FakeMetadata =>
  Object.fromEntries(Object.entries(object(value)).flatMap(([key, item]) => (typeof item === "string" ? [[key, item]] : [])));

function formatAmount(session: FakeCheckoutSession): string {
  return `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function html(status: number, body: string): Response {
  return new Response(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head><body>${body}</body></html>`, {
    status,
    headers: { "content-type": "text/html; charset=utf-8" },
  });
}
