// Shared steps of the payments tests: an approved, invoiced project for a customer.
import { eq } from "drizzle-orm";
import { invoices, payments, projects } from "../../db/schema";
import type { TestServer } from "../helpers/server";
import { createProjectAs } from "../projects/fixtures";

export type Invoiced = { projectID: string; invoiceID: string; invoiceNumber: number };

export async function approve(server: TestServer, adminCookie: string, projectID: string, status = "in-progress"): Promise<void> {
  const response = await server.request("/api/admin/projects", {
    method: "PATCH",
    cookie: adminCookie,
    json: { projectIDs: [projectID], updatedFields: { status } },
  });
  if (response.status !== 200) throw new Error(`approve failed: ${response.status} ${await response.text()}`);
}

export function sendInvoice(server: TestServer, adminCookie: string, projectID: string, resend?: boolean): Promise<Response> {
  return server.request("/api/admin/projects/sendinvoice", {
    method: "PATCH",
    cookie: adminCookie,
    json: resend === undefined ? { projectID } : { projectID, resend },
  });
}

export async function invoicedProject(server: TestServer, customerCookie: string, adminCookie: string, name = "Orbit"): Promise<Invoiced> {
  const projectID = await createProjectAs(server, customerCookie, { projectName: name });
  await approve(server, adminCookie, projectID);
  const response = await sendInvoice(server, adminCookie, projectID);
  if (response.status !== 200) throw new Error(`invoice failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { invoiceID: string; invoiceNumber: number };
  return { projectID, ...body };
}

export async function projectRow(server: TestServer, id: string) {
  const [row] = await server.deps.database.db.select().from(projects).where(eq(projects.id, id));
  return row;
}

export async function paymentRows(server: TestServer, projectID: string) {
  return server.deps.database.db.select().from(payments).where(eq(payments.projectId, projectID));
}

export async function invoiceRow(server: TestServer, id: string) {
  const [row] = await server.deps.database.db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}
