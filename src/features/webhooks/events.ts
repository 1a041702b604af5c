// The studio's events as webhooks (decision 087). A service that makes a change calls
// `emitWebhookEvent` inside the change's transaction: one delivery row and one queued job per
// endpoint that wants the event, committed or rolled back with the change.
import { and, arrayContains, eq } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import type { WebhookJobs } from "../../lib/job-queues";
import type { JobQueue } from "../../lib/jobs";
import { WEBHOOK_EVENTS, type WebhookEventType } from "../../shared/webhook-events";

export { WEBHOOK_EVENTS, type WebhookEventType };
/** Sent by an admin's "Send test event" to one endpoint, whatever events it wants. */
export const TEST_EVENT = "webhook.test";

/** An event's data: the object's public fields and ids. Never a secret (the domain password, a token). */
export type WebhookData = Record<string, string | number | boolean | null | string[]>;

/** What every delivery's body is, as Standard Webhooks suggests. */
export type WebhookPayload = { type: string; timestamp: string; data: WebhookData };

/** What emitting needs of the app: its job queue (and its clock, where the caller has one). */
export type WebhookEmitter = { jobs: Pick<JobQueue<WebhookJobs>, "send">; now?: () => Date };

/** Queues `type` for every enabled endpoint that wants it, in the transaction `tx`. */
export async function emitWebhookEvent(deps: WebhookEmitter, tx: Db, type: WebhookEventType, data: WebhookData): Promise<void> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [type])));
  if (endpoints.length === 0) return;
  await queueDeliveries(
    deps,
    tx,
    endpoints.map((endpoint) => endpoint.id),
    type,
    data,
  );
}

/** Writes one delivery per endpoint and queues its first attempt. */
export async function queueDeliveries(deps: WebhookEmitter, tx: Db, endpointIds: string[], type: string, data: WebhookData): Promise<string[]> {
  const now = deps.now?.() ?? new Date();
  const payload: WebhookPayload = { type, timestamp: now.toISOString(), data };
  const rows = endpointIds.map((endpointId) => ({ id: `msg_${newId(now.getTime())}`, endpointId, eventType: type, payload, nextAttemptAt: now }));
  await tx.insert(webhookDeliveries).values(rows);
  for (const row of rows) await deps.jobs.send("webhooks.deliver", { deliveryId: row.id, attempt: 1, manual: false }, { tx });
  return rows.map((row) => row.id);
}
