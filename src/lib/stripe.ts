// The card-payment adapter: Stripe Checkout through the official SDK, or nothing when
// STRIPE_SECRET_KEY is unset (invoices then show only the payment instructions). No product
// rules here: which invoice may be paid, and what an event means for it, belong to the feature.
//
// STRIPE_API_URL points the SDK at another Stripe-compatible origin; the tests use the loopback
// fake in tests/helpers/stripe.ts, so every call below runs through the real SDK in tests too.
import type Stripe from "stripe";
import type { Config } from "../config";

export type CheckoutRequest = {
  invoiceNumber: string;
  /** In the currency's smallest unit (cents). */
  amountCents: number;
  /** ISO 4217 code, any case ("EUR", "usd"). */
  currency: string;
  /** Pre-fills (and locks) the e-mail field on Stripe's page; null lets the customer type one. */
  customerEmail: string | null;
  /** Where Stripe sends the browser after paying; `{CHECKOUT_SESSION_ID}` is replaced by the session's id. */
  successUrl: string;
  cancelUrl: string;
  /** Copied onto the session and its payment intent, so every payment and refund event carries it. */
  metadata?: Record<string, string>;
};

export type CheckoutSession = { id: string; url: string };

export type CheckoutSessionState = {
  id: string;
  /** null once the session is complete or expired. */
  url: string | null;
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  /** Set once the customer has paid (Stripe creates the intent lazily). */
  paymentIntentId: string | null;
  amountTotal: number | null;
  currency: string | null;
  metadata: Record<string, string>;
};

export type RefundRequest = {
  paymentIntentId: string;
  /** The same key returns the same refund instead of refunding twice (e.g. `refund-${invoiceNumber}`). */
  idempotencyKey: string;
};

/** Stripe's refund status; card refunds are usually "succeeded" at once, others may stay "pending". */
export type RefundResult = { id: string; status: "pending" | "requires_action" | "succeeded" | "failed" | "canceled"; failureReason: string | null };

