// SQL for payments, refunds, reversals, Stripe events, reminders and deletions for non-payment.
// A project's received_payment and refund_issued, and its invoices' paid status, are derived from
// the payment records by syncPaymentFlags, which every writer here calls in the same transaction
// as its change. Invoices and payments outlive their project and account (decision 077): every read
// joins projects and users with left joins and falls back on the names copied onto the row.
import { type SQL, and, asc, desc, eq, gt, gte, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import {
  type Invoice,
  type NewPayment,
  type Payment,
  type PaymentIssue,
  type ProjectDeletion,
  checkoutSessions,
  invoiceReminders,
  invoices,
  paymentIssues,
  payments,
  projectDeletions,
  projects,
  stripeEvents,
  users,
} from "../../../db/schema";
import type { Db } from "../../lib/db";
import type { PaymentKind, PaymentMethod, ProjectStatus, ProjectType, ReminderKind } from "../../shared/enums";

type Names = Pick<NewPayment, "projectName" | "customerName" | "customerEmail">;
export type PaymentRecord = Omit<NewPayment, keyof Names>;

/** The names a record keeps after its project and account are gone: the undone payment's, else the project's, else the invoice's. */
async function namesFor(db: Db, row: PaymentRecord): Promise<Names> {
  const fallback = { projectName: "", customerName: "", customerEmail: "" };
  if (row.paymentId) {
    const [undone] = await db
      .select({ projectName: payments.projectName, customerName: payments.customerName, customerEmail: payments.customerEmail })
      .from(payments)
      .where(eq(payments.id, row.paymentId))
      .limit(1);
    if (undone) return undone;
  }
  if (row.projectId) {
    const [project] = await db
      .select({ projectName: projects.projectName, customerName: users.displayName, customerEmail: users.email })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.creatorId))
      .where(eq(projects.id, row.projectId))
      .limit(1);
    if (project) return project;
  }
  if (row.invoiceId) {
    const [invoice] = await db
      .select({ projectName: invoices.projectName, customerName: invoices.customerName, customerEmail: invoices.customerEmail })
      .from(invoices)
      .where(eq(invoices.id, row.invoiceId))
      .limit(1);
    if (invoice) return invoice;
  }
  return fallback;
}

/** Inserts the record with its names copied on; null when a unique key says it exists already (a card payment seen twice). */
export async function insertPayment(db: Db, row: PaymentRecord): Promise<Payment | null> {
  const [inserted] = await db
    .insert(payments)
    .values({ ...row, ...(await namesFor(db, row)) })
    .onConflictDoNothing()
    .returning();
  return inserted ?? null;
}

export async function updatePayment(
  db: Db,
  id: string,
  values: Partial<Pick<NewPayment, "status" | "providerRefundId" | "providerCheckoutSessionId" | "failureReason">>,
): Promise<void> {
  await db
    .update(payments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

/**
 * Derives the project's flags from its records: paid while a succeeded payment is not reversed
 * (a refunded payment was still received), refunded once a refund succeeded. Its invoices follow:
 * paid while a payment of theirs stands, open otherwise; a void invoice stays void.
 */
export async function syncPaymentFlags(db: Db, projectId: string): Promise<{ receivedPayment: boolean; refundIssued: boolean } | null> {
  await db
    .update(invoices)
    .set({
      status: sql`case when exists (
        select 1 from ${payments} p where p.invoice_id = ${invoices.id} and p.kind = 'payment' and p.status = 'succeeded' and p.applied
        and not exists (select 1 from ${payments} u where u.payment_id = p.id and u.kind = 'reversal' and u.status = 'succeeded')) then 'paid' else 'open' end`,
    })
    .where(and(eq(invoices.projectId, projectId), ne(invoices.status, "void")));
  const [row] = await db
    .update(projects)
    .set({
      receivedPayment: sql`exists (
        select 1 from ${payments} p where p.project_id = ${projects.id} and p.kind = 'payment' and p.status = 'succeeded' and p.applied
        and not exists (select 1 from ${payments} u where u.payment_id = p.id and u.kind = 'reversal' and u.status = 'succeeded'))`,
      refundIssued: sql`exists (select 1 from ${payments} r where r.project_id = ${projects.id} and r.kind = 'refund' and r.status = 'succeeded')`,
      updatedAt: sql`now()`,
    })
    .where(eq(projects.id, projectId))
    .returning({ receivedPayment: projects.receivedPayment, refundIssued: projects.refundIssued });
  return row ?? null;
}

/** The project's payments that still stand (succeeded, neither reversed nor refunded), newest first. */
export async function listStandingPayments(db: Db, projectId: string): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.projectId, projectId),
        eq(payments.kind, "payment"),
        eq(payments.status, "succeeded"),
        sql`not exists (select 1 from ${payments} u where u.payment_id = ${payments}.id and u.status <> 'failed')`,
      ),
    )
    .orderBy(desc(payments.createdAt));
}

