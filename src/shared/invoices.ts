// An invoice's number, state and amounts as every page that lists invoices shows them (the invoice
// itself, the customer's billing list, the admin's payments, payments' reminder mails), and the lines
// of its receipt. Here rather than in the invoices feature, which calls payments.
import type { InvoiceStatus } from "./enums";
import { formatDollarAmount } from "./packages";

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

/**
 * Dollars for an invoice's lines. An invoice with a tax line shows every amount with its cents, so
 * the column adds up on paper; one without reads as invoices always have ("$250").
 */
export function formatInvoiceCents(cents: number, withCents: boolean): string {
  return `${cents < 0 ? "-" : ""}$${formatDollarAmount(Math.abs(cents) / 100, withCents || cents % 100 !== 0)}`;
}
