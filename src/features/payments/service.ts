// Getting paid (decision 019): payments are records; a project's Paid and Refund flags are
// derived from them in the same transaction. Card payments go through Stripe Checkout; the
// webhook records each payment exactly once, whichever of its events arrives first, and a
// replayed event id changes nothing. Admins record manual payments, reversals and refunds.

import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { HttpError, badRequest, conflict, notFound } from "../../http/errors";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import { type PaymentEvent, WebhookSignatureError } from "../../lib/stripe";
import { formatDate } from "../../shared/dates";
import type { ManualPaymentMethod, PaymentIssueKind, PaymentKind, PaymentMethod } from "../../shared/enums";
import { type InvoiceState, type ReceiptLine, formatInvoiceCents, formatInvoiceNumber, invoiceState } from "../../shared/invoices";
import { formatPrice, packageFor } from "../../shared/packages";
import { recordActivity } from "../activity";
import { type AuditBy, recordAudit } from "../audit";
import { enqueueMail } from "../mail";
import { notifyProjectEvent, projectMessages } from "../notifications";
import { type WebhookEmitter, emitWebhookEvent } from "../webhooks";
import { afterRefundConfirmed, failRefund, money, queueRefund, raiseIssue, refundAutomatically } from "./checks";
import { receiptMail } from "./mails";
import {
  type PayableInvoice,
  confirmPendingRefund,
  findInvoiceByNumber,
  findPayableInvoice,
  findPaymentByIntent,
  findPaymentFacts,
  findProjectInvoice,
  findRefundOf,
  hasOpenCheckout,
  hasRefund,
  insertPayment,
  listInvoiceRecords,
  listStandingPayments,
  rememberCheckoutSession,
  rememberStripeEvent,
  setCheckoutSessionStatus,
  syncPaymentFlags,
  updatePayment,
  voidInvoice,
  voidOpenInvoices,
} from "./queries";

/** Prices are dollars (SPEC.md §9 shows a $ prefix); Stripe takes the smallest unit. */
export const CURRENCY = "usd";
export const centsOf = (dollars: number): number => Math.round(dollars * 100);
export const formatCents = (cents: number): string => formatInvoiceCents(cents, false);

export const ALREADY_PAID = "This invoice is already paid.";
export const CARD_PAYMENTS_OFF = "Card payments are not available. Please pay as described on the invoice.";
export const INVOICE_REPLACED = "This invoice is no longer current for its project.";
export const NOTHING_TO_REFUND = "There is no payment to refund for this project.";
export const REFUND_IS_FINAL = "A refund cannot be taken back.";
export const CARD_PAYMENT_STANDS = "This project was paid by card: issue a refund instead of un-marking the payment.";
export const ACCESS_CODE_NO_REFUND = "This project was paid with an access code: there is no money to refund.";
export const BAD_SIGNATURE = "The webhook signature is missing or does not match.";
export const PROJECT_GONE = "The project of this invoice was deleted, so the invoice cannot be paid. Write to us if you have a question about it.";
export const voidMessage = (reason: string | null): string => `This invoice is void and cannot be paid.${reason ? ` ${reason}` : ""}`;
export const PAYMENT_METHOD_NEEDED = "Say how the payment was made: bank transfer, cash or other.";
export const CHECKOUT_IN_FLIGHT =
  "A card payment may be in flight: the customer opened Stripe Checkout for this invoice and it has not expired. Mark it paid only if the money arrived another way; a card payment that follows is refunded as an overpayment.";

/** Why an invoice is voided automatically; shown to the customer on the invoice page. */
export const voidReasons = {
  denied: "The project was denied.",
  deleted: "The project was deleted.",
  waived: "The payment was waived with an access code.",
} as const;

type Deps = Pick<AppDeps, "database" | "config" | "jobs" | "payments" | "log" | "now">;

/** Stripe keeps a Checkout Session open for 24 hours unless told otherwise. */
const CHECKOUT_OPEN_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Card payments

/** The invoice for its customer or an admin; anyone else gets the same 404 as for a missing one. */
async function payableFor(deps: Pick<AppDeps, "database">, actor: Actor, invoiceId: string): Promise<PayableInvoice> {
  const found = await findPayableInvoice(deps.database.db, invoiceId, { userId: actor.user.id, isAdmin: actor.isAdmin });
  if (!found) throw notFound("Page not found");
  return found;
}

