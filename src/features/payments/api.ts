// POST /api/payments/stripe/webhook: Stripe's deliveries. The body is read as raw text (never
// parsed as JSON first), because the signature covers the bytes exactly as sent.
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { operation } from "../../http/openapi";
import { handleStripeWebhook } from "./service";

export const stripeWebhookApi = (deps: AppDeps) =>
  new Elysia({ name: "stripe-webhook-api", prefix: "/api/payments/stripe" }).post(
    "/webhook",
    async ({ request }) => handleStripeWebhook(deps, await request.text(), request.headers.get("stripe-signature")),
    {
      parse: "none",
      response: t.Object({ received: t.Literal(true), duplicate: t.Boolean({ description: "The event had been delivered before" }) }),
      detail: operation("Payments", "public", "Stripe's events, verified by their signature (not for browsers)"),
    },
  );
