// SQL for invoices. Reads filter by the project's creator unless the viewer is an admin.
import { and, eq } from "drizzle-orm";
import { type Invoice, invoices, projects, users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import type { ProjectType } from "../../shared/enums";

export async function insertInvoice(db: Db, row: Omit<typeof invoices.$inferInsert, "number">): Promise<Invoice> {
  const [invoice] = await db.insert(invoices).values(row).returning();
  if (!invoice) throw new Error("The invoice was not inserted");
  return invoice;
}

export async function findInvoice(db: Db, id: string): Promise<Invoice | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row ?? null;
}

export type InvoiceDetails = {
  invoice: Invoice;
  project: {
    id: string;
    projectName: string;
    projectType: ProjectType;
    creatorName: string;
    projectDomainURL: string;
    receivedPayment: boolean;
    refundIssued: boolean;
    invoiceId: string | null;
  };
  customer: { displayName: string; email: string };
};

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
      customer: { displayName: users.displayName, email: users.email },
    })
    .from(invoices)
    .innerJoin(projects, eq(projects.id, invoices.projectId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(viewer.isAdmin ? eq(invoices.id, id) : and(eq(invoices.id, id), eq(invoices.userId, viewer.userId)))
    .limit(1);
  return row ?? null;
}

export async function findCustomer(db: Db, userId: string): Promise<{ email: string; displayName: string } | null> {
  const [row] = await db.select({ email: users.email, displayName: users.displayName }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}