export async function findPaymentByIntent(db: Db, paymentIntentId: string): Promise<Payment | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.kind, "payment"), eq(payments.providerPaymentIntentId, paymentIntentId)))
    .limit(1);
  return row ?? null;
}

/** The live refund of a payment (pending or succeeded), if any. */
export async function findRefundOf(db: Db, paymentId: string): Promise<Payment | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.paymentId, paymentId), eq(payments.kind, "refund"), sql`${payments.status} <> 'failed'`))
    .limit(1);
  return row ?? null;
}

/** Whether the project has a refund, confirmed or still pending at Stripe. */
export async function hasRefund(db: Db, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.projectId, projectId), eq(payments.kind, "refund"), inArray(payments.status, ["pending", "succeeded"])))
    .limit(1);
  return row !== undefined;
}

/** What a payment by hand needs to know of its project: the price's package and whether an access code waived it. */
export async function findPaymentFacts(db: Db, projectId: string): Promise<{ projectType: ProjectType; accessCode: string | null } | null> {
  const [row] = await db
    .select({ projectType: projects.projectType, accessCode: projects.accessCode })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return row ?? null;
}

/** True the first time an event id is seen; false for a replay or a duplicate delivery. */
export async function rememberStripeEvent(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return rows.length > 0;
}

export type PayableInvoice = {
  invoice: Invoice;
  /** Null once the project is deleted. */
  project: { id: string; projectName: string; creatorId: string; receivedPayment: boolean; refundIssued: boolean; invoiceId: string | null } | null;
  /** As copied onto the invoice when it was issued. */
  customer: { displayName: string; email: string };
};

const payableColumns = {
  invoice: invoices,
  project: {
    id: projects.id,
    projectName: projects.projectName,
    creatorId: projects.creatorId,
    receivedPayment: projects.receivedPayment,
    refundIssued: projects.refundIssued,
    invoiceId: projects.invoiceId,
  },
};

const withCustomer = (row: Omit<PayableInvoice, "customer"> | undefined): PayableInvoice | null =>
  row ? { ...row, customer: { displayName: row.invoice.customerName, email: row.invoice.customerEmail } } : null;

/** The invoice when the viewer may pay or see it (its customer or an admin). */
export async function findPayableInvoice(db: Db, id: string, viewer: { userId: string; isAdmin: boolean }): Promise<PayableInvoice | null> {
  const [row] = await db
    .select(payableColumns)
    .from(invoices)
    .leftJoin(projects, eq(projects.id, invoices.projectId))
    .where(viewer.isAdmin ? eq(invoices.id, id) : and(eq(invoices.id, id), eq(invoices.userId, viewer.userId)))
    .limit(1);
  return withCustomer(row);
}

export async function findInvoiceByNumber(db: Db, number: number): Promise<PayableInvoice | null> {
  const [row] = await db
    .select(payableColumns)
    .from(invoices)
    .leftJoin(projects, eq(projects.id, invoices.projectId))
    .where(eq(invoices.number, number))
    .limit(1);
  return withCustomer(row);
}

/** Voids the project's open invoices (the project was denied, deleted or its payment waived); answers their ids. */
export async function voidOpenInvoices(db: Db, projectId: string, reason: string, by: string | null): Promise<string[]> {
  const rows = await db
    .update(invoices)
    .set({ status: "void", voidReason: reason, voidedAt: sql`now()`, voidedBy: by })
    .where(and(eq(invoices.projectId, projectId), eq(invoices.status, "open")))
    .returning({ id: invoices.id });
  return rows.map((row) => row.id);
}