/** Creates (or, for the same invoice, reuses) a Stripe Checkout Session and answers its URL. */
export async function startCheckout(deps: Deps, actor: Actor, invoiceId: string): Promise<string> {
  const payable = await payableFor(deps, actor, invoiceId);
  if (payable.invoice.status === "void") throw conflict(voidMessage(payable.invoice.voidReason));
  if (payable.invoice.status === "paid") throw conflict(ALREADY_PAID);
  if (!payable.project) throw conflict(PROJECT_GONE);
  if (!deps.payments) throw conflict(CARD_PAYMENTS_OFF);
  if (payable.project.invoiceId !== payable.invoice.id) throw conflict(INVOICE_REPLACED);
  if (payable.project.receivedPayment) throw conflict(ALREADY_PAID);
  const back = `${deps.config.publicUrl}/invoices/${payable.invoice.id}`;
  try {
    const session = await deps.payments.createCheckoutSession({
      invoiceNumber: formatInvoiceNumber(payable.invoice.number),
      // The invoice's total, tax included, as fixed when it was issued (decision 085).
      amountCents: payable.invoice.totalCents,
      currency: CURRENCY,
      customerEmail: payable.customer.email,
      successUrl: `${back}?checkout=success&session={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${back}?checkout=cancelled`,
      metadata: { invoiceId: payable.invoice.id, projectId: payable.project.id },
    });
    // Remembered so an admin marking the invoice paid by hand hears that a card payment may be in flight.
    await rememberCheckoutSession(deps.database.db, {
      id: session.id,
      invoiceId: payable.invoice.id,
      expiresAt: new Date(deps.now().getTime() + CHECKOUT_OPEN_MS),
    });
    return session.url;
  } catch (error) {
    deps.log(`payments: checkout for ${payable.invoice.id} failed: ${error instanceof Error ? error.message : String(error)}`);
    throw new HttpError(502, "The card payment page could not be opened. Please try again in a minute.");
  }
}

/**
 * Back from Checkout with a session id: asks Stripe about it and records the payment if it is
 * paid, so the customer sees Paid even when the webhook is late. Same record as the webhook's.
 */
