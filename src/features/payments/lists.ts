// The admin console's Payments page and the customer's /billing list: state from the query
// string, rows as the views show them, monthly totals, and the CSV export.
import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { csvLine } from "../../lib/csv";
import type { PaymentKind, PaymentMethod } from "../../shared/enums";
import { type InvoiceState, formatInvoiceNumber, invoiceState } from "../../shared/invoices";
import { money } from "./checks";
import {
  type BillingRow,
  type PaymentRecordRow,
  type PeriodTotals,
  countOpenIssues,
  listCustomerInvoices,
  listDeletions,
  listIssues,
  listPaymentRecords,
  listProjectInvoices,
  listRecentInvoices,
  listStatementRows,
  periodTotals,
} from "./queries";
import { formatCents, kindLabels, methodLabels } from "./service";

/** The admin list shows the latest records; the CSV exports up to this many. */
const PAGE_LIMIT = 200;
const CSV_LIMIT = 10_000;
/** Open "needs attention" entries listed on the page (the count covers them all). */
const ISSUE_LIMIT = 100;
/** The Payments page lists this many of the newest invoices, void ones and deleted projects' too. */
const INVOICE_LIMIT = 50;

export type PaymentListState = { kind?: PaymentKind; method?: PaymentMethod; period?: "this-month" | "last-month"; attention?: true };

export function readPaymentListState(params: URLSearchParams): PaymentListState {
  const kind = (["payment", "refund", "reversal"] as const).find((value) => value === params.get("kind"));
  const method = (["card", "manual", "access_code"] as const).find((value) => value === params.get("method"));
  const period = (["this-month", "last-month"] as const).find((value) => value === params.get("period"));
  return { kind, method, period, ...(["1", "true"].includes(params.get("attention") ?? "") ? { attention: true as const } : {}) };
}

/** The first instant of the month `offset` months from the one holding `now` (UTC, like every date shown). */
const monthStart = (now: Date, offset: number): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));

export type PaymentRow = {
  id: string;
  createdAt: Date;
  customerName: string;
  customerEmail: string;
  /** Null once the project is deleted; the row keeps its name. */
  projectId: string | null;
  projectName: string;
  invoiceId: string | null;
  invoice: string | null;
  method: string;
  reference: string | null;
  recordedBy: string | null;
  amount: string;
  state: string;
  stateColor: "green" | "yellow" | "blue" | "red" | "neutral";
  /** Stripe's reason for a refused refund. */
  failureReason: string | null;
  needsAttention: boolean;
};

function stateOf(row: PaymentRecordRow): { state: string; stateColor: PaymentRow["stateColor"] } {
  if (row.status === "failed") return { state: row.kind === "refund" ? "Refund failed" : "Failed", stateColor: "red" };
  if (row.kind === "refund") return row.status === "pending" ? { state: "Refund pending", stateColor: "yellow" } : { state: "Refunded", stateColor: "blue" };
  if (row.kind === "reversal") return { state: "Reversed", stateColor: "neutral" };
  return { state: "Received", stateColor: "green" };
}

function toRow(row: PaymentRecordRow): PaymentRow {
  return {
    id: row.id,
    createdAt: row.createdAt,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    projectId: row.projectId,
    projectName: row.projectName,
    invoiceId: row.invoiceId,
    invoice: row.invoiceNumber === null ? null : formatInvoiceNumber(row.invoiceNumber),
    method: row.kind === "payment" ? methodLabels[row.method] : `${kindLabels[row.kind]} · ${methodLabels[row.method]}`,
    reference: row.reference,
    recordedBy: row.recordedByName,
    amount:
      row.currency === "usd"
        ? formatCents(row.kind === "payment" ? row.amountCents : -row.amountCents)
        : money(row.kind === "payment" ? row.amountCents : -row.amountCents, row.currency),
    ...stateOf(row),
    failureReason: row.failureReason,
    needsAttention: row.openIssues > 0,
  };
}

function filterOf(state: PaymentListState, now: Date) {
  const range =
    state.period === "this-month"
      ? { from: monthStart(now, 0), to: monthStart(now, 1) }
      : state.period === "last-month"
        ? { from: monthStart(now, -1), to: monthStart(now, 0) }
        : {};
  return { kind: state.kind, method: state.method, needsAttention: state.attention, ...range };
}

export type PaymentTotals = { thisMonth: PeriodTotals; lastMonth: PeriodTotals };

export async function getPaymentsPage(deps: Pick<AppDeps, "database">, state: PaymentListState, now: Date) {
  const db = deps.database.db;
  const [records, thisMonth, lastMonth, deletions, recentInvoices, issues, openIssues] = await Promise.all([
    listPaymentRecords(db, filterOf(state, now), PAGE_LIMIT),
    periodTotals(db, monthStart(now, 0), monthStart(now, 1), now),
    periodTotals(db, monthStart(now, -1), monthStart(now, 0), now),
    listDeletions(db, 50),
    listRecentInvoices(db, INVOICE_LIMIT),
    listIssues(db, { open: true }, ISSUE_LIMIT),
    countOpenIssues(db),
  ]);
  return {
    rows: records.map(toRow),
    openIssues,
    issues: issues.map((issue) => ({ id: issue.id, createdAt: issue.createdAt, kind: issue.kind, message: issue.message, invoiceId: issue.invoiceId })),
    invoices: recentInvoices.map((row) => ({
      invoiceId: row.invoiceId,
      number: row.number,
      customer: row.customerName,
      customerEmail: row.customerEmail,
      projectName: row.projectName,
      projectDeleted: row.projectId === null,
      amount: row.amount,
      totalCents: row.totalCents,
      dueAt: row.dueAt,
      state: invoiceState(row, row.refunded, now),
      voidReason: row.voidReason,
    })),
    totals: { thisMonth, lastMonth },
    deletions: deletions.map((row) => ({
      id: row.id,
      deletedAt: row.deletedAt,
      projectName: row.projectName,
      customer: `${row.customerName} (${row.customerEmail})`,
      invoice: row.invoiceNumber === null ? "" : formatInvoiceNumber(row.invoiceNumber),
      reason: row.reason,
    })),
  };
}