/** Voids one open invoice, locked first; answers it as it was, or null when there is no such invoice. */
export async function voidInvoice(db: Db, id: string, reason: string, by: string): Promise<{ before: Invoice; after: Invoice } | null> {
  const [before] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1).for("update");
  if (!before) return null;
  if (before.status !== "open") return { before, after: before };
  const [after] = await db
    .update(invoices)
    .set({ status: "void", voidReason: reason, voidedAt: sql`now()`, voidedBy: by })
    .where(eq(invoices.id, id))
    .returning();
  return { before, after: after ?? before };
}

/** The project's current invoice, if one was sent. */
export async function findProjectInvoice(db: Db, projectId: string): Promise<Invoice | null> {
  const [row] = await db
    .select({ invoice: invoices })
    .from(projects)
    .innerJoin(invoices, eq(invoices.id, projects.invoiceId))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row?.invoice ?? null;
}

/** Every record of an invoice, oldest first: its receipt. */
export async function listInvoiceRecords(db: Db, invoiceId: string): Promise<Payment[]> {
  return db.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(asc(payments.createdAt), asc(payments.id));
}

// ---------------------------------------------------------------------------------------------
// Billing lists

export type BillingRow = {
  invoiceId: string;
  number: number;
  amount: number;
  /** What the invoice charges, tax included (decision 085). */
  totalCents: number;
  dueAt: Date;
  createdAt: Date;
  status: Invoice["status"];
  /** Null once the project is deleted. */
  projectId: string | null;
  projectName: string;
  refunded: boolean;
};

const invoiceRefunded = sql<boolean>`exists (select 1 from ${payments} r where r.invoice_id = ${invoices}.id and r.kind = 'refund' and r.status = 'succeeded')`;

/** The columns of a BillingRow, as both invoice lists read them. */
const billingColumns = {
  invoiceId: invoices.id,
  number: invoices.number,
  amount: invoices.amount,
  totalCents: invoices.totalCents,
  dueAt: invoices.dueAt,
  createdAt: invoices.createdAt,
  status: invoices.status,
  projectId: invoices.projectId,
  projectName: invoices.projectName,
  refunded: invoiceRefunded,
};

/** Every invoice of a customer, void ones and those of deleted projects too, newest first. */
export async function listCustomerInvoices(db: Db, userId: string): Promise<BillingRow[]> {
  return listInvoicesWhere(db, eq(invoices.userId, userId));
}

/** One project's invoices, newest first (its Billing tab). */
export async function listProjectInvoices(db: Db, projectId: string): Promise<BillingRow[]> {
  return listInvoicesWhere(db, eq(invoices.projectId, projectId));
}

function listInvoicesWhere(db: Db, where: SQL): Promise<BillingRow[]> {
  return db.select(billingColumns).from(invoices).where(where).orderBy(desc(invoices.createdAt), desc(invoices.id));
}

export type AdminInvoiceRow = BillingRow & { customerName: string; customerEmail: string; voidReason: string | null };

/** The newest invoices of everyone, whatever their state or whether their project still exists. */
export async function listRecentInvoices(db: Db, limit: number): Promise<AdminInvoiceRow[]> {
  return db
    .select({
      ...billingColumns,
      customerName: invoices.customerName,
      customerEmail: invoices.customerEmail,
      voidReason: invoices.voidReason,
    })
    .from(invoices)
    .orderBy(desc(invoices.number))
    .limit(limit);
}

export type PaymentRecordRow = {
  id: string;
  kind: PaymentKind;
  method: PaymentMethod;
  status: Payment["status"];
  amountCents: number;
  currency: string;
  createdAt: Date;
  /** Null once the project is deleted. */
  projectId: string | null;
  projectName: string;
  customerName: string;
  customerEmail: string;
  invoiceId: string | null;
  invoiceNumber: number | null;
  reference: string | null;
  recordedByName: string | null;
  failureReason: string | null;
  /** Open "needs attention" entries about this record. */
  openIssues: number;
};

export type PaymentFilter = { kind?: PaymentKind; method?: PaymentMethod; from?: Date; to?: Date; needsAttention?: boolean; projectId?: string };

const openIssuesOf = sql<number>`(select count(*)::int from ${paymentIssues} i where i.resolved_at is null
  and (i.payment_id = ${payments.id} or i.payment_id = ${payments.paymentId}))`;

const recordedBy = sql<string | null>`(select u.display_name from ${users} u where u.id = ${payments.recordedBy})`;

