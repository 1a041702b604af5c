// POST /api/payments/stripe/webhook: Stripe's deliveries. The body is read as raw text (never
// parsed as JSON first), because the signature covers the bytes exactly as sent.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { handleStripeWebhook } from "./service";

export const stripeWebhookApi = (deps: AppDeps) =>
  new Elysia({ name: "stripe-webhook-api", prefix: "/api/payments/stripe" }).post(
    "/webhook",
    ({ request }) => request.text().then((body) => handleStripeWebhook(deps, body, request.headers.get("stripe-signature"))),
    { parse: "none" },
  );
