// One attempt of one delivery (decision 087). The attempt is claimed in the database first, so a
// job run twice (a crash, a Resend racing a retry) sends once. A 2XX answer within 10 s succeeds;
// anything else is retried with the same webhook-id on the schedule below, then the delivery
// fails. An endpoint that has failed for five days without a success is disabled and admins mailed.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
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
import { type CheckedTarget, type ResolveHost, checkTarget, pinnedLookup, resolveWithSystem } from "./targets";

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
export type DeliveryOptions = {
  /** The resolver the target is checked with (tests answer for names of their own). */
  resolve?: ResolveHost;
  /** How long a receiver has to answer; DELIVERY_TIMEOUT_MS unless a test shortens it. */
  timeoutMs?: number;
  /** Certificates trusted beside the system's (a test's own certificate authority). */
  ca?: string;
};

type Outcome = { status: number | null; body: string; error: string | null; latencyMs: number };

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

/**
 * POSTs `body` to the checked target over node:http(s), connecting only to the addresses the check
 * saw (the URL keeps the host name, so Host, SNI and the certificate check use the name). No
 * redirect is followed: a 3XX is a failed attempt, so a public URL cannot bounce a delivery
 * inside. At most MAX_ANSWER_BYTES of the answer are read, then the connection is dropped; status
 * and that much answer must arrive within `timeoutMs`.
 */
function send(target: CheckedTarget, body: string, headers: Record<string, string>, options: Required<Pick<DeliveryOptions, "timeoutMs">> & DeliveryOptions) {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const requestOf = target.url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<Outcome>((resolve) => {
    let status: number | null = null;
    let settled = false;
    const chunks: Buffer[] = [];
    let total = 0;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ status, body: new TextDecoder().decode(Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES)), error, latencyMs: latency() });
    };
    const request = requestOf(
      target.url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(target),
        // A socket of its own, never one pooled from an earlier check's address.
        agent: false,
        ...(options.ca ? { ca: options.ca } : {}),
      },
      (response) => {
        status = response.statusCode ?? null;
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          total += chunk.byteLength;
          if (total >= MAX_ANSWER_BYTES) finish(null);
        });
        response.on("end", () => finish(null));
        response.on("error", (error) => finish(error.message));
      },
    );
    const timer = setTimeout(() => finish(`No answer within ${options.timeoutMs / 1000} s`), options.timeoutMs);
    request.on("error", (error) => finish(error.message));
    request.end(body);
  });
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

  const { body, headers } = buildRequest(deps, endpoint, claimed.id, claimed.payload as WebhookPayload, now);
  const target = !endpoint.enabled
    ? { refusal: "The endpoint is disabled." }
    : Buffer.byteLength(body) > MAX_BODY_BYTES
      ? { refusal: `The event is over ${MAX_BODY_BYTES / 1024} KB and was not sent.` }
      : await checkTarget(endpoint.url, { allowPrivate: deps.config.webhookAllowPrivateTargets, resolve: options.resolve ?? resolveWithSystem });
  const outcome: Outcome =
    "refusal" in target
      ? { status: null, body: "", error: target.refusal, latencyMs: 0 }
      : await send(target, body, headers, { ...options, timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS });

  const succeeded = outcome.error === null && outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
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