/** What the Payments list and the monthly statement both show of a record, its customer named as now or as copied when the account went. */
const recordColumns = {
  id: payments.id,
  kind: payments.kind,
  method: payments.method,
  status: payments.status,
  amountCents: payments.amountCents,
  currency: payments.currency,
  createdAt: payments.createdAt,
  customerName: sql<string>`coalesce(${users.displayName}, ${payments.customerName})`,
};

/** The admin Payments list: every record with its customer and project, newest first. */
export async function listPaymentRecords(db: Db, filter: PaymentFilter, limit: number): Promise<PaymentRecordRow[]> {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(payments.kind, filter.kind));
  // "Manual" is every payment recorded by hand, whichever method the admin named.
  if (filter.method === "manual") conditions.push(inArray(payments.method, ["manual", "bank_transfer", "cash", "other"]));
  else if (filter.method) conditions.push(eq(payments.method, filter.method));
  if (filter.from) conditions.push(gte(payments.createdAt, filter.from));
  if (filter.to) conditions.push(lt(payments.createdAt, filter.to));
  if (filter.needsAttention) conditions.push(sql`${openIssuesOf} > 0`);
  if (filter.projectId) conditions.push(eq(payments.projectId, filter.projectId));
  return db
    .select({
      ...recordColumns,
      projectId: payments.projectId,
      projectName: sql<string>`coalesce(${projects.projectName}, ${payments.projectName})`,
      customerEmail: sql<string>`coalesce(${users.email}, ${payments.customerEmail})`,
      invoiceId: payments.invoiceId,
      invoiceNumber: invoices.number,
      reference: payments.reference,
      recordedByName: recordedBy,
      failureReason: payments.failureReason,
      openIssues: openIssuesOf,
    })
    .from(payments)
    .leftJoin(projects, eq(projects.id, payments.projectId))
    .leftJoin(users, eq(users.id, projects.creatorId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

/** Money of one currency; totals never add two currencies. */
export type CurrencyTotals = { currency: string; paidCents: number; refundedCents: number };

/** The invoices' currency (USD) in the first four fields; money received in any other currency apart. */
export type PeriodTotals = {
  paidCents: number;
  refundedCents: number;
  outstandingCents: number;
  overdueCents: number;
  /** Every currency money came or went in, the invoices' own included. */
  byCurrency: CurrencyTotals[];
};

/**
 * Money in a period [from, to): card and manual payments received, refunds that succeeded, and
 * invoices issued in it still open (outstanding), of which past due (overdue) at `now`. Rows of
 * deleted projects count like any other; void invoices are owed by nobody.
 */
export async function periodTotals(db: Db, from: Date, to: Date, now: Date): Promise<PeriodTotals> {
  const money = await db
    .select({
      currency: payments.currency,
      paid: sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${payments.kind} = 'payment' and ${payments.status} = 'succeeded'
        and not exists (select 1 from ${payments} u where u.payment_id = ${payments}.id and u.kind = 'reversal' and u.status = 'succeeded')), 0)`,
      refunded: sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${payments.kind} = 'refund' and ${payments.status} = 'succeeded'), 0)`,
    })
    .from(payments)
    .where(and(gte(payments.createdAt, from), lt(payments.createdAt, to)))
    .groupBy(payments.currency)
    .orderBy(asc(payments.currency));
  const byCurrency = money.map((row) => ({ currency: row.currency, paidCents: Number(row.paid), refundedCents: Number(row.refunded) }));
  const usd = byCurrency.find((row) => row.currency === "usd");
  const [owed] = await db
    .select({
      // What is owed is the total with tax (decision 085), in cents.
      outstanding: sql<string>`coalesce(sum(${invoices.totalCents}), 0)`,
      overdue: sql<string>`coalesce(sum(${invoices.totalCents}) filter (where ${invoices.dueAt} < ${now.toISOString()}::timestamptz), 0)`,
    })
    .from(invoices)
    .where(and(gte(invoices.createdAt, from), lt(invoices.createdAt, to), eq(invoices.status, "open")));
  return {
    paidCents: usd?.paidCents ?? 0,
    refundedCents: usd?.refundedCents ?? 0,
    byCurrency,
    outstandingCents: Number(owed?.outstanding ?? 0),
    overdueCents: Number(owed?.overdue ?? 0),
  };
}

