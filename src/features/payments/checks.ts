// Money checks (decision 084): what needs an admin's attention, refunds as jobs on the queue, and
// the daily reconciliation of the app's card payments and refunds with Stripe's.
//
// A "needs attention" entry is raised once per cause (its key), with a notification to every
// admin, and stays until an admin resolves it with a note. A card refund is a pending record and
// a job: each job asks Stripe for one refund (idempotency key = the record's id), retries with
// backoff while Stripe cannot be reached, and marks the record failed with Stripe's reason when
// Stripe refuses it; the other refunds go on regardless.
import type { AppDeps } from "../../deps";
import { badRequest, notFound } from "../../http/errors";
import type { Db } from "../../lib/db";
import { isId, newId } from "../../lib/ids";
import { type PaymentJobs, REFUND_RETRY_LIMIT } from "../../lib/job-queues";
import type { JobContext } from "../../lib/jobs";
import { StripeRefusedError } from "../../lib/stripe";
import type { PaymentIssueKind } from "../../shared/enums";
import { recordActivity } from "../activity";
import { type AuditBy, recordAudit } from "../audit";
import { notifyUser } from "../notifications";
import {
  confirmPendingRefund,
  findPaymentById,
  findPaymentByIntent,
  findPaymentByProviderRefund,
  insertIssue,
  insertPayment,
  listAdminIds,
  listCardRecordsSince,
  listStalePendingRefunds,
  resolveIssue,
  syncPaymentFlags,
  updatePayment,
} from "./queries";

type Deps = Pick<AppDeps, "database" | "jobs" | "payments" | "log" | "now">;

/** An amount in its own currency ("250.00 USD"): nothing here ever adds two currencies. */
export const money = (cents: number, currency: string): string => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

// ---------------------------------------------------------------------------------------------
// Needs attention

export type Issue = {
  /** One entry per cause: a replayed event or a second reconciliation raises nothing new. */
  key: string;
  kind: PaymentIssueKind;
  message: string;
  paymentId?: string | null;
  invoiceId?: string | null;
  stripeId?: string | null;
  amountCents?: number | null;
  currency?: string | null;
};

/** Raises the entry (once per key) and tells every admin in the app; answers whether it is new. */
export async function raiseIssue(tx: Db, deps: Pick<AppDeps, "log">, issue: Issue): Promise<boolean> {
  const raised = await insertIssue(tx, { id: newId(), ...issue });
  if (!raised) return false;
  deps.log(`payments: needs attention (${issue.kind}): ${issue.message}`);
  for (const adminId of await listAdminIds(tx)) {
    await notifyUser(tx, adminId, "general", `Payments need attention: ${issue.message}`);
  }
  return true;
}

export const RESOLUTION_NOTE_NEEDED = "Say how it was resolved; the note stays with the entry.";
export const ISSUE_NOT_FOUND = "There is no such entry.";
const MAX_NOTE = 1_000;

/** An admin marks an entry resolved with a note (resolving it twice keeps the first note). */
export async function resolveIssueAsAdmin(deps: Pick<AppDeps, "database">, id: string, noteText: string, by: AuditBy): Promise<{ message: string }> {
  const note = noteText.trim();
  if (!note) throw badRequest(RESOLUTION_NOTE_NEEDED, { note: RESOLUTION_NOTE_NEEDED });
  if (note.length > MAX_NOTE) {
    const tooLong = `Keep the note under ${MAX_NOTE} characters.`;
    throw badRequest(tooLong, { note: tooLong });
  }
  if (!isId(id)) throw notFound(ISSUE_NOT_FOUND);
  return deps.database.db.transaction(async (tx) => {
    const before = await resolveIssue(tx, id, by.userId, note);
    if (!before) throw notFound(ISSUE_NOT_FOUND);
    if (before.resolvedAt !== null) return { message: "This entry was already resolved." };
    await recordAudit(tx, by, {
      action: "payment.resolve",
      target: { type: "payment", id, label: before.message.slice(0, 120) },
      before: { resolved: false },
      after: { resolved: true, note },
    });
    return { message: "Marked resolved." };
  });
}

