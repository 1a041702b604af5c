// SQL for invoices. Reads filter by the invoice's customer unless the viewer is an admin. An
// invoice outlives its project and account (decision 077): reads join them with left joins and fall
// back on the names copied onto the invoice.
import { and, eq, sql } from "drizzle-orm";
import { type Invoice, invoices, projects, users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import type { ProjectType } from "../../shared/enums";

/**
 * Inserts the invoice with the next number. A sequence would leave a gap for every rolled-back
 * insert; max + 1 under a transaction-scoped lock does not (the lock is released with the caller's
 * transaction, so two admins issuing at once take numbers one after the other).
 */
export async function insertInvoice(db: Db, row: Omit<typeof invoices.$inferInsert, "number">): Promise<Invoice> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('invoices.number'))`);
  const [invoice] = await db
    .insert(invoices)
    .values({ ...row, number: sql`(select coalesce(max(${invoices.number}), 0) + 1 from ${invoices})` })
    .returning();
  if (!invoice) throw new Error("The invoice was not inserted");
  return invoice;
}

export async function findInvoice(db: Db, id: string): Promise<Invoice | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row ?? null;
}

export type InvoiceDetails = {
  invoice: Invoice;
  /** Null once the project is deleted: the invoice then reads from its own copied names. */
  project: {
    id: string;
    projectName: string;
    projectType: ProjectType;
    creatorName: string;
    projectDomainURL: string;
    receivedPayment: boolean;
    refundIssued: boolean;
    invoiceId: string | null;
  } | null;
  /** As copied onto the invoice when it was issued. */
  customer: { displayName: string; email: string };
  /** Whether a refund of a payment of this invoice succeeded. */
  refunded: boolean;
};

const refundedSql = sql<boolean>`exists (select 1 from payments r where r.invoice_id = ${invoices.id} and r.kind = 'refund' and r.status = 'succeeded')`;

export async function findVisibleInvoice(db: Db, id: string, viewer: { userId: string; isAdmin: boolean }): Promise<InvoiceDetails | null> {
  const [row] = await db
    .select({
      invoice: invoices,
      project: {
        id: projects.id,
        projectName: projects.projectName,
        projectType: projects.projectType,
        creatorName: projects.creatorName,
        projectDomainURL: projects.projectDomainURL,
        receivedPayment: projects.receivedPayment,
        refundIssued: projects.refundIssued,
        invoiceId: projects.invoiceId,
      },
      refunded: refundedSql,
    })
    .from(invoices)
    .leftJoin(projects, eq(projects.id, invoices.projectId))
    .where(viewer.isAdmin ? eq(invoices.id, id) : and(eq(invoices.id, id), eq(invoices.userId, viewer.userId)))
    .limit(1);
  if (!row) return null;
  return { ...row, customer: { displayName: row.invoice.customerName, email: row.invoice.customerEmail } };
}

export async function findCustomer(db: Db, userId: string): Promise<{ email: string; displayName: string } | null> {
  const [row] = await db.select({ email: users.email, displayName: users.displayName }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}
