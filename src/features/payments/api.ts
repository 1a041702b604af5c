// POST /api/payments/stripe/webhook: Stripe's deliveries. The body is read as raw text (never
// parsed as JSON first), because the signature covers the bytes exactly as sent.
// POST /api/admin/payments/issues/:id/resolve: an admin resolves a "needs attention" entry.
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { operation } from "../../http/openapi";
import { strictBody } from "../../http/unknown-fields";
import { ID_PATTERN } from "../../lib/ids";
import { auditBy } from "../audit";
import { resolveIssueAsAdmin } from "./checks";
import { handleStripeWebhook } from "./service";

const Id = t.String({ pattern: ID_PATTERN, error: "Expected an id of 26 letters and digits" });

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

const ResolveIssueBody = t.Object(
  { note: t.String({ maxLength: 2000, error: "note must be a text saying how the entry was resolved." }) },
  { additionalProperties: false },
);

export const adminPaymentsApi = (deps: AppDeps) =>
  new Elysia({ name: "admin-payments-api", prefix: "/api/admin/payments" })
    .use(context(deps))
    .guard({ auth: "admin" })
    .post("/issues/:id/resolve", ({ actor, params, body, request }) => resolveIssueAsAdmin(deps, params.id, body.note, auditBy(actor, request)), {
      ...strictBody(ResolveIssueBody),
      params: t.Object({ id: Id }),
      response: t.Object({ message: t.String() }),
      detail: operation("Payments (admin)", "admin", "Resolve a needs-attention entry of the Payments page, with a note"),
    });
