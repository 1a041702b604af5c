// The webhook delivery job: its payload and queue settings, apart from the worker so the job
// registry (and through it Deps) never imports code that takes Deps.
import type { QueueSettings } from "../../lib/jobs";

/** One attempt of one delivery; `manual` is an admin's Resend, which is tried once. */
export type WebhookJobs = { "webhooks.deliver": { deliveryId: string; attempt: number; manual: boolean } };

export const webhookQueues = {
  // The retry schedule is the delivery's own (each attempt queues the next one, delivery.ts): the
  // queue retries only an attempt that crashed before recording its outcome.
  "webhooks.deliver": { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 60 },
} satisfies { [Name in keyof WebhookJobs]: QueueSettings };