// ---------------------------------------------------------------------------------------------
// The 7-day rule

export type UnpaidInvoice = {
  invoiceId: string;
  number: number;
  amount: number;
  /** Tax included (decision 085). */
  totalCents: number;
  dueAt: Date;
  projectId: string;
  projectName: string;
  projectType: ProjectType;
  status: ProjectStatus;
  creatorId: string;
  customerName: string;
  customerEmail: string;
};

/** Open current invoices of unpaid projects due before `dueBefore`, oldest due first (a void or paid one gets no reminder). */
export async function listUnpaidInvoicesDueBefore(db: Db, dueBefore: Date): Promise<UnpaidInvoice[]> {
  return db
    .select({
      invoiceId: invoices.id,
      number: invoices.number,
      amount: invoices.amount,
      totalCents: invoices.totalCents,
      dueAt: invoices.dueAt,
      projectId: projects.id,
      projectName: projects.projectName,
      projectType: projects.projectType,
      status: projects.status,
      creatorId: projects.creatorId,
      customerName: users.displayName,
      customerEmail: users.email,
    })
    .from(invoices)
    .innerJoin(projects, and(eq(projects.id, invoices.projectId), eq(projects.invoiceId, invoices.id)))
    .innerJoin(users, eq(users.id, projects.creatorId))
    .where(and(eq(invoices.status, "open"), eq(projects.receivedPayment, false), isNull(projects.accessCode), lt(invoices.dueAt, dueBefore)))
    .orderBy(asc(invoices.dueAt));
}

/** Records that a reminder went out; false if this invoice already had this kind (another run sent it). */
export async function claimReminder(db: Db, invoiceId: string, kind: ReminderKind, at: Date): Promise<boolean> {
  const rows = await db
    .insert(invoiceReminders)
    .values({ invoiceId, kind, sentAt: at })
    .onConflictDoNothing()
    .returning({ invoiceId: invoiceReminders.invoiceId });
  return rows.length > 0;
}

export async function findReminder(db: Db, invoiceId: string, kind: ReminderKind): Promise<{ sentAt: Date } | null> {
  const [row] = await db
    .select({ sentAt: invoiceReminders.sentAt })
    .from(invoiceReminders)
    .where(and(eq(invoiceReminders.invoiceId, invoiceId), eq(invoiceReminders.kind, kind)))
    .limit(1);
  return row ?? null;
}

/** Re-reads, under the row lock, whether the project is still unpaid on this invoice and the invoice still open. */
export async function isStillUnpaid(db: Db, projectId: string, invoiceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(invoices, eq(invoices.id, projects.invoiceId))
    .where(and(eq(projects.id, projectId), eq(projects.invoiceId, invoiceId), eq(projects.receivedPayment, false), eq(invoices.status, "open")))
    .limit(1)
    .for("update", { of: projects });
  return row !== undefined;
}

export async function insertDeletion(db: Db, row: typeof projectDeletions.$inferInsert): Promise<boolean> {
  const rows = await db.insert(projectDeletions).values(row).onConflictDoNothing().returning({ id: projectDeletions.id });
  return rows.length > 0;
}

export async function listDeletions(db: Db, limit: number): Promise<ProjectDeletion[]> {
  return db.select().from(projectDeletions).orderBy(desc(projectDeletions.deletedAt)).limit(limit);
}

// ---------------------------------------------------------------------------------------------
// Needs attention, Checkout Sessions and reconciliation (decision 084)

export type NewIssue = Omit<typeof paymentIssues.$inferInsert, "createdAt" | "resolvedAt" | "resolvedBy" | "resolutionNote">;

/** Raises an entry once per key; false when the same cause was raised before (a replay, a second run). */
export async function insertIssue(db: Db, row: NewIssue): Promise<boolean> {
  const rows = await db.insert(paymentIssues).values(row).onConflictDoNothing().returning({ id: paymentIssues.id });
  return rows.length > 0;
}

export async function listIssues(db: Db, options: { open: boolean }, limit: number): Promise<PaymentIssue[]> {
  return db
    .select()
    .from(paymentIssues)
    .where(options.open ? isNull(paymentIssues.resolvedAt) : undefined)
    .orderBy(desc(paymentIssues.createdAt), desc(paymentIssues.id))
    .limit(limit);
}