export async function exportPaymentsCsv(deps: Pick<AppDeps, "database">, state: PaymentListState, now: Date): Promise<string> {
  const records = await listPaymentRecords(deps.database.db, filterOf(state, now), CSV_LIMIT);
  const header = ["Date", "Kind", "Customer", "E-mail", "Project", "Invoice", "Method", "Reference", "Amount", "Currency", "State", "Recorded by"];
  const lines = records.map((record) => {
    const row = toRow(record);
    const signed = record.kind === "payment" ? record.amountCents : -record.amountCents;
    return [
      record.createdAt.toISOString(),
      kindLabels[record.kind],
      record.customerName,
      record.customerEmail,
      record.projectId === null ? `${record.projectName} (project deleted)` : record.projectName,
      row.invoice ?? "",
      methodLabels[record.method],
      record.reference ?? "",
      signed / 100,
      record.currency.toUpperCase(),
      row.state,
      record.recordedByName ?? "",
    ];
  });
  return [header, ...lines].map(csvLine).join("");
}

/** A project's payments, refunds and reversals, newest first, with each refund's state (the Admin tab). */
export async function listProjectMoneyRows(deps: Pick<AppDeps, "database">, projectId: string): Promise<PaymentRow[]> {
  return (await listPaymentRecords(deps.database.db, { projectId }, PAGE_LIMIT)).map(toRow);
}

/** "2026-11" from the query string, else the month holding `now`; the first instant of it (UTC). */
export function statementMonth(value: string | null, now: Date): Date {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value ?? "");
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)) : monthStart(now, 0);
}

/**
 * The monthly statement: every payment and refund recorded in the month, one line each, then a
 * total per currency of what was paid (payments received and not reversed) and refunded (refunds
 * Stripe or the admin confirmed) — the same figures as the Payments page's Paid and Refunded for
 * that month. No line or total adds two currencies.
 */
export async function exportStatementCsv(deps: Pick<AppDeps, "database">, month: Date): Promise<string> {
  const to = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
  const rows = await listStatementRows(deps.database.db, month, to);
  const header = ["Invoice number", "Date", "Customer", "Amount", "Currency", "Method", "State", "Refunds"];
  const totals = new Map<string, { paid: number; refunded: number }>();
  const lines = rows.map((row) => {
    const total = totals.get(row.currency) ?? { paid: 0, refunded: 0 };
    totals.set(row.currency, total);
    let state: string;
    if (row.kind === "payment") {
      const counted = row.status === "succeeded" && !row.reversed;
      if (counted) total.paid += row.amountCents;
      state = row.reversed ? "Reversed" : row.status === "succeeded" ? "Received" : row.status === "failed" ? "Failed" : "Pending";
    } else {
      if (row.status === "succeeded") total.refunded += row.amountCents;
      state = row.status === "succeeded" ? "Refunded" : row.status === "pending" ? "Refund pending" : "Refund failed";
    }
    return [
      row.invoiceNumber === null ? "" : formatInvoiceNumber(row.invoiceNumber),
      row.createdAt.toISOString().slice(0, 10),
      row.customerName,
      (row.kind === "payment" ? row.amountCents : -row.amountCents) / 100,
      row.currency.toUpperCase(),
      row.kind === "payment" ? methodLabels[row.method] : `${kindLabels[row.kind]} · ${methodLabels[row.method]}`,
      state,
      row.kind === "payment" ? -row.refundedCents / 100 : "",
    ];
  });
  const footer = [...totals.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([currency, total]) => [
      ["", "", `Total paid ${currency.toUpperCase()}`, total.paid / 100, currency.toUpperCase(), "", "", ""],
      ["", "", `Total refunded ${currency.toUpperCase()}`, -total.refunded / 100, currency.toUpperCase(), "", "", ""],
    ]);
  return [header, ...lines, ...footer].map(csvLine).join("");
}

export type BillingItem = {
  invoiceId: string;
  number: number;
  /** Null once the project is deleted: the invoice and what was paid stay listed. */
  projectId: string | null;
  projectName: string;
  amount: number;
  /** Tax included (decision 085). */
  totalCents: number;
  dueAt: Date;
  state: InvoiceState;
};

/** The signed-in customer's invoices (an admin sees their own too: /billing is personal). */
export async function listBilling(deps: Pick<AppDeps, "database">, actor: Actor, now: Date): Promise<BillingItem[]> {
  return (await listCustomerInvoices(deps.database.db, actor.user.id)).map((row) => billingItem(row, now));
}

/** One project's invoices, as /billing lists them (the project's Billing tab; the caller may see the project). */
export async function listProjectBilling(deps: Pick<AppDeps, "database">, projectId: string, now: Date): Promise<BillingItem[]> {
  return (await listProjectInvoices(deps.database.db, projectId)).map((row) => billingItem(row, now));
}

const billingItem = (row: BillingRow, now: Date): BillingItem => ({
  invoiceId: row.invoiceId,
  number: row.number,
  projectId: row.projectId,
  projectName: row.projectName,
  amount: row.amount,
  totalCents: row.totalCents,
  dueAt: row.dueAt,
  state: invoiceState(row, row.refunded, now),
});
