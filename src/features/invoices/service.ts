// Invoices (SPEC.md §1, §4, §9): sent after a project is approved; the amount is the package's
// price, payment is due within 7 days. The customer gets a link to a printable invoice page.

import type { Project } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { conflict, notFound } from "../../http/errors";
import { newId } from "../../lib/ids";
import { formatInvoiceCents, formatInvoiceNumber } from "../../shared/invoices";
import { INVOICE_DUE_DAYS, packageFor } from "../../shared/packages";
import { recordActivity } from "../activity";
import { type AuditBy, recordAudit } from "../audit";
import { billingDetailsOf } from "../billing-details";
import { enqueueMail } from "../mail";
import { notifyProjectEvent, projectMessages } from "../notifications";
import { PROJECT_NOT_FOUND, lockProjectForUpdate, markProjectInvoiced } from "../projects";
import { emitWebhookEvent } from "../webhooks";
import { invoiceMail } from "./mails";
import type { SendInvoiceBody } from "./model";
import { invoiceMoney, invoiceTotals, studioOf } from "./money";
import { renderInvoicePdf } from "./pdf";
import { type InvoiceDetails, findCustomer, findInvoice, findVisibleInvoice, insertInvoice } from "./queries";

export const INVOICE_ALREADY_SENT = "An invoice was already sent for this project.";
export const INVOICE_PENDING = "This project is still Pending Approval: approve it (In Progress) before sending an invoice.";
export const INVOICE_DENIED = "This project was Denied: a denied project is not invoiced.";
export const INVOICE_ACCESS_CODE = 'This project was paid with an access code (source "access code"): there is nothing to invoice.';
export const INVOICE_PAID = "This project is already paid: the customer finds the invoice and the receipt under Billing.";
const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a project cannot be invoiced, or null when it can (SPEC.md §1: invoices follow approval). */
function refusal(project: Project): string | null {
  if (project.accessCode) return INVOICE_ACCESS_CODE;
  if (project.status === "pending-approval") return INVOICE_PENDING;
  if (project.status === "denied") return INVOICE_DENIED;
  if (project.receivedPayment) return INVOICE_PAID;
  return null;
}

export async function sendInvoice(
  deps: Pick<AppDeps, "database" | "config" | "jobs" | "payments">,
  body: SendInvoiceBody,
  by: AuditBy,
): Promise<{ message: string; invoiceID: string; invoiceNumber: number }> {
  const { invoice, resent } = await deps.database.db.transaction(async (tx) => {
    // The row lock makes two admins clicking Send at once create one invoice, not two.
    const project = await lockProjectForUpdate(tx, body.projectID);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    const refused = refusal(project);
    if (refused) throw conflict(refused);
    // Resending mails the same invoice (same number, same due date) again. A void invoice is never
    // sent again: the project gets a new one with the next number, and the void one stays.
    const current = project.invoiceId ? await findInvoice(tx, project.invoiceId) : null;
    const existing = current?.status === "void" ? null : current;
    if (existing && body.resend !== true) throw conflict(INVOICE_ALREADY_SENT);
    const customer = await findCustomer(tx, project.creatorId);
    if (!customer) throw notFound(PROJECT_NOT_FOUND);
    const pkg = packageFor(project.projectType);
    // Issued once, then never changed (decision 085): the customer's billing details, the studio's
    // and the tax as they are now are copied onto the row; a resend mails that same copy.
    const billing = existing ? null : await billingDetailsOf(tx, project.creatorId);
    const invoice =
      existing ??
      (await insertInvoice(tx, {
        id: newId(),
        projectId: project.id,
        userId: project.creatorId,
        invoiceType: project.projectType,
        amount: pkg.price,
        ...invoiceMoney(pkg.price, deps.config.taxRateBasisPoints),
        dueAt: new Date(Date.now() + INVOICE_DUE_DAYS * DAY_MS),
        projectName: project.projectName,
        customerName: customer.displayName,
        customerEmail: customer.email,
        billToName: billing?.name ?? null,
        billToCompany: billing?.company ?? null,
        billToAddress: billing?.address ?? null,
        billToTaxId: billing?.taxId ?? null,
        providerName: deps.config.providerName,
        providerAddress: deps.config.providerAddress,
        providerTaxId: deps.config.providerTaxId,
      }));
    if (!existing) await markProjectInvoiced(tx, project, invoice.id);
    const number = formatInvoiceNumber(invoice.number);
    const link = `${deps.config.publicUrl}/invoices/${invoice.id}`;
    const details: InvoiceDetails = {
      invoice,
      project: { ...project, receivedPayment: false },
      customer,
      refunded: false,
    };
    const pdf = await renderInvoicePdf(details, number, {
      studio: studioOf(invoice, deps.config),
      paymentInstructions: deps.config.providerPaymentInstructions,
      payUrl: deps.payments ? link : null,
    });
    await enqueueMail(
      deps.jobs,
      tx,
      await invoiceMail(deps, {
        to: customer.email,
        customerName: customer.displayName,
        projectName: project.projectName,
        packageTitle: pkg.title,
        number,
        link,
        dueAt: invoice.dueAt,
        totals: invoiceTotals(invoice),
        copy: existing !== null,
        cards: deps.payments !== null,
        pdf,
      }),
    );
    await notifyProjectEvent(tx, deps.jobs, project.creatorId, projectMessages.invoice(project.projectName), { invoiceId: invoice.id }, null);
    await recordActivity(tx, { projectId: project.id, actorId: by.userId, kind: "invoice_sent", details: { invoiceNumber: invoice.number } });
    await emitWebhookEvent(deps, tx, "invoice.sent", {
      invoiceId: invoice.id,
      invoiceNumber: number,
      projectId: project.id,
      projectName: project.projectName,
      customerId: project.creatorId,
      amount: formatInvoiceCents(invoice.totalCents, false),
      dueAt: invoice.dueAt.toISOString(),
      resent: existing !== null,
    });
    await recordAudit(tx, by, {
      action: "invoice.send",
      target: { type: "invoice", id: invoice.id, label: `${number} · ${project.projectName}` },
      after: {
        number,
        projectId: project.id,
        to: customer.email,
        amount: invoice.amount,
        totalCents: invoice.totalCents,
        taxCents: invoice.taxCents,
        dueAt: invoice.dueAt.toISOString(),
        resent: existing !== null,
      },
    });
    return { invoice, resent: existing !== null };
  });
  return {
    message: resent ? `Invoice ${formatInvoiceNumber(invoice.number)} sent again.` : `Invoice ${formatInvoiceNumber(invoice.number)} sent.`,
    invoiceID: invoice.id,
    invoiceNumber: invoice.number,
  };
}

/** The invoice for its customer or an admin; anyone else gets the same 404 as for a missing one. */
export async function getInvoiceForViewer(deps: Pick<AppDeps, "database">, actor: Actor, id: string): Promise<InvoiceDetails> {
  const found = await findVisibleInvoice(deps.database.db, id, { userId: actor.user.id, isAdmin: actor.isAdmin });
  if (!found) throw notFound("Page not found");
  return found;
}