export async function countOpenIssues(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(paymentIssues).where(isNull(paymentIssues.resolvedAt));
  return Number(row?.count ?? 0);
}

/** Resolves an open entry; answers the entry as it was, or null when there is none with that id. */
export async function resolveIssue(db: Db, id: string, by: string, note: string): Promise<PaymentIssue | null> {
  const [before] = await db.select().from(paymentIssues).where(eq(paymentIssues.id, id)).for("update").limit(1);
  if (!before) return null;
  if (before.resolvedAt === null) {
    await db.update(paymentIssues).set({ resolvedAt: sql`now()`, resolvedBy: by, resolutionNote: note }).where(eq(paymentIssues.id, id));
  }
  return before;
}

export async function findPaymentById(db: Db, id: string): Promise<Payment | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

/** The user ids of every admin, for a notification that concerns them all. */
export async function listAdminIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(sql`${users.isAdmin} or ${users.isSuperAdmin}`);
  return rows.map((row) => row.id);
}

export async function rememberCheckoutSession(db: Db, row: { id: string; invoiceId: string; expiresAt: Date }): Promise<void> {
  await db.insert(checkoutSessions).values(row).onConflictDoNothing();
}

export async function setCheckoutSessionStatus(db: Db, id: string, status: "complete" | "expired"): Promise<void> {
  await db.update(checkoutSessions).set({ status }).where(eq(checkoutSessions.id, id));
}

/** Whether a Checkout Session for one of the project's invoices is open now: a card payment may be in flight. */
export async function hasOpenCheckout(db: Db, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .innerJoin(invoices, eq(invoices.id, checkoutSessions.invoiceId))
    .where(and(eq(invoices.projectId, projectId), eq(checkoutSessions.status, "open"), gt(checkoutSessions.expiresAt, sql`now()`)))
    .limit(1);
  return row !== undefined;
}

/** Card payments and refunds recorded since `since`, for the reconciliation with Stripe's. */
export async function listCardRecordsSince(db: Db, since: Date): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.method, "card"), gte(payments.createdAt, since)));
}

/** Card refunds still pending with no answer from Stripe since before `before`: their job may have been lost. */
export async function listStalePendingRefunds(db: Db, before: Date): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.kind, "refund"), eq(payments.status, "pending"), isNull(payments.providerRefundId), lt(payments.updatedAt, before)));
}

export async function findPaymentByProviderRefund(db: Db, refundId: string): Promise<Payment | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.kind, "refund"), eq(payments.providerRefundId, refundId)))
    .limit(1);
  return row ?? null;
}

/**
 * A pending refund becomes succeeded; true only for the one caller that changed it, so the job's
 * answer and the webhook arriving together record the refund's effects once.
 */
export async function confirmPendingRefund(db: Db, id: string, providerRefundId: string | null): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: "succeeded", ...(providerRefundId ? { providerRefundId } : {}), updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, "pending")))
    .returning({ id: payments.id });
  return rows.length > 0;
}

export type StatementRow = {
  id: string;
  kind: PaymentKind;
  method: PaymentMethod;
  status: Payment["status"];
  amountCents: number;
  currency: string;
  createdAt: Date;
  customerName: string;
  invoiceNumber: number | null;
  /** A payment undone by a reversal (recorded by mistake): it does not count as paid. */
  reversed: boolean;
  /** For a payment: what of it was refunded (succeeded), in its currency. */
  refundedCents: number;
};

/** The payments and refunds recorded in [from, to), oldest first, for the monthly statement. */
export async function listStatementRows(db: Db, from: Date, to: Date): Promise<StatementRow[]> {
  return db
    .select({
      ...recordColumns,
      invoiceNumber: invoices.number,
      reversed: sql<boolean>`exists (select 1 from ${payments} u where u.payment_id = ${payments.id} and u.kind = 'reversal' and u.status = 'succeeded')`,
      refundedCents: sql<number>`(select coalesce(sum(r.amount_cents), 0)::int from ${payments} r where r.payment_id = ${payments.id} and r.kind = 'refund' and r.status = 'succeeded')`,
    })
    .from(payments)
    .leftJoin(projects, eq(projects.id, payments.projectId))
    .leftJoin(users, eq(users.id, projects.creatorId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(inArray(payments.kind, ["payment", "refund"]), gte(payments.createdAt, from), lt(payments.createdAt, to)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}
