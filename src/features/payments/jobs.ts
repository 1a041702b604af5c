// The payments domain's jobs: one refund asked of Stripe per job (decision 084). Apart from the
// service so the job registry (and through it Deps) never imports the code that takes Deps.
import type { QueueSettings } from "../../lib/jobs";

/** `refundId` is the pending refund record; its payment names the payment intent to refund. */
export type PaymentJobs = { "payments.refund": { refundId: string } };

/** Attempts of a refund before it is marked failed (a refusal by Stripe fails it at once). */
export const REFUND_RETRY_LIMIT = 8;

export const paymentQueues = {
  // 10 s, 20 s, 40 s ... capped at an hour: about four hours of trying while Stripe is unreachable.
  "payments.refund": { retryLimit: REFUND_RETRY_LIMIT, retryDelaySeconds: 10, retryBackoff: true, retryDelayMaxSeconds: 3_600, expireInSeconds: 120 },
} satisfies { [Name in keyof PaymentJobs]: QueueSettings };
