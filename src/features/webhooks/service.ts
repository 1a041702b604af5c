// The studio's webhook endpoints (decision 087): admins add, change, rotate, test, disable and
// delete them, and read and replay their delivery log.
import { and, eq } from "drizzle-orm";
import { type WebhookEndpoint, webhookDeliveries, webhookEndpoints } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, notFound } from "../../http/errors";
import { newId } from "../../lib/ids";
import { type AuditBy, recordAudit } from "../audit";
import { PREVIOUS_SECRET_GRACE_MS } from "./delivery";
import { TEST_EVENT, type WebhookEventType, queueDeliveries } from "./events";
import { listDeliveriesWithAttempts, findEndpoint as selectEndpoint, listEndpoints as selectEndpoints } from "./queries";
import { newWebhookSecret } from "./signing";
import { refuseUrlShape } from "./targets";

type Deps = Pick<AppDeps, "database" | "sealer" | "jobs" | "now" | "config">;
type Format = "standard" | "slack";
export const NO_SUCH_ENDPOINT = "There is no such webhook endpoint.";

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toPublicEndpoint(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    format: endpoint.format,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    failingSince: iso(endpoint.failingSince),
    createdAt: endpoint.createdAt.toISOString(),
  };
}

function withSecret(deps: Deps, endpoint: WebhookEndpoint) {
  const now = deps.now();
  const previousLive = endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now ? endpoint.previousSecretExpiresAt : null;
  return { ...toPublicEndpoint(endpoint), secret: deps.sealer.open(endpoint.secretEnc), previousSecretExpiresAt: iso(previousLive) };
}

function checkUrl(deps: Deps, url: string): string {
  const trimmed = url.trim();
  const refusal = refuseUrlShape(trimmed, deps.config.webhookAllowPrivateTargets);
  if (refusal) throw badRequest(refusal, { url: refusal });
  return trimmed;
}

async function requireEndpoint(deps: Deps, id: string): Promise<WebhookEndpoint> {
  const endpoint = await selectEndpoint(deps.database.db, id);
  if (!endpoint) throw notFound(NO_SUCH_ENDPOINT);
  return endpoint;
}

/** What the audit log keeps of an endpoint: never its secret. */
const audited = (endpoint: WebhookEndpoint) => ({
  url: endpoint.url,
  events: endpoint.events,
  description: endpoint.description,
  format: endpoint.format,
  enabled: endpoint.enabled,
});
const target = (endpoint: WebhookEndpoint) => ({ type: "webhook" as const, id: endpoint.id, label: endpoint.url });

export async function createEndpoint(deps: Deps, input: { url: string; events: WebhookEventType[]; description?: string; format?: Format }, by: AuditBy) {
  const url = checkUrl(deps, input.url);
  const created = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id: newId(deps.now().getTime()),
        url,
        events: input.events,
        description: input.description?.trim() ?? "",
        format: input.format ?? "standard",
        secretEnc: deps.sealer.seal(newWebhookSecret()),
      })
      .returning();
    if (!row) throw new Error("webhook endpoint not created");
    await recordAudit(tx, by, { action: "webhook.create", target: target(row), after: audited(row) });
    return row;
  });
  return withSecret(deps, created);
}

export async function listEndpoints(deps: Deps) {
  return (await selectEndpoints(deps.database.db)).map(toPublicEndpoint);
}

export async function showEndpoint(deps: Deps, id: string) {
  return withSecret(deps, await requireEndpoint(deps, id));
}

export async function updateEndpoint(
  deps: Deps,
  id: string,
  input: { url?: string; events?: WebhookEventType[]; description?: string; format?: Format; enabled?: boolean },
  by: AuditBy,
) {
  const before = await requireEndpoint(deps, id);
  const changes: Partial<WebhookEndpoint> = {};
  if (input.url !== undefined) changes.url = checkUrl(deps, input.url);
  if (input.events !== undefined) changes.events = input.events;
  if (input.description !== undefined) changes.description = input.description.trim();
  if (input.format !== undefined) changes.format = input.format;
  if (input.enabled !== undefined) {
    changes.enabled = input.enabled;
    // Enabled again: the five days start over; disabled by hand: say so.
    changes.disabledReason = input.enabled ? null : "Disabled by an admin.";
    if (input.enabled) changes.failingSince = null;
  }
  if (Object.keys(changes).length === 0) return withSecret(deps, await requireEndpoint(deps, id));
  const updated = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, id)).returning();
    if (!row) throw notFound(NO_SUCH_ENDPOINT);
    await recordAudit(tx, by, { action: "webhook.update", target: target(row), before: audited(before), after: audited(row) });
    return row;
  });
  return withSecret(deps, updated);
}

export async function deleteEndpoint(deps: Deps, id: string, by: AuditBy): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
    if (!deleted) throw notFound(NO_SUCH_ENDPOINT);
    await recordAudit(tx, by, { action: "webhook.delete", target: target(deleted), before: audited(deleted) });
  });
}

/** A new secret; the one it replaces keeps signing for 24 hours beside it. */
export async function rotateSecret(deps: Deps, id: string, by: AuditBy) {
  const endpoint = await requireEndpoint(deps, id);
  const updated = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        secretEnc: deps.sealer.seal(newWebhookSecret()),
        previousSecretEnc: endpoint.secretEnc,
        previousSecretExpiresAt: new Date(deps.now().getTime() + PREVIOUS_SECRET_GRACE_MS),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!row) throw notFound(NO_SUCH_ENDPOINT);
    await recordAudit(tx, by, { action: "webhook.rotate_secret", target: target(row) });
    return row;
  });
  return withSecret(deps, updated);
}

/** Queues a `webhook.test` event to this endpoint alone. */
export async function sendTestEvent(deps: Deps, id: string): Promise<string> {
  const endpoint = await requireEndpoint(deps, id);
  if (!endpoint.enabled) throw conflict("Enable the endpoint before sending it a test event.");
  const [deliveryId] = await deps.database.db.transaction((tx) =>
    queueDeliveries(deps, tx, [id], TEST_EVENT, { message: "A test event from the studio's webhooks.", endpointId: id }),
  );
  if (!deliveryId) throw new Error("test delivery not queued");
  return deliveryId;
}

/** Sends a delivery again now, with the same webhook-id, once. */
export async function resendDelivery(deps: Deps, endpointId: string, deliveryId: string): Promise<void> {
  const endpoint = await requireEndpoint(deps, endpointId);
  if (!endpoint.enabled) throw conflict("Enable the endpoint before resending to it.");
  await deps.database.db.transaction(async (tx) => {
    const [delivery] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: deps.now() })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
      .returning();
    if (!delivery) throw notFound("There is no such delivery.");
    await deps.jobs.send("webhooks.deliver", { deliveryId, attempt: delivery.attempts + 1, manual: true }, { tx });
  });
}

export async function listDeliveries(deps: Deps, endpointId: string) {
  await requireEndpoint(deps, endpointId);
  return (await listDeliveriesWithAttempts(deps.database.db, endpointId)).map(({ delivery, attempts }) => ({
    id: delivery.id,
    eventType: delivery.eventType,
    status: delivery.status,
    createdAt: delivery.createdAt.toISOString(),
    nextAttemptAt: iso(delivery.nextAttemptAt),
    attempts: attempts.map((attempt) => ({
      attemptedAt: attempt.attemptedAt.toISOString(),
      responseStatus: attempt.responseStatus,
      latencyMs: attempt.latencyMs,
      responseBody: attempt.responseBody,
      error: attempt.error,
    })),
  }));
}
