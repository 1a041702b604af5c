// Webhook endpoints and their delivery log on the wire.
import { t } from "elysia";
import { AnsweredInteger } from "../../http/schemas";
import { WEBHOOK_EVENTS } from "../../shared/webhook-events";

const EventName = t.UnionEnum(WEBHOOK_EVENTS, { error: `Each event must be one of ${WEBHOOK_EVENTS.join(", ")}.` });
const Format = t.Union([t.Literal("standard"), t.Literal("slack")], {
  description: "`standard`: the signed JSON event (Standard Webhooks 1.0); `slack`: `{ text }` for a team chat",
});
const Url = t.String({ minLength: 1, maxLength: 2000, error: "Enter the endpoint's URL." });

export const CreateWebhookBody = t.Object(
  {
    url: Url,
    events: t.Array(EventName, { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true, error: "Choose at least one event." }),
    description: t.Optional(t.String({ maxLength: 500 })),
    format: t.Optional(Format),
  },
  { additionalProperties: false },
);

export const UpdateWebhookBody = t.Object(
  {
    url: t.Optional(Url),
    events: t.Optional(t.Array(EventName, { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true, error: "Choose at least one event." })),
    description: t.Optional(t.String({ maxLength: 500 })),
    format: t.Optional(Format),
    enabled: t.Optional(t.Boolean()),
  },
  { additionalProperties: false },
);

export const WebhookEndpointModel = t.Object({
  id: t.String(),
  url: t.String(),
  description: t.String(),
  events: t.Array(t.String()),
  format: Format,
  enabled: t.Boolean(),
  disabledReason: t.Union([t.String(), t.Null()]),
  failingSince: t.Union([t.String({ format: "date-time" }), t.Null()]),
  createdAt: t.String({ format: "date-time" }),
});

export const WebhookEndpointWithSecret = t.Composite([
  WebhookEndpointModel,
  t.Object({
    secret: t.String({ description: "The signing secret (`whsec_…`)" }),
    previousSecretExpiresAt: t.Union([t.String({ format: "date-time" }), t.Null()], { description: "Until then the previous secret signs too" }),
  }),
]);

export const WebhookEndpointsAnswer = t.Object({ endpoints: t.Array(WebhookEndpointModel) });

export const WebhookAttemptModel = t.Object({
  attemptedAt: t.String({ format: "date-time" }),
  responseStatus: t.Union([AnsweredInteger(), t.Null()]),
  latencyMs: AnsweredInteger(),
  responseBody: t.String({ description: "The answer's first KB" }),
  error: t.Union([t.String(), t.Null()]),
});

export const WebhookDeliveryModel = t.Object({
  id: t.String({ description: "The webhook-id every attempt carries" }),
  eventType: t.String(),
  status: t.Union([t.Literal("pending"), t.Literal("succeeded"), t.Literal("failed")]),
  createdAt: t.String({ format: "date-time" }),
  nextAttemptAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
  attempts: t.Array(WebhookAttemptModel),
});

export const WebhookDeliveriesAnswer = t.Object({ deliveries: t.Array(WebhookDeliveryModel) });
export const SentDeliveryAnswer = t.Object({ message: t.String(), deliveryId: t.String() });
