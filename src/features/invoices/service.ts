// Invoices (SPEC.md §1, §4, §9): sent after a project is approved; the amount is the package's
// price, payment is due within 7 days. The customer gets a link to a printable invoice page.
import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { conflict, notFound } from "../../http/errors";
import { newId } from "../../lib/ids";
import { formatDate } from "../../shared/dates";
import { INVOICE_DUE_DAYS, formatPrice, packageFor } from "../../shared/packages";
import { enqueueMail } from "../mail/outbox";
import { notifyProjectEvent, projectMessages } from "../notifications/project-events";
import { lockProject, updateProjectRow } from "../projects/queries";
import { PROJECT_NOT_FOUND } from "../projects/service";
import type { SendInvoiceBody } from "./model";
import { type InvoiceDetails, findCustomer, findVisibleInvoice, insertInvoice } from "./queries";

export const INVOICE_ALREADY_SENT = "An invoice was already sent for this project.";
const DAY_MS = 24 * 60 * 60 * 1000;

export const formatInvoiceNumber = (number: number): string => `INV-${String(number).padStart(5, "0")}`;

export async function sendInvoice(
  deps: Pick<AppDeps, "database" | "config" | "jobs">,
  body: SendInvoiceBody,
): Promise<{ message: string; invoiceID: string; invoiceNumber: number }> {
  const invoice = await deps.database.db.transaction(async (tx) => {
    // The row lock makes two admins clicking Send at once create one invoice, not two.
    const project = await lockProject(tx, body.projectID);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    if (project.invoiceSent && body.resend !== true) throw conflict(INVOICE_ALREADY_SENT);
    const customer = await findCustomer(tx, project.creatorId);
    if (!customer) throw notFound(PROJECT_NOT_FOUND);
    const pkg = packageFor(project.projectType);
    const created = await insertInvoice(tx, {
      id: newId(),
      projectId: project.id,
      userId: project.creatorId,
      invoiceType: project.projectType,
      amount: pkg.price,
      dueAt: new Date(Date.now() + INVOICE_DUE_DAYS * DAY_MS),
    });
    await updateProjectRow(tx, project.id, { invoiceSent: true, invoiceType: project.projectType, invoiceId: created.id });
    const link = `${deps.config.publicUrl}/invoices/${created.id}`;
    await enqueueMail(deps.jobs, tx, {
      to: customer.email,
      subject: `Invoice ${formatInvoiceNumber(created.number)} for ${project.projectName}`,
      text: [
        `Hello ${customer.displayName},`,
        "",
        `Your project "${project.projectName}" has been approved. Here is your invoice for the ${pkg.title}: ${formatPrice(pkg.price)}.`,
        "",
        `View and print it here: ${link}`,
        "",
        `Payment is due by ${formatDate(created.dueAt)} (within ${INVOICE_DUE_DAYS} days), or the project is deleted.`,
      ].join("\n"),
    });
    await notifyProjectEvent(tx, deps.jobs, project.creatorId, projectMessages.invoice(project.projectName), null);
    return created;
  });
  return {
    message: body.resend ? "Invoice sent again." : "Invoice sent.",
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