/** Stripe refused the request for good (a 4xx other than 429): trying again with the same input will not help. */
export class StripeRefusedError extends Error {
  override readonly name = "StripeRefusedError";
  constructor(
    message: string,
    /** Stripe's error code ("charge_already_refunded", "charge_disputed"...), when it gave one. */
    readonly code: string | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** What reconciliation reads of Stripe's records (amounts in the smallest unit, times in seconds). */
export type StripeSessionRecord = {
  id: string;
  status: string;
  paymentStatus: string;
  paymentIntentId: string | null;
  amountTotal: number | null;
  currency: string | null;
  metadata: Record<string, string>;
  created: number;
};
export type StripeIntentRecord = { id: string; status: string; amountReceived: number; currency: string; metadata: Record<string, string>; created: number };
export type StripeRefundRecord = { id: string; paymentIntentId: string | null; amount: number; currency: string; status: string; created: number };

/** A verified webhook event. Narrow on `type` to get the typed `data.object`. */
export type PaymentEvent = Stripe.Event;

export type Payments = {
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionState>;
  /** Throws StripeRefusedError when Stripe refuses it for good; any other error may be retried. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Every Checkout Session, PaymentIntent and Refund created since `since` (all pages). */
  listCheckoutSessions(since: Date): Promise<StripeSessionRecord[]>;
  listPaymentIntents(since: Date): Promise<StripeIntentRecord[]>;
  listRefunds(since: Date): Promise<StripeRefundRecord[]>;
  /**
   * Verifies a webhook delivery against STRIPE_WEBHOOK_SECRET and returns its event.
   * `rawBody` must be the request body exactly as received (not parsed and re-serialized).
   * Throws WebhookSignatureError when the signature is missing, wrong or too old.
   */
  parseWebhook(rawBody: string | Uint8Array, signatureHeader: string | null | undefined): Promise<PaymentEvent>;
};

/** How far a webhook signature's time may be from now, either way (Stripe's own default tolerance). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A webhook request that did not come from Stripe (or was altered): answer 400 and ignore it. */
export class WebhookSignatureError extends Error {
  override readonly name = "WebhookSignatureError";
}

// A stuck endpoint must fail a request well before a browser gives up on the redirect.
const REQUEST_TIMEOUT_MS = 20_000;
const NETWORK_RETRIES = 2;

export function createPayments(config: Config): Payments | null {
  if (!config.stripe) return null;
  const { secretKey, webhookSecret, api } = config.stripe;
  // The SDK loads with the first payment call, not at every start (it was a tenth of the start-up).
  const sdk = () => import("stripe").then((module) => module.default);
  let client: Promise<Stripe> | null = null;
  const connect = () =>
    (client ??= sdk().then(
      (StripeSdk) =>
        new StripeSdk(secretKey, {
          timeout: REQUEST_TIMEOUT_MS,
          maxNetworkRetries: NETWORK_RETRIES,
          ...(api ? { host: api.host, port: api.port, protocol: api.protocol } : {}),
        }),
    ));

  return {
    async createCheckoutSession(request) {
      const currency = request.currency.toLowerCase();
      const metadata = { ...request.metadata, invoiceNumber: request.invoiceNumber };
      const stripe = await connect();
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: request.invoiceNumber,
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          line_items: [
            {
              quantity: 1,
              price_data: { currency, unit_amount: request.amountCents, product_data: { name: `Invoice ${request.invoiceNumber}` } },
            },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata,
          payment_intent_data: { metadata },
        },
        // Paying the same invoice twice (a double click, a second tab) reuses the open session.
        // Stripe rejects a reused key whose parameters differ, so everything above must be
        // derived from the invoice alone; a new amount or currency is a new key.
        { idempotencyKey: `checkout-${request.invoiceNumber}-${request.amountCents}-${currency}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { id: session.id, url: session.url };
    },

    async retrieveCheckoutSession(id) {
      const session = await (await connect()).checkout.sessions.retrieve(id);
      const paymentIntent = session.payment_intent;
      return {
        id: session.id,
        url: session.url,
        status: oneOf(session.status, ["open", "complete", "expired"], "open"),
        paymentStatus: oneOf(session.payment_status, ["paid", "unpaid", "no_payment_required"], "unpaid"),
        paymentIntentId: typeof paymentIntent === "string" ? paymentIntent : (paymentIntent?.id ?? null),
        amountTotal: session.amount_total,
        currency: session.currency,
        metadata: session.metadata ?? {},
      };
    },

    async refund(request) {
      const stripe = await connect();
      try {
        const refund = await stripe.refunds.create({ payment_intent: request.paymentIntentId }, { idempotencyKey: request.idempotencyKey });
        return {
          id: refund.id,
          status: oneOf(refund.status, ["pending", "requires_action", "succeeded", "failed", "canceled"], "pending"),
          failureReason: refund.failure_reason ?? null,
        };
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (error instanceof (await sdk()).errors.StripeError && status !== undefined && status >= 400 && status < 500 && status !== 429) {
          throw new StripeRefusedError(error.message, error.code ?? null, { cause: error });
        }
        throw error;
      }
    },

    async listCheckoutSessions(since) {
      const sessions = await (await connect()).checkout.sessions.list({ created: { gte: seconds(since) }, limit: 100 }).autoPagingToArray({ limit: LIST_MAX });
      return sessions.map((session) => ({
        id: session.id,
        status: session.status ?? "open",
        paymentStatus: session.payment_status,
        paymentIntentId: typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null),
        amountTotal: session.amount_total,
        currency: session.currency,
        metadata: session.metadata ?? {},
        created: session.created,
      }));
    },

    async listPaymentIntents(since) {
      const intents = await (await connect()).paymentIntents.list({ created: { gte: seconds(since) }, limit: 100 }).autoPagingToArray({ limit: LIST_MAX });
      return intents.map((intent) => ({
        id: intent.id,
        status: intent.status,
        amountReceived: intent.amount_received,
        currency: intent.currency,
        metadata: intent.metadata ?? {},
        created: intent.created,
      }));
    },

    async listRefunds(since) {
      const refunds = await (await connect()).refunds.list({ created: { gte: seconds(since) }, limit: 100 }).autoPagingToArray({ limit: LIST_MAX });
      return refunds.map((refund) => ({
        id: refund.id,
        paymentIntentId: typeof refund.payment_intent === "string" ? refund.payment_intent : (refund.payment_intent?.id ?? null),
        amount: refund.amount,
        currency: refund.currency,
        status: refund.status ?? "pending",
        created: refund.created,
      }));
    },

    async parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError("The webhook request has no Stripe-Signature header");
      // Stripe's library refuses signatures older than its tolerance but not ones dated ahead:
      // a signature from the future is as suspect as a stale one.
      const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signatureHeader)?.[1] ?? Number.NaN);
      if (signedAt * 1000 > Date.now() + WEBHOOK_TOLERANCE_SECONDS * 1000) {
        throw new WebhookSignatureError("The webhook signature is dated in the future");
      }
      try {
        return await (await connect()).webhooks.constructEventAsync(rawBody, signatureHeader, webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        if (error instanceof (await sdk()).errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError(`The webhook signature does not match: ${error.message}`, { cause: error });
        }
        throw error;
      }
    },
  };
}

/** A reconciliation reads a few days; this bounds a runaway listing. */
const LIST_MAX = 10_000;
const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** Stripe's enums are open ("... | string"); an unknown value maps to the cautious default. */
function oneOf<const T extends string>(value: string | null, known: readonly T[], fallback: T): T {
  return known.find((candidate) => candidate === value) ?? fallback;
}