// ---------------------------------------------------------------------------------------------
// Refunds on the queue

/** Queues the refund record's job in the caller's transaction: the job exists exactly when the record does. */
export async function queueRefund(tx: Db, jobs: AppDeps["jobs"], refundId: string): Promise<void> {
  await jobs.send("payments.refund", { refundId }, { tx });
}

/**
 * Records a pending card refund of the whole payment and queues it (no admin asked for it: the
 * money arrived for an invoice that cannot take it). Answers null when a refund already stands.
 */
export async function refundAutomatically(
  tx: Db,
  deps: Pick<AppDeps, "jobs">,
  payment: { id: string; projectId: string | null; invoiceId: string | null; amountCents: number; currency: string; providerPaymentIntentId: string | null },
): Promise<string | null> {
  const id = newId();
  const inserted = await insertPayment(tx, {
    id,
    kind: "refund",
    projectId: payment.projectId,
    invoiceId: payment.invoiceId,
    paymentId: payment.id,
    method: "card",
    amountCents: payment.amountCents,
    currency: payment.currency,
    status: "pending",
    providerPaymentIntentId: payment.providerPaymentIntentId,
  });
  if (!inserted) return null;
  await queueRefund(tx, deps.jobs, id);
  return id;
}

/** One refund job: asks Stripe, records its answer; a refusal fails the record, an outage retries. */
export async function runRefundJob(deps: Deps, job: Pick<JobContext<"payments.refund", PaymentJobs["payments.refund"]>, "data" | "retryCount">): Promise<void> {
  const db = deps.database.db;
  const refund = await findPaymentById(db, job.data.refundId);
  if (refund?.kind !== "refund" || refund.status !== "pending") {
    deps.log(
      `payments: refund job ${job.data.refundId} changes nothing: ${refund ? `the refund is already ${refund.status}` : "there is no such refund record"}`,
    );
    return;
  }
  try {
    if (!deps.payments) throw new StripeRefusedError("Card payments are not configured (STRIPE_SECRET_KEY).", null);
    if (!refund.providerPaymentIntentId) throw new StripeRefusedError("The payment has no Stripe payment intent to refund.", null);
    const answer = await deps.payments.refund({ paymentIntentId: refund.providerPaymentIntentId, idempotencyKey: `refund-${refund.id}` });
    if (answer.status === "failed" || answer.status === "canceled") {
      const reason = answer.failureReason ?? `Stripe answered "${answer.status}".`;
      await db.transaction((tx) => failRefund(tx, deps, refund, reason, answer.id));
      return;
    }
    await db.transaction(async (tx) => {
      if (answer.status !== "succeeded") {
        // Stripe confirms later (refund.updated); the record keeps Stripe's id meanwhile.
        await updatePayment(tx, refund.id, { providerRefundId: answer.id });
        return;
      }
      if (await confirmPendingRefund(tx, refund.id, answer.id)) await afterRefundConfirmed(tx, refund);
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof StripeRefusedError || job.retryCount >= REFUND_RETRY_LIMIT) {
      await db.transaction((tx) => failRefund(tx, deps, refund, reason, null));
      return;
    }
    deps.log(`payments: refund ${refund.id} of ${refund.providerPaymentIntentId} not answered (attempt ${job.retryCount + 1}), will retry: ${reason}`);
    throw error;
  }
}

/** A refund that Stripe confirmed: the project's flags follow, and its timeline says so. */
export async function afterRefundConfirmed(tx: Db, refund: { projectId: string | null }): Promise<void> {
  if (!refund.projectId) return;
  await syncPaymentFlags(tx, refund.projectId);
  await recordActivity(tx, { projectId: refund.projectId, actorId: null, kind: "payment_refunded", details: { method: "card" } });
}

/** A refund Stripe refused: the record fails with Stripe's reason (so it can be tried again) and needs attention. */
export async function failRefund(
  tx: Db,
  deps: Pick<AppDeps, "log">,
  refund: {
    id: string;
    invoiceId: string | null;
    paymentId: string | null;
    amountCents: number;
    currency: string;
    providerPaymentIntentId: string | null;
    projectName: string;
  },
  reason: string,
  stripeRefundId: string | null,
): Promise<void> {
  await updatePayment(tx, refund.id, { status: "failed", failureReason: reason, ...(stripeRefundId ? { providerRefundId: stripeRefundId } : {}) });
  await raiseIssue(tx, deps, {
    key: `refund-failed:${refund.id}`,
    kind: "refund_failed",
    message: `Stripe did not refund ${money(refund.amountCents, refund.currency)} (${refund.projectName || "no project"}): ${reason}`,
    paymentId: refund.paymentId,
    invoiceId: refund.invoiceId,
    stripeId: refund.providerPaymentIntentId,
    amountCents: refund.amountCents,
    currency: refund.currency,
  });
}

export async function startPaymentWorkers(deps: Deps): Promise<void> {
  await deps.jobs.work("payments.refund", { concurrency: 2 }, (job) => runRefundJob(deps, job));
}

// ---------------------------------------------------------------------------------------------
// Reconciliation

/** How far back the daily run compares; a day's margin on Stripe's side covers records made just after Stripe's. */
export const RECONCILE_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A pending refund with no answer from Stripe for this long has lost its job: it is queued again. */
const STALE_REFUND_MS = 60 * 60 * 1000;

export type ReconcileResult = { raised: number; requeued: number };

/**
 * Compares the app's card payments and refunds of the last RECONCILE_DAYS days with Stripe's and
 * raises an entry for each difference: a payment or refund in Stripe and not in the app, one in
 * the app and not in Stripe, amounts or currencies that differ. Idempotent: a difference is raised once.
 */
export async function reconcilePayments(deps: Deps, now: Date): Promise<ReconcileResult> {
  const db = deps.database.db;
  let requeued = 0;
  await db.transaction(async (tx) => {
    for (const refund of await listStalePendingRefunds(tx, new Date(now.getTime() - STALE_REFUND_MS))) {
      await updatePayment(tx, refund.id, {});
      await queueRefund(tx, deps.jobs, refund.id);
      requeued++;
    }
  });
  if (!deps.payments) return { raised: 0, requeued };
  const since = new Date(now.getTime() - RECONCILE_DAYS * DAY_MS);
  const stripeSince = new Date(since.getTime() - DAY_MS);
  const [sessions, intents, refunds] = await Promise.all([
    deps.payments.listCheckoutSessions(stripeSince),
    deps.payments.listPaymentIntents(stripeSince),
    deps.payments.listRefunds(stripeSince),
  ]);
  const issues: Issue[] = [];

  // Money Stripe took: each succeeded payment intent, and each paid session (whose intent may be older).
  const taken = new Map<string, { amount: number; currency: string; invoiceId: string | null }>();
  for (const intent of intents) {
    if (intent.status === "succeeded")
      taken.set(intent.id, { amount: intent.amountReceived, currency: intent.currency, invoiceId: intent.metadata.invoiceId ?? null });
  }
  for (const session of sessions) {
    if (session.paymentStatus === "paid" && session.paymentIntentId && !taken.has(session.paymentIntentId)) {
      taken.set(session.paymentIntentId, { amount: session.amountTotal ?? 0, currency: session.currency ?? "", invoiceId: session.metadata.invoiceId ?? null });
    }
  }
  for (const [intentId, stripe] of taken) {
    const payment = await findPaymentByIntent(db, intentId);
    if (!payment) {
      issues.push({
        key: `reconcile:payment-missing:${intentId}`,
        kind: "missing_in_app",
        message: `Stripe received ${money(stripe.amount, stripe.currency)} (${intentId}) that the app has no record of.`,
        invoiceId: null,
        stripeId: intentId,
        amountCents: stripe.amount,
        currency: stripe.currency,
      });
    } else if (payment.amountCents !== stripe.amount || payment.currency !== stripe.currency.toLowerCase()) {
      issues.push({
        key: `reconcile:payment-differs:${intentId}`,
        kind: "amount_differs",
        message: `Stripe received ${money(stripe.amount, stripe.currency)} for ${intentId}; the app recorded ${money(payment.amountCents, payment.currency)}.`,
        paymentId: payment.id,
        invoiceId: payment.invoiceId,
        stripeId: intentId,
        amountCents: stripe.amount,
        currency: stripe.currency,
      });
    }
  }

  const records = await listCardRecordsSince(db, since);
  for (const record of records) {
    if (record.kind !== "payment" || record.status !== "succeeded" || !record.providerPaymentIntentId) continue;
    if (taken.has(record.providerPaymentIntentId)) continue;
    issues.push({
      key: `reconcile:payment-not-in-stripe:${record.id}`,
      kind: "missing_in_stripe",
      message: `The app recorded a card payment of ${money(record.amountCents, record.currency)} (${record.providerPaymentIntentId}) that Stripe does not list.`,
      paymentId: record.id,
      invoiceId: record.invoiceId,
      stripeId: record.providerPaymentIntentId,
      amountCents: record.amountCents,
      currency: record.currency,
    });
  }

  // Money Stripe returned: each succeeded refund against the app's refund records.
  const appRefunds = records.filter((record) => record.kind === "refund" && record.status === "succeeded");
  const stripeRefunds = new Set<string>();
  for (const refund of refunds) {
    if (refund.status !== "succeeded") continue;
    stripeRefunds.add(refund.id);
    const mine = appRefunds.find((record) => record.providerRefundId === refund.id) ?? (await findPaymentByProviderRefund(db, refund.id));
    if (!mine) {
      issues.push({
        key: `reconcile:refund-missing:${refund.id}`,
        kind: "missing_in_app",
        message: `Stripe refunded ${money(refund.amount, refund.currency)} (${refund.id}, payment ${refund.paymentIntentId ?? "unknown"}) that the app has no record of.`,
        stripeId: refund.id,
        amountCents: refund.amount,
        currency: refund.currency,
      });
    } else if (mine.amountCents !== refund.amount || mine.currency !== refund.currency.toLowerCase()) {
      issues.push({
        key: `reconcile:refund-differs:${refund.id}`,
        kind: "amount_differs",
        message: `Stripe refunded ${money(refund.amount, refund.currency)} in ${refund.id}; the app recorded ${money(mine.amountCents, mine.currency)}.`,
        paymentId: mine.paymentId,
        invoiceId: mine.invoiceId,
        stripeId: refund.id,
        amountCents: refund.amount,
        currency: refund.currency,
      });
    }
  }
  for (const record of appRefunds) {
    if (!record.providerRefundId || stripeRefunds.has(record.providerRefundId)) continue;
    issues.push({
      key: `reconcile:refund-not-in-stripe:${record.id}`,
      kind: "missing_in_stripe",
      message: `The app recorded a card refund of ${money(record.amountCents, record.currency)} (${record.providerRefundId}) that Stripe does not list.`,
      paymentId: record.paymentId,
      invoiceId: record.invoiceId,
      stripeId: record.providerRefundId,
      amountCents: record.amountCents,
      currency: record.currency,
    });
  }

  let raised = 0;
  await db.transaction(async (tx) => {
    for (const issue of issues) if (await raiseIssue(tx, deps, issue)) raised++;
  });
  deps.log(`payments: reconciliation since ${since.toISOString()}: ${taken.size} Stripe payments, ${stripeRefunds.size} refunds, ${raised} new differences`);
  return { raised, requeued };
}
