// The events the studio's outgoing webhooks send (decision 087): the server emits them, the
// admin console's Webhooks screen offers them.
export const WEBHOOK_EVENTS = [
  "project.created",
  "project.status_changed",
  "project.deleted",
  "invoice.sent",
  "invoice.voided",
  "payment.received",
  "payment.refunded",
  "message.posted",
  "bug_report.created",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
