// SQL for payments, refunds, reversals, Stripe events, reminders and deletions for non-payment.
// A project's received_payment and refund_issued are derived from the payment records by
// syncPaymentFlags, which every writer here calls in the same transaction as its change.
import { type SQL, and, asc, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import {
  type Invoice,
  type NewPayment,
  type Payment,
  type ProjectDeletion,
  invoiceReminders,
  invoices,
  payments,
  projectDeletions,
  projects,
  stripeEvents,
  users,
} from "../../../db/schema";
import type { Db } from "../../lib/db";
import type { PaymentKind, PaymentMethod, ProjectStatus, ProjectType, ReminderKind } from "../../shared/enums";

/** Inserts the record; null when a unique key says it exists already (a card payment seen twice). */
export async function insertPayment(db: Db, row: NewPayment): Promise<Payment | null> {
  const [inserted] = await db.insert(payments).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updatePayment(
  db: Db,
  id: string,
  values: Partial<Pick<NewPayment, "status" | "providerRefundId" | "providerCheckoutSessionId">>,
): Promise<void> {
  await db
    .update(payments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

/**
 * Derives the project's flags from its records: paid while a succeeded payment is not reversed
 * (a refunded payment was still received), refunded once a refund succeeded.
 */
export async function syncPaymentFlags(db: Db, projectId: string): Promise<{ receivedPayment: boolean; refundIssued: boolean } | null> {
  const [row] = await db
    .update(projects)
    .set({
      receivedPayment: sql`exists (
        select 1 from ${payments} p where p.project_id = ${projects.id} and p.kind = 'payment' and p.status = 'succeeded'
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
        sql`not exists (select 1 from ${payments} u where u.payment_id = ${payments.id} and u.status <> 'failed')`,
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

export async function findProjectType(db: Db, projectId: string): Promise<ProjectType | null> {
  const [row] = await db.select({ projectType: projects.projectType }).from(projects).where(eq(projects.id, projectId)).limit(1);
  return row?.projectType ?? null;
}

/** True the first time an event id is seen; false for a replay or a duplicate delivery. */
export async function rememberStripeEvent(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return rows.length > 0;
}

export type PayableInvoice = {
  invoice: Invoice;
  project: { id: string; projectName: string; creatorId: string; receivedPayment: boolean; refundIssued: boolean; invoiceId: string | null };
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
  customer: { displayName: users.displayName, email: users.email },
};

/** The invoice when the viewer may pay or see it (its customer or an admin). */
export async function findPayableInvoice(db: Db, id: string, viewer: { userId: string; isAdmin: boolean }): Promise<PayableInvoice | null> {
  const [row] = await db
    .select(payableColumns)
    .from(invoices)
    .innerJoin(projects, eq(projects.id, invoices.projectId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(viewer.isAdmin ? eq(invoices.id, id) : and(eq(invoices.id, id), eq(invoices.userId, viewer.userId)))
    .limit(1);
  return row ?? null;
}

export async function findInvoiceByNumber(db: Db, number: number): Promise<PayableInvoice | null> {
  const [row] = await db
    .select(payableColumns)
    .from(invoices)
    .innerJoin(projects, eq(projects.id, invoices.projectId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(eq(invoices.number, number))
    .limit(1);
  return row ?? null;
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
  dueAt: Date;
  createdAt: Date;
  projectId: string;
  projectName: string;
  receivedPayment: boolean;
  refundIssued: boolean;
};

/** Every current invoice of a customer (the one each project points at), newest first. */
export async function listCustomerInvoices(db: Db, userId: string): Promise<BillingRow[]> {
  return db
    .select({
      invoiceId: invoices.id,
      number: invoices.number,
      amount: invoices.amount,
      dueAt: invoices.dueAt,
      createdAt: invoices.createdAt,
      projectId: projects.id,
      projectName: projects.projectName,
      receivedPayment: projects.receivedPayment,
      refundIssued: projects.refundIssued,
    })
    .from(invoices)
    .innerJoin(projects, and(eq(projects.id, invoices.projectId), eq(projects.invoiceId, invoices.id)))
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
}

export type PaymentRecordRow = {
  id: string;
  kind: PaymentKind;
  method: PaymentMethod;
  status: Payment["status"];
  amountCents: number;
  currency: string;
  createdAt: Date;
  projectId: string;
  projectName: string;
  customerName: string;
  customerEmail: string;
  invoiceNumber: number | null;
  recordedByName: string | null;
};

export type PaymentFilter = { kind?: PaymentKind; method?: PaymentMethod; from?: Date; to?: Date };

const recordedBy = sql<string | null>`(select u.display_name from ${users} u where u.id = ${payments.recordedBy})`;

/** The admin Payments list: every record with its customer and project, newest first. */
export async function listPaymentRecords(db: Db, filter: PaymentFilter, limit: number): Promise<PaymentRecordRow[]> {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(payments.kind, filter.kind));
  if (filter.method) conditions.push(eq(payments.method, filter.method));
  if (filter.from) conditions.push(gte(payments.createdAt, filter.from));
  if (filter.to) conditions.push(lt(payments.createdAt, filter.to));
  return db
    .select({
      id: payments.id,
      kind: payments.kind,
      method: payments.method,
      status: payments.status,
      amountCents: payments.amountCents,
      currency: payments.currency,
      createdAt: payments.createdAt,
      projectId: projects.id,
      projectName: projects.projectName,
      customerName: users.displayName,
      customerEmail: users.email,
      invoiceNumber: invoices.number,
      recordedByName: recordedBy,
    })
    .from(payments)
    .innerJoin(projects, eq(projects.id, payments.projectId))
    .innerJoin(users, eq(users.id, projects.creatorId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

export type PeriodTotals = { paidCents: number; refundedCents: number; outstandingCents: number; overdueCents: number };

/**
 * Money in a period [from, to): card and manual payments received, refunds that succeeded, and
 * invoices issued in it still unpaid (outstanding), of which past due (overdue) at `now`.
 */
export async function periodTotals(db: Db, from: Date, to: Date, now: Date): Promise<PeriodTotals> {
  const [money] = await db
    .select({
      paid: sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${payments.kind} = 'payment' and ${payments.status} = 'succeeded'
        and not exists (select 1 from ${payments} u where u.payment_id = ${payments.id} and u.kind = 'reversal' and u.status = 'succeeded')), 0)`,
      refunded: sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${payments.kind} = 'refund' and ${payments.status} = 'succeeded'), 0)`,
    })
    .from(payments)
    .where(and(gte(payments.createdAt, from), lt(payments.createdAt, to)));
  const [owed] = await db
    .select({
      outstanding: sql<string>`coalesce(sum(${invoices.amount}), 0)`,
      overdue: sql<string>`coalesce(sum(${invoices.amount}) filter (where ${invoices.dueAt} < ${now.toISOString()}::timestamptz), 0)`,
    })
    .from(invoices)
    .innerJoin(projects, and(eq(projects.id, invoices.projectId), eq(projects.invoiceId, invoices.id)))
    .where(and(gte(invoices.createdAt, from), lt(invoices.createdAt, to), eq(projects.receivedPayment, false)));
  return {
    paidCents: Number(money?.paid ?? 0),
    refundedCents: Number(money?.refunded ?? 0),
    outstandingCents: Number(owed?.outstanding ?? 0) * 100,
    overdueCents: Number(owed?.overdue ?? 0) * 100,
  };
}

// ---------------------------------------------------------------------------------------------
// The 7-day rule

export type UnpaidInvoice = {
  invoiceId: string;
  number: number;
  amount: number;
  dueAt: Date;
  projectId: string;
  projectName: string;
  projectType: ProjectType;
  status: ProjectStatus;
  creatorId: string;
  customerName: string;
  customerEmail: string;
};

/** Current invoices of unpaid projects due before `dueBefore`, oldest due first. */
export async function listUnpaidInvoicesDueBefore(db: Db, dueBefore: Date): Promise<UnpaidInvoice[]> {
  return db
    .select({
      invoiceId: invoices.id,
      number: invoices.number,
      amount: invoices.amount,
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
    .where(and(eq(projects.receivedPayment, false), isNull(projects.accessCode), lt(invoices.dueAt, dueBefore)))
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

/** Re-reads, under the row lock, whether the project is still unpaid on this invoice. */
export async function isStillUnpaid(db: Db, projectId: string, invoiceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.invoiceId, invoiceId), eq(projects.receivedPayment, false)))
    .limit(1)
    .for("update");
  return row !== undefined;
}

export async function insertDeletion(db: Db, row: typeof projectDeletions.$inferInsert): Promise<boolean> {
  const rows = await db.insert(projectDeletions).values(row).onConflictDoNothing().returning({ id: projectDeletions.id });
  return rows.length > 0;
}

export async function listDeletions(db: Db, limit: number): Promise<ProjectDeletion[]> {
  return db.select().from(projectDeletions).orderBy(desc(projectDeletions.deletedAt)).limit(limit);
}