export async function confirmCheckoutReturn(deps: Deps, actor: Actor, invoiceId: string, sessionId: string): Promise<void> {
  if (!deps.payments || !/^cs_[A-Za-z0-9_]+$/.test(sessionId)) return;
  const payable = await payableFor(deps, actor, invoiceId);
  if (!payable.project || payable.invoice.status !== "open" || payable.project.receivedPayment) return;
  try {
    const session = await deps.payments.retrieveCheckoutSession(sessionId);
    if (session.status !== "complete" || session.paymentStatus !== "paid" || !session.paymentIntentId) return;
    if (session.metadata.invoiceId !== payable.invoice.id) return;
    const paymentIntentId = session.paymentIntentId;
    await deps.database.db.transaction((tx) =>
      recordCardPayment(tx, deps, {
        invoiceId: payable.invoice.id,
        paymentIntentId,
        checkoutSessionId: session.id,
        amountCents: session.amountTotal ?? payable.invoice.totalCents,
        currency: session.currency ?? CURRENCY,
      }),
    );
  } catch (error) {
    // The webhook records it anyway; the page then shows what is known.
    deps.log(`payments: confirming checkout ${sessionId} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

type CardPayment = { invoiceId: string | null; paymentIntentId: string; checkoutSessionId: string | null; amountCents: number; currency: string };

/** Why card money cannot pay the invoice it names, and whether it goes back to the customer at once. */
type Mismatch = { kind: PaymentIssueKind; message: string; refund: boolean };

/**
 * A payment pays its invoice only when the invoice can take it and the amount and currency are
 * the invoice's (decision 084). Anything else is money received that needs an admin; where nothing
 * is owed any more (a void invoice, a deleted project, an invoice already paid) it is refunded.
 */
function mismatchOf(payable: PayableInvoice | null, card: CardPayment): Mismatch | null {
  const paid = money(card.amountCents, card.currency);
  if (!payable)
    return { kind: "unknown_invoice", refund: false, message: `A card payment of ${paid} (${card.paymentIntentId}) names no invoice the app knows.` };
  const number = formatInvoiceNumber(payable.invoice.number);
  const owed = money(payable.invoice.totalCents, CURRENCY);
  if (!payable.project)
    return {
      kind: "project_deleted",
      refund: true,
      message: `A card payment of ${paid} arrived for ${number}, whose project was deleted; it is being refunded.`,
    };
  if (payable.invoice.status === "void")
    return { kind: "void_invoice", refund: true, message: `A card payment of ${paid} arrived for the void invoice ${number}; it is being refunded.` };
  if (payable.invoice.status === "paid")
    return { kind: "overpayment", refund: true, message: `A second payment of ${paid} arrived for ${number}, which was already paid; it is being refunded.` };
  if (card.currency.toLowerCase() !== CURRENCY)
    return {
      kind: "currency_mismatch",
      refund: false,
      message: `A card payment of ${paid} arrived for ${number}, which is due in ${owed}; the invoice stays open.`,
    };
  if (card.amountCents !== payable.invoice.totalCents)
    return { kind: "amount_mismatch", refund: false, message: `A card payment of ${paid} arrived for ${number}, which is ${owed}; the invoice stays open.` };
  return null;
}

/**
 * Records a card payment once per payment intent. Answers why nothing changed (for the log), or
 * null when something did. Money that does not match its invoice is recorded all the same (never
 * lost), pays nothing, needs attention, and is refunded where nothing is owed.
 */
async function recordCardPayment(tx: Db, deps: Pick<AppDeps, "config" | "jobs" | "log">, card: CardPayment): Promise<string | null> {
  const existing = await findPaymentByIntent(tx, card.paymentIntentId);
  if (existing) {
    // The other event came first; it may not have known the session.
    if (!existing.providerCheckoutSessionId && card.checkoutSessionId) {
      await updatePayment(tx, existing.id, { providerCheckoutSessionId: card.checkoutSessionId });
      return null;
    }
    return `payment ${card.paymentIntentId} is already recorded`;
  }
  const payable = card.invoiceId ? await findPayableInvoice(tx, card.invoiceId, { userId: "", isAdmin: true }) : null;
  const mismatch = mismatchOf(payable, card);
  const project = payable?.project ?? null;
  const payment = await insertPayment(tx, {
    id: newId(),
    kind: "payment",
    projectId: project?.id ?? null,
    invoiceId: payable?.invoice.id ?? null,
    method: "card",
    amountCents: card.amountCents,
    currency: card.currency.toLowerCase(),
    status: "succeeded",
    providerPaymentIntentId: card.paymentIntentId,
    providerCheckoutSessionId: card.checkoutSessionId,
    applied: mismatch === null,
  });
  if (!payment) return `payment ${card.paymentIntentId} is already recorded`;
  if (mismatch) {
    await raiseIssue(tx, deps, {
      key: `payment:${card.paymentIntentId}`,
      kind: mismatch.kind,
      message: mismatch.message,
      paymentId: payment.id,
      invoiceId: payment.invoiceId,
      stripeId: card.paymentIntentId,
      amountCents: payment.amountCents,
      currency: payment.currency,
    });
    if (mismatch.refund) await refundAutomatically(tx, deps, payment);
    if (project) await syncPaymentFlags(tx, project.id);
    return null;
  }
  if (!payable || !project) return null;
  await syncPaymentFlags(tx, project.id);
  await recordActivity(tx, { projectId: project.id, actorId: project.creatorId, kind: "payment_recorded", details: { method: "card" } });
  await emitWebhookEvent(deps, tx, "payment.received", {
    projectId: project.id,
    projectName: project.projectName,
    invoiceId: payable.invoice.id,
    method: "card",
  });
  await notifyProjectEvent(tx, deps.jobs, project.creatorId, projectMessages.payment(project.projectName), { invoiceId: payable.invoice.id }, null);
  const number = formatInvoiceNumber(payable.invoice.number);
  await enqueueMail(
    deps.jobs,
    tx,
    await receiptMail(deps, {
      to: payable.customer.email,
      customerName: payable.customer.displayName,
      number,
      projectName: project.projectName,
      amount: formatCents(card.amountCents),
      paidOn: new Date(),
      invoiceId: payable.invoice.id,
    }),
  );
  return null;
}

/** Which invoice a Stripe object is about: our invoice id, else the invoice number the adapter adds. */
async function invoiceIdOf(tx: Db, metadata: Record<string, string> | null | undefined): Promise<string | null> {
  if (metadata?.invoiceId) return metadata.invoiceId;
  const number = /^INV-(\d+)$/.exec(metadata?.invoiceNumber ?? "")?.[1];
  if (!number) return null;
  return (await findInvoiceByNumber(tx, Number(number)))?.invoice.id ?? null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * POST /api/payments/stripe/webhook. The raw body is verified before anything else; a bad or
 * missing signature is a 400 and changes nothing. Each event id is stored once, in the same
 * transaction as its effect, so a duplicate changes nothing and a failure is retried by Stripe.
 * An event that changes nothing says why in the log, with its id.
 */
export async function handleStripeWebhook(deps: Deps, rawBody: string, signature: string | null): Promise<{ received: true; duplicate: boolean }> {
  if (!deps.payments) throw notFound("There is no such API endpoint.");
  let event: PaymentEvent;
  try {
    event = await deps.payments.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw badRequest(BAD_SIGNATURE);
    throw error;
  }
  const outcome = await deps.database.db.transaction(async (tx) => {
    if (!(await rememberStripeEvent(tx, event.id, event.type)))
      return { duplicate: true, unchanged: "the event was handled before (a replay or a duplicate delivery)" };
    return { duplicate: false, unchanged: await applyEvent(tx, deps, event) };
  });
  if (outcome.unchanged) deps.log(`payments: webhook ${event.id} (${event.type}) changed nothing: ${outcome.unchanged}`);
  return { received: true, duplicate: outcome.duplicate };
}

/** Applies one event; answers why it changed nothing, or null when it changed something. */
async function applyEvent(tx: Db, deps: Deps, event: PaymentEvent): Promise<string | null> {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      await setCheckoutSessionStatus(tx, session.id, "complete");
      const paymentIntentId = idOf(session.payment_intent);
      if (session.payment_status !== "paid") return `session ${session.id} is not paid (${session.payment_status})`;
      if (!paymentIntentId) return `session ${session.id} has no payment intent`;
      return recordCardPayment(tx, deps, {
        invoiceId: await invoiceIdOf(tx, session.metadata),
        paymentIntentId,
        checkoutSessionId: session.id,
        amountCents: session.amount_total ?? 0,
        currency: session.currency ?? CURRENCY,
      });
    }
    case "checkout.session.expired": {
      await setCheckoutSessionStatus(tx, event.data.object.id, "expired");
      return null;
    }
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      return recordCardPayment(tx, deps, {
        invoiceId: await invoiceIdOf(tx, intent.metadata),
        paymentIntentId: intent.id,
        checkoutSessionId: null,
        amountCents: intent.amount_received,
        currency: intent.currency,
      });
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      if (!charge.refunded) return `charge ${charge.id} is only partly refunded`;
      if (!paymentIntentId) return `charge ${charge.id} has no payment intent`;
      return confirmRefund(tx, deps, paymentIntentId, null);
    }
    case "refund.created":
    case "refund.updated": {
      const refund = event.data.object;
      const paymentIntentId = idOf(refund.payment_intent);
      if (!paymentIntentId) return `refund ${refund.id} has no payment intent`;
      if (refund.status === "failed" || refund.status === "canceled") return refusedRefund(tx, deps, paymentIntentId, refund.failure_reason ?? refund.status);
      if (refund.status !== "succeeded") return `refund ${refund.id} is ${refund.status}`;
      return confirmRefund(tx, deps, paymentIntentId, refund.id);
    }
    default:
      return `the app does not use ${event.type} events`;
  }
}

/** Stripe confirmed a refund: the pending record succeeds (or one is made, for a refund issued in Stripe's dashboard). */
async function confirmRefund(tx: Db, deps: WebhookEmitter, paymentIntentId: string, refundId: string | null): Promise<string | null> {
  const payment = await findPaymentByIntent(tx, paymentIntentId);
  if (!payment) return `no payment of ${paymentIntentId} is recorded`;
  const refund = await findRefundOf(tx, payment.id);
  if (refund?.status === "succeeded") return `the refund of ${paymentIntentId} is already recorded`;
  if (refund) {
    if (!(await confirmPendingRefund(tx, refund.id, refundId))) return `the refund of ${paymentIntentId} is already recorded`;
  } else {
    await insertPayment(tx, {
      id: newId(),
      kind: "refund",
      projectId: payment.projectId,
      invoiceId: payment.invoiceId,
      paymentId: payment.id,
      method: "card",
      amountCents: payment.amountCents,
      currency: payment.currency,
      status: "succeeded",
      providerPaymentIntentId: paymentIntentId,
      providerRefundId: refundId,
    });
  }
  // A refund of a deleted project's payment is recorded all the same; there is no project to update.
  await afterRefundConfirmed(tx, payment);
  await emitWebhookEvent(deps, tx, "payment.refunded", { paymentId: payment.id, projectId: payment.projectId, invoiceId: payment.invoiceId, method: "card" });
  return null;
}

/** Stripe reports a refund failed after accepting it: the pending record fails with Stripe's reason. */
async function refusedRefund(tx: Db, deps: Deps, paymentIntentId: string, reason: string): Promise<string | null> {
  const payment = await findPaymentByIntent(tx, paymentIntentId);
  const refund = payment ? await findRefundOf(tx, payment.id) : null;
  if (refund?.status !== "pending") return `no pending refund of ${paymentIntentId} to fail`;
  await failRefund(tx, deps, refund, reason, null);
  return null;
}

export const methodLabels: Record<PaymentMethod, string> = {
  card: "Card",
  manual: "Recorded by hand",
  bank_transfer: "Bank transfer",
  cash: "Cash",
  other: "Other",
  access_code: "Access code",
};
export const kindLabels: Record<PaymentKind, string> = { payment: "Payment", refund: "Refund", reversal: "Reversal" };

/** The receipt of an invoice: what was paid, refunded or reversed, and how. */
export async function receiptFor(deps: Pick<AppDeps, "database">, invoiceId: string): Promise<ReceiptLine[]> {
  const records = await listInvoiceRecords(deps.database.db, invoiceId);
  return records
    .filter((record) => record.status !== "failed")
    .map((record) => ({
      id: record.id,
      date: record.createdAt,
      description:
        record.kind === "payment"
          ? `Payment, ${methodLabels[record.method].toLowerCase()}${record.reference ? ` (${record.reference})` : ""}`
          : `${kindLabels[record.kind]}${record.status === "pending" ? " (pending at Stripe)" : ""}`,
      amount: record.kind === "payment" ? formatCents(record.amountCents) : formatCents(-record.amountCents),
    }));
}

/** What the project pages show about the project's invoice: a link, the amount, the state. */
export type ProjectBilling = {
  invoiceId: string;
  number: string;
  amount: number;
  dueAt: Date;
  state: InvoiceState;
  voidReason: string | null;
  canPayByCard: boolean;
};

export async function getProjectBilling(
  deps: Pick<AppDeps, "database" | "payments">,
  project: { _id: string; receivedPayment: boolean; refundIssued: boolean },
  now: Date,
): Promise<ProjectBilling | null> {
  const invoice = await findProjectInvoice(deps.database.db, project._id);
  if (!invoice) return null;
  const state = invoiceState(invoice, project.refundIssued, now);
  return {
    invoiceId: invoice.id,
    number: formatInvoiceNumber(invoice.number),
    // Dollars, tax included (decision 085).
    amount: invoice.totalCents / 100,
    dueAt: invoice.dueAt,
    state,
    voidReason: invoice.voidReason,
    canPayByCard: deps.payments !== null && (state === "awaiting" || state === "overdue"),
  };
}

// ---------------------------------------------------------------------------------------------
// Admin changes (the Admin tab's Payment received and Refund issued switches)

/** A card refund recorded as pending and queued; its job asks Stripe once the change commits. */
export type PendingCardRefund = { refundRecordId: string; paymentId: string; paymentIntentId: string };

export type AdminPaymentChange = {
  receivedPayment?: boolean;
  refundIssued?: boolean;
  /** How the money came, for a payment marked by hand. */
  method?: ManualPaymentMethod;
  reference?: string;
  /** The admin read CHECKOUT_IN_FLIGHT and marks the payment all the same. */
  confirmOpenCheckout?: boolean;
};

/**
 * Applies an admin's receivedPayment / refundIssued change to one project as records, inside the
 * caller's transaction (the project row is locked by the caller). Answers card refunds to request.
 * On a project with an access code, Paid is the waiver: turning it off and on again reverses and
 * restores the waiver, and never records money that was not received (decision 077).
 */
export async function applyAdminPaymentChange(
  tx: Db,
  jobs: AppDeps["jobs"],
  projectId: string,
  adminId: string,
  change: AdminPaymentChange,
): Promise<PendingCardRefund[]> {
  const pending: PendingCardRefund[] = [];
  // Money that arrived but does not pay the invoice (decision 084) leaves it to be paid.
  if (change.receivedPayment === true && (await listStandingPayments(tx, projectId)).filter((payment) => payment.applied).length === 0) {
    const facts = await findPaymentFacts(tx, projectId);
    if (facts?.accessCode) {
      await insertWaiver(tx, projectId, adminId);
      await recordActivity(tx, { projectId, actorId: adminId, kind: "payment_recorded", details: { method: "access_code" } });
    } else {
      if (!change.method) throw badRequest(PAYMENT_METHOD_NEEDED, { paymentMethod: PAYMENT_METHOD_NEEDED });
      if (!change.confirmOpenCheckout && (await hasOpenCheckout(tx, projectId))) throw conflict(CHECKOUT_IN_FLIGHT);
      const current = await findProjectInvoice(tx, projectId);
      const invoice = current?.status === "void" ? null : current;
      // What the invoice charges, tax included (decision 085); without one, the package's price.
      const amountCents = invoice ? invoice.totalCents : centsOf(facts ? packageFor(facts.projectType).price : 0);
      await insertPayment(tx, {
        id: newId(),
        kind: "payment",
        projectId,
        invoiceId: invoice?.id ?? null,
        method: change.method,
        reference: change.reference?.trim() || null,
        amountCents,
        currency: CURRENCY,
        status: "succeeded",
        recordedBy: adminId,
      });
      await recordActivity(tx, { projectId, actorId: adminId, kind: "payment_recorded", details: { method: change.method } });
    }
  }
  if (change.refundIssued === true) {
    const standing = await listStandingPayments(tx, projectId);
    if (standing.length === 0 && !(await hasRefund(tx, projectId))) throw conflict(NOTHING_TO_REFUND);
    for (const payment of standing) {
      if (payment.method === "access_code") throw conflict(ACCESS_CODE_NO_REFUND);
      const id = newId();
      const card = payment.method === "card" && payment.providerPaymentIntentId;
      await insertPayment(tx, {
        id,
        kind: "refund",
        projectId,
        invoiceId: payment.invoiceId,
        paymentId: payment.id,
        method: payment.method,
        amountCents: payment.amountCents,
        currency: payment.currency,
        // A card refund is issued when Stripe confirms it; a manual one when the admin says so.
        status: card ? "pending" : "succeeded",
        providerPaymentIntentId: payment.providerPaymentIntentId,
        recordedBy: adminId,
      });
      if (card) {
        // Asked of Stripe by its own job, after this transaction commits (decision 084).
        await queueRefund(tx, jobs, id);
        pending.push({ refundRecordId: id, paymentId: payment.id, paymentIntentId: card });
      }
      // A card refund enters the timeline when Stripe confirms it (confirmRefund).
      else await recordActivity(tx, { projectId, actorId: adminId, kind: "payment_refunded", details: { method: payment.method } });
    }
  }
  if (change.refundIssued === false && (await hasRefund(tx, projectId))) throw conflict(REFUND_IS_FINAL);
  if (change.receivedPayment === false) {
    for (const payment of await listStandingPayments(tx, projectId)) {
      if (payment.method === "card") throw conflict(CARD_PAYMENT_STANDS);
      await insertPayment(tx, {
        id: newId(),
        kind: "reversal",
        projectId,
        invoiceId: payment.invoiceId,
        paymentId: payment.id,
        method: payment.method,
        amountCents: payment.amountCents,
        currency: payment.currency,
        status: "succeeded",
        recordedBy: adminId,
      });
    }
  }
  await syncPaymentFlags(tx, projectId);
  return pending;
}

/** A waived payment: a record of nothing received, with the source "access code". */
async function insertWaiver(tx: Db, projectId: string, recordedBy: string | null): Promise<void> {
  await insertPayment(tx, {
    id: newId(),
    kind: "payment",
    projectId,
    method: "access_code",
    amountCents: 0,
    currency: CURRENCY,
    status: "succeeded",
    recordedBy,
  });
}

/**
 * An access code accepted for a project: its payment is waived, recorded as paid with the source
 * "access code", and an invoice still open for it is voided (nothing is owed any more).
 */
export async function recordAccessCodePayment(tx: Db, projectId: string, by: string | null): Promise<void> {
  if ((await listStandingPayments(tx, projectId)).length === 0) await insertWaiver(tx, projectId, null);
  await voidOpenInvoices(tx, projectId, voidReasons.waived, by);
  await syncPaymentFlags(tx, projectId);
}

// ---------------------------------------------------------------------------------------------
// Voiding an invoice (decision 077): open → void, with a reason the customer reads

export const VOID_REASON_NEEDED = "Say why the invoice is void; the customer reads it on the invoice.";
export const INVOICE_NOT_FOUND = "Invoice not found.";
export const ALREADY_VOID = "This invoice is already void.";
export const PAID_NOT_VOIDED = "This invoice is paid: refund the payment instead of voiding the invoice.";
const MAX_VOID_REASON = 500;

/** An admin voids an open invoice: it can no longer be paid, leaves Outstanding and gets no reminder. */
export async function voidInvoiceAsAdmin(
  deps: Pick<AppDeps, "database" | "config" | "jobs">,
  invoiceId: string,
  reasonText: string,
  by: AuditBy,
): Promise<{ message: string }> {
  const reason = reasonText.trim();
  if (!reason) throw badRequest(VOID_REASON_NEEDED, { reason: VOID_REASON_NEEDED });
  if (reason.length > MAX_VOID_REASON) {
    const tooLong = `Keep the reason under ${MAX_VOID_REASON} characters.`;
    throw badRequest(tooLong, { reason: tooLong });
  }
  const number = await deps.database.db.transaction(async (tx) => {
    const voided = await voidInvoice(tx, invoiceId, reason, by.userId);
    if (!voided) throw notFound(INVOICE_NOT_FOUND);
    const { before, after } = voided;
    if (before.status === "void") throw conflict(ALREADY_VOID);
    if (before.status === "paid") throw conflict(PAID_NOT_VOIDED);
    const number = formatInvoiceNumber(after.number);
    await emitWebhookEvent(deps, tx, "invoice.voided", {
      invoiceId: after.id,
      invoiceNumber: number,
      projectId: after.projectId,
      projectName: after.projectName,
      reason,
    });
    await recordAudit(tx, by, {
      action: "invoice.void",
      target: { type: "invoice", id: after.id, label: `${number} · ${after.projectName}` },
      before: { status: before.status },
      after: { status: after.status, reason },
    });
    if (after.userId) {
      await notifyProjectEvent(
        tx,
        deps.jobs,
        after.userId,
        `Invoice ${number} for "${after.projectName}" was voided: nothing is owed on it.`,
        { invoiceId: after.id },
        { subject: `Invoice ${number} was voided`, link: `${deps.config.publicUrl}/invoices/${after.id}` },
      );
    }
    return number;
  });
  return { message: `Invoice ${number} is void.` };
}

/**
 * What deleting the project does to its money, for the delete confirmation (decision 077): a payment
 * is not refunded by deleting, an open invoice is voided. Null when there is no money to speak of.
 */
export async function moneyNoteForDeletion(deps: Pick<AppDeps, "database">, projectId: string, audience: "customer" | "admin"): Promise<string | null> {
  const db = deps.database.db;
  const paid = (await listStandingPayments(db, projectId)).filter((payment) => payment.amountCents > 0);
  const notes: string[] = [];
  const latest = paid[0];
  if (latest) {
    const total = formatCents(paid.reduce((sum, payment) => sum + payment.amountCents, 0));
    notes.push(
      audience === "customer"
        ? `This project was paid ${total} on ${formatDate(latest.createdAt)}. Deleting it does not refund the payment; write to us to ask for one. Your invoice and receipt stay under Billing.`
        : `This project was paid ${total} on ${formatDate(latest.createdAt)}. Deleting it does not refund the payment; the payment and invoice stay on the Payments page.`,
    );
  }
  const invoice = await findProjectInvoice(db, projectId);
  if (invoice?.status === "open") {
    notes.push(
      `Invoice ${formatInvoiceNumber(invoice.number)} (${formatPrice(invoice.totalCents / 100)}) is still open: deleting the project voids it, so nothing is owed on it any more.`,
    );
  }
  return notes.length > 0 ? notes.join(" ") : null;
}

/** Voids a denied project's open invoices inside the caller's transaction (the admin's status change), each an invoice.voided event. */
export async function voidInvoicesOfDeniedProject(deps: WebhookEmitter, tx: Db, projectId: string, by: string): Promise<void> {
  for (const invoiceId of await voidOpenInvoices(tx, projectId, voidReasons.denied, by)) {
    await emitWebhookEvent(deps, tx, "invoice.voided", { invoiceId, projectId, reason: voidReasons.denied });
  }
}
