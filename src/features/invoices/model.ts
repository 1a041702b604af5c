// Request and response bodies of the invoice call (SPEC.md §7 PATCH /admin/projects/sendinvoice),
// and the invoice's number and state as every feature that lists invoices shows them.
import { t } from "elysia";
import type { InvoiceStatus } from "../../shared/enums";
import { Id } from "../projects/model";

export const SendInvoiceBody = t.Object(
  {
    projectID: Id,
    /** Without it, a project that already has an invoice is refused (409) and nothing is created. */
    resend: t.Optional(t.Boolean()),
  },
  { additionalProperties: false },
);
export type SendInvoiceBody = typeof SendInvoiceBody.static;

export const SentInvoice = t.Object({ message: t.String(), invoiceID: t.String(), invoiceNumber: t.Integer() });

export const InvoiceIdParams = t.Object({ id: Id });

export const VoidInvoiceBody = t.Object(
  { reason: t.String({ maxLength: 2000, error: "reason must be a text saying why the invoice is void." }) },
  { additionalProperties: false },
);

export const VoidedInvoice = t.Object({ message: t.String() });

export const formatInvoiceNumber = (number: number): string => `INV-${String(number).padStart(5, "0")}`;

export type InvoiceState = "awaiting" | "overdue" | "paid" | "refunded" | "void";

export const invoiceStateLabels: Record<InvoiceState, { label: string; badge: "badge-yellow" | "badge-red" | "badge-green" | "badge-blue" | "badge-neutral" }> =
  {
    awaiting: { label: "Awaiting payment", badge: "badge-yellow" },
    overdue: { label: "Overdue", badge: "badge-red" },
    paid: { label: "Paid", badge: "badge-green" },
    refunded: { label: "Refunded", badge: "badge-blue" },
    void: { label: "Void", badge: "badge-neutral" },
  };

/** Void and paid come from the invoice's status (paid follows its payment records), refunded from its refunds, overdue from the clock. */
export function invoiceState(invoice: { status: InvoiceStatus; dueAt: Date }, refunded: boolean, now: Date): InvoiceState {
  if (invoice.status === "void") return "void";
  if (invoice.status === "paid") return refunded ? "refunded" : "paid";
  return invoice.dueAt.getTime() < now.getTime() ? "overdue" : "awaiting";
}

/** One line of the receipt: a payment, refund or reversal recorded for this invoice. */
export type ReceiptLine = { id: string; date: Date; description: string; amount: string };
