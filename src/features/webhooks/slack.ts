// The Slack-compatible format (decision 087): `{ "text": … }`, one line a person reads in a team
// chat, instead of the signed JSON event.
import type { WebhookPayload } from "./events";

const text = (value: unknown): string => (typeof value === "string" || typeof value === "number" ? String(value) : "");

export function describeForChat(payload: WebhookPayload): string {
  const data = payload.data;
  const project = text(data.projectName) || "a project";
  switch (payload.type) {
    case "project.created": {
      const details = [text(data.packageName), text(data.price)].filter(Boolean).join(", ");
      return `New order: ${project}${details ? ` (${details})` : ""}${data.customerName ? ` by ${text(data.customerName)}` : ""}`;
    }
    case "project.status_changed":
      return `${project} is now ${text(data.status)} (was ${text(data.previousStatus)})`;
    case "project.deleted":
      return `Project deleted: ${project}`;
    case "invoice.sent":
      return `Invoice ${text(data.invoiceNumber)} sent for ${project}${data.amount ? `: ${text(data.amount)}` : ""}`;
    case "invoice.voided":
      return `Invoice ${text(data.invoiceNumber)} voided for ${project}`;
    case "payment.received":
      return `Payment received for ${project}${data.method ? ` (${text(data.method)})` : ""}`;
    case "payment.refunded":
      return `Payment refunded for ${project}${data.method ? ` (${text(data.method)})` : ""}`;
    case "message.posted":
      return `New message on ${project} from ${text(data.authorName) || "someone"}`;
    case "bug_report.created":
      return `Bug report: ${text(data.title)}`;
    default:
      return `Test event from the studio's webhooks (${payload.type})`;
  }
}
