// One attempt of one delivery (decision 087). The attempt is claimed in the database first, so a
// job run twice (a crash, a Resend racing a retry) sends once. A 2XX answer within 10 s succeeds;
// anything else is retried with the same webhook-id on the schedule below, then the delivery
// fails. An endpoint that has failed for five days without a success is disabled and admins mailed.
import { and, eq, or } from "drizzle-orm";
import { type WebhookEndpoint, users, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import { isAdmin } from "../../http/actor";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import { enqueueMail } from "../mail";
import type { WebhookPayload } from "./events";
import { endpointDisabledMail } from "./mails";
import { webhookHeaders } from "./signing";
import { describeForChat } from "./slack";
import { type ResolveHost, refuseTarget, resolveWithSystem } from "./targets";

/** Seconds before each retry, as Svix schedules them: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const RETRY_SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
export const MAX_ATTEMPTS = RETRY_SCHEDULE_SECONDS.length + 1;
export const DELIVERY_TIMEOUT_MS = 10_000;
export const MAX_BODY_BYTES = 256 * 1024;
export const MAX_ANSWER_BYTES = 64 * 1024;
/** What the delivery log keeps of each answer. */
export const LOGGED_ANSWER_BYTES = 1024;
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3600 * 1000;
/** After a rotation the previous secret signs too for this long, so receivers can switch without losing events. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3600 * 1000;

type Deps = Pick<AppDeps, "database" | "sealer" | "jobs" | "now" | "config" | "log">;
export type DeliveryOptions = { resolve?: ResolveHost };

type Outcome = { status: number | null; body: string; error: string | null; latencyMs: number };

/** Reads at most `limit` bytes of an answer, then stops reading. */
async function readSome(response: Response, limit: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (total < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, limit));
}

/** The body and headers of a delivery to `endpoint`, by its format. */
export function buildRequest(deps: Pick<Deps, "sealer">, endpoint: WebhookEndpoint, id: string, payload: WebhookPayload, now: Date) {
  if (endpoint.format === "slack") {
    return { body: JSON.stringify({ text: describeForChat(payload) }), headers: { "content-type": "application/json" } as Record<string, string> };
  }
  const body = JSON.stringify(payload);
  const secrets = [deps.sealer.open(endpoint.secretEnc)];
  if (endpoint.previousSecretEnc && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(deps.sealer.open(endpoint.previousSecretEnc));
  }
  return { body, headers: { "content-type": "application/json", ...webhookHeaders(secrets, id, Math.floor(now.getTime() / 1000), body) } };
}

async function send(url: string, body: string, headers: Record<string, string>): Promise<Outcome> {
  const started = performance.now();
  try {
    // Redirects are not followed: a 3XX is a failed attempt, so a public URL cannot bounce a delivery inside.
    const response = await fetch(url, { method: "POST", body, headers, redirect: "manual", signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
    const answer = await readSome(response, MAX_ANSWER_BYTES);
    return { status: response.status, body: answer, error: null, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const message = timedOut ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : error instanceof Error ? error.message : String(error);
    return { status: null, body: "", error: message, latencyMs: Math.round(performance.now() - started) };
  }
}

/** Runs attempt `attempt` of a delivery, records it, and queues the next one or ends the delivery. */
export async function attemptDelivery(deps: Deps, job: { deliveryId: string; attempt: number; manual: boolean }, options: DeliveryOptions = {}): Promise<void> {
  const db = deps.database.db;
  const now = deps.now();
  // The claim: only the run that moves the counter from attempt - 1 sends.
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ attempts: job.attempt, nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.id, job.deliveryId), eq(webhookDeliveries.attempts, job.attempt - 1), eq(webhookDeliveries.status, "pending")))
    .returning();
  if (!claimed) return;
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, claimed.endpointId));
  if (!endpoint) return;

  let outcome: Outcome;
  const { body, headers } = buildRequest(deps, endpoint, claimed.id, claimed.payload as WebhookPayload, now);
  const refusal = !endpoint.enabled
    ? "The endpoint is disabled."
    : Buffer.byteLength(body) > MAX_BODY_BYTES
      ? `The event is over ${MAX_BODY_BYTES / 1024} KB and was not sent.`
      : await refuseTarget(endpoint.url, { allowPrivate: deps.config.webhookAllowPrivateTargets, resolve: options.resolve ?? resolveWithSystem });
  if (refusal) outcome = { status: null, body: "", error: refusal, latencyMs: 0 };
  else outcome = await send(endpoint.url, body, headers);

  const succeeded = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  // A refusal that no retry can change (disabled, too big) ends the delivery now.
  const final = succeeded || job.manual || job.attempt >= MAX_ATTEMPTS || !endpoint.enabled || Buffer.byteLength(body) > MAX_BODY_BYTES;
  const retryIn = RETRY_SCHEDULE_SECONDS[job.attempt - 1] ?? 0;
  const nextAttemptAt = final ? null : new Date(now.getTime() + retryIn * 1000);

  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      id: newId(now.getTime()),
      deliveryId: claimed.id,
      attemptedAt: now,
      responseStatus: outcome.status,
      latencyMs: outcome.latencyMs,
      responseBody: outcome.body.slice(0, LOGGED_ANSWER_BYTES),
      error: outcome.error,
    });
    await tx
      .update(webhookDeliveries)
      .set({ status: succeeded ? "succeeded" : final ? "failed" : "pending", nextAttemptAt })
      .where(eq(webhookDeliveries.id, claimed.id));
    if (nextAttemptAt) {
      await deps.jobs.send("webhooks.deliver", { deliveryId: claimed.id, attempt: job.attempt + 1, manual: false }, { tx, startAfter: nextAttemptAt });
    }
    if (succeeded) {
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
      return;
    }
    if (!endpoint.enabled) return;
    const failingSince = endpoint.failingSince ?? now;
    if (!endpoint.failingSince) await tx.update(webhookEndpoints).set({ failingSince: now }).where(eq(webhookEndpoints.id, endpoint.id));
    if (now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) await disableFailingEndpoint(deps, tx, endpoint);
  });
}

/** Disables an endpoint that has failed for five days and tells every admin. */
async function disableFailingEndpoint(deps: Deps, tx: Db, endpoint: WebhookEndpoint): Promise<void> {
  const reason = "Every delivery failed for 5 days.";
  await tx.update(webhookEndpoints).set({ enabled: false, disabledReason: reason }).where(eq(webhookEndpoints.id, endpoint.id));
  const candidates = await tx
    .select()
    .from(users)
    .where(or(eq(users.isAdmin, true), eq(users.isSuperAdmin, true)));
  for (const admin of candidates.filter((user) => isAdmin(user, deps.config))) {
    await enqueueMail(deps.jobs, tx, await endpointDisabledMail(deps, admin, endpoint));
  }
  deps.log.warn({ endpointId: endpoint.id }, "webhooks: endpoint disabled after failing for 5 days");
}

/** The queue's worker: a few deliveries at once, each to its own receiver. */
export async function startWebhookWorker(deps: Deps): Promise<void> {
  await deps.jobs.work("webhooks.deliver", { concurrency: 4 }, (job) => attemptDelivery(deps, job.data));
}
