// The webhook payloads as OpenAPI 3.1 `webhooks`: one operation per event, the request a receiver
// gets, with the three Standard Webhooks headers.
import { WEBHOOK_EVENTS } from "./events";

const header = (description: string) => ({ required: true, schema: { type: "string" }, description });

const summaries: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  "project.created": "A customer ordered a project",
  "project.status_changed": "An admin changed a project's status",
  "project.deleted": "A project was deleted",
  "invoice.sent": "An invoice was sent (or sent again) to its customer",
  "invoice.voided": "An invoice was voided",
  "payment.received": "A payment was recorded (card, or by an admin)",
  "payment.refunded": "A payment was refunded",
  "message.posted": "A message was posted on a project's thread",
  "bug_report.created": "A bug report was filed",
};

export function describeWebhooks(): Record<string, unknown> {
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((type) => [
      type,
      {
        post: {
          operationId: `${type.replace(/[._](\w)/g, (_, letter: string) => letter.toUpperCase())}Webhook`,
          summary: summaries[type],
          description:
            "Signed per Standard Webhooks 1.0: verify `webhook-signature` with the endpoint's `whsec_` secret (the `standardwebhooks` library does), deduplicate on `webhook-id` (the same on every retry), order by `webhook-timestamp` or the body's `timestamp`. Answer 2XX within 10 s, or it is retried. A `slack` endpoint gets `{ text }` instead, unsigned.",
          tags: ["Webhooks (admin)"],
          security: [],
          parameters: [
            { name: "webhook-id", in: "header", ...header("The delivery's id (`msg_…`), the same on every retry") },
            { name: "webhook-timestamp", in: "header", ...header("Seconds since the epoch at this attempt") },
            { name: "webhook-signature", in: "header", ...header("`v1,<base64 HMAC-SHA256 of id.timestamp.body>`, space-separated; two after a rotation") },
          ],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["type", "timestamp", "data"],
                  properties: {
                    type: { type: "string", const: type },
                    timestamp: { type: "string", format: "date-time", description: "When the change happened" },
                    data: { type: "object", description: "The object's public fields and ids; never a secret", additionalProperties: true },
                  },
                },
              },
            },
          },
          responses: { "200": { description: "Received (any 2XX)" } },
        },
      },
    ]),
  );
}
