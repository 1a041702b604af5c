// Invoice rules and payments as records, without Stripe: invoices only after approval, never for
// access-code projects, the same number when resent, a PDF attached; manual payments, reversals and
// refunds recorded by admins; /billing and the admin Payments page with its CSV.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { invoices } from "../../db/schema";
import { csvCell } from "../../src/lib/csv";
import { type TestServer, startTestServer } from "../helpers/server";
import { type SmtpCapture, startSmtpCapture } from "../helpers/smtp";
import { createCode, createProjectAs, orderForm, postOrder, validDraft } from "../projects/fixtures";
import { approve, invoicedProject, paymentRows, projectRow, sendInvoice } from "./helpers";

let server: TestServer;
let smtp: SmtpCapture;
let customer: { cookie: string; user: { id: string; email: string } };
let admin: { cookie: string; user: { id: string } };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({ SMTP_URL: smtp.url, PROVIDER_PAYMENT_INSTRUCTIONS: "Wire to IBAN XX00 TEST, quoting the invoice number." });
  customer = await server.createUser({ displayName: "Grace Hopper", email: "grace-inv@example.com" });
  admin = await server.createAdmin();
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const patch = (updatedFields: Record<string, unknown>, projectID: string) =>
  server.request("/api/admin/projects", { method: "PATCH", cookie: admin.cookie, json: { projectIDs: [projectID], updatedFields } });
const message = async (response: Response) => ((await response.json()) as { message: string }).message;

describe("invoice rules", () => {
  test("Pending Approval and Denied projects are refused with 409 and a reason; nothing is created", async () => {
    const id = await createProjectAs(server, customer.cookie);
    const pending = await sendInvoice(server, admin.cookie, id);
    expect(pending.status).toBe(409);
    expect(await message(pending)).toBe("This project is still Pending Approval: approve it (In Progress) before sending an invoice.");
    await approve(server, admin.cookie, id, "denied");
    const denied = await sendInvoice(server, admin.cookie, id);
    expect(denied.status).toBe(409);
    expect(await message(denied)).toBe("This project was Denied: a denied project is not invoiced.");
    expect(await server.deps.database.db.select().from(invoices).where(eq(invoices.projectId, id))).toHaveLength(0);
    expect((await projectRow(server, id))?.invoiceSent).toBe(false);
  });

  test("an order with an access code is paid with the source access code and cannot be invoiced", async () => {
    const { code } = await createCode(server, admin.cookie);
    const ordered = await postOrder(server, orderForm(validDraft({ hasAccessCode: true, accessCode: code })), customer.cookie);
    expect(ordered.status).toBe(201);
    const { projectID } = (await ordered.json()) as { projectID: string };
    expect((await projectRow(server, projectID))?.receivedPayment).toBe(true);
    expect(await paymentRows(server, projectID)).toMatchObject([{ kind: "payment", method: "access_code", amountCents: 0, status: "succeeded" }]);
    await approve(server, admin.cookie, projectID);
    const refused = await sendInvoice(server, admin.cookie, projectID);
    expect(refused.status).toBe(409);
    expect(await message(refused)).toBe('This project was paid with an access code (source "access code"): there is nothing to invoice.');
  });

  test("an access code submitted by an admin marks the project paid too", async () => {
    const id = await createProjectAs(server, customer.cookie);
    const { code } = await createCode(server, admin.cookie);
    expect((await patch({ accessCode: code }, id)).status).toBe(200);
    expect((await projectRow(server, id))?.receivedPayment).toBe(true);
    expect((await paymentRows(server, id)).map((row) => row.method)).toEqual(["access_code"]);
  });

  test("the invoice mail says the project was approved, links the invoice, and carries the PDF; a resend keeps the number", async () => {
    const { projectID, invoiceID, invoiceNumber } = await invoicedProject(server, customer.cookie, admin.cookie, "Printable");
    const number = `INV-${String(invoiceNumber).padStart(5, "0")}`;
    const mail = await smtp.waitForMail((m) => m.subject === `Invoice ${number} for Printable`);
    expect(mail.text).toContain('Your project "Printable" has been approved.');
    expect(mail.text).toContain(`/invoices/${invoiceID}`);
    expect(mail.text).toContain("Wire to IBAN XX00 TEST");
    expect(mail.text).not.toContain("Pay by card");
    expect(mail.raw).toContain(`filename=${number}.pdf`);
    expect(mail.raw).toContain("application/pdf");

    const again = await sendInvoice(server, admin.cookie, projectID);
    expect(again.status).toBe(409);
    const resent = await sendInvoice(server, admin.cookie, projectID, true);
    expect(resent.status).toBe(200);
    const body = (await resent.json()) as { invoiceID: string; invoiceNumber: number; message: string };
    expect(body).toEqual({ invoiceID, invoiceNumber, message: `Invoice ${number} sent again.` });
    const copy = await smtp.waitForMail((m) => m.subject === `Invoice ${number} for Printable (copy)`);
    expect(copy.text).not.toContain("has been approved");
    expect(copy.text).toContain("It is the same invoice as before");
    expect(await server.deps.database.db.select().from(invoices).where(eq(invoices.projectId, projectID))).toHaveLength(1);

    // Without card payments the invoice page shows the instructions and no Pay button; the PDF downloads.
    const page = await (await server.request(`/invoices/${invoiceID}`, { cookie: customer.cookie })).text();
    expect(page).not.toContain("Pay by card");
    expect(page).toContain("Wire to IBAN XX00 TEST");
    const pdf = await server.request(`/invoices/${invoiceID}/pdf`, { cookie: customer.cookie });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    // The Status tab links to the invoice.
    const status = await (await server.request(`/projects/${projectID}/status`, { cookie: customer.cookie })).text();
    expect(status).toContain(`href="/invoices/${invoiceID}"`);
    expect(status).toContain(number);
  });

  test("a paid project is not invoiced again", async () => {
    const id = await createProjectAs(server, customer.cookie);
    await approve(server, admin.cookie, id);
    expect((await patch({ receivedPayment: true, paymentMethod: "bank_transfer" }, id)).status).toBe(200);
    const refused = await sendInvoice(server, admin.cookie, id);
    expect(refused.status).toBe(409);
    expect(await message(refused)).toContain("already paid");
  });
});

describe("payments as records", () => {
  test("mark paid records a manual payment by the admin; un-marking records a reversal; nothing is lost", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Manual");
    expect((await patch({ receivedPayment: true, paymentMethod: "bank_transfer" }, projectID)).status).toBe(200);
    expect((await projectRow(server, projectID))?.receivedPayment).toBe(true);
    // Marking again records nothing more.
    expect((await patch({ receivedPayment: true }, projectID)).status).toBe(200);
    expect((await patch({ receivedPayment: false }, projectID)).status).toBe(200);
    expect((await projectRow(server, projectID))?.receivedPayment).toBe(false);
    const rows = (await paymentRows(server, projectID)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(rows.map((row) => [row.kind, row.method, row.amountCents, row.recordedBy, row.invoiceId])).toEqual([
      ["payment", "bank_transfer", 25_000, admin.user.id, invoiceID],
      ["reversal", "bank_transfer", 25_000, admin.user.id, invoiceID],
    ]);
    expect(rows[1]?.paymentId).toBe(rows[0]?.id ?? "");
  });

  test("a manual refund needs a payment and is recorded at once", async () => {
    const id = await createProjectAs(server, customer.cookie);
    const none = await patch({ refundIssued: true }, id);
    expect(none.status).toBe(409);
    expect(await message(none)).toBe("There is no payment to refund for this project.");
    expect((await patch({ receivedPayment: true, paymentMethod: "bank_transfer" }, id)).status).toBe(200);
    expect((await patch({ refundIssued: true }, id)).status).toBe(200);
    expect(await projectRow(server, id)).toMatchObject({ receivedPayment: true, refundIssued: true });
    expect((await paymentRows(server, id)).map((row) => `${row.kind}:${row.status}`).sort()).toEqual(["payment:succeeded", "refund:succeeded"]);
  });

  test("/billing lists the customer's invoices with state; the admin Payments page totals and exports them", async () => {
    const other = await server.createUser({ displayName: "Someone Else" });
    const mine = await invoicedProject(server, customer.cookie, admin.cookie, '=HYPERLINK("http://evil")');
    await invoicedProject(server, other.cookie, admin.cookie, "Not Yours");
    expect((await patch({ receivedPayment: true, paymentMethod: "bank_transfer" }, mine.projectID)).status).toBe(200);
    const billing = await (await server.request("/billing", { cookie: customer.cookie })).text();
    expect(billing).toContain("Your invoices");
    expect(billing).toContain(`/invoices/${mine.invoiceID}`);
    expect(billing).not.toContain("Not Yours");
    expect((await server.request("/billing")).status).toBe(303);

    expect((await server.request("/admin/payments", { cookie: customer.cookie })).status).toBe(303);
    const adminPage = await (await server.request("/admin/payments", { cookie: admin.cookie })).text();
    for (const label of ["Paid", "Outstanding", "Overdue", "Refunded", "Export CSV", "Deleted for non-payment"]) expect(adminPage).toContain(label);
    const csv = await server.request("/admin/payments.csv?method=manual", { cookie: admin.cookie });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toStartWith('"Date","Kind","Customer"');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).not.toContain("Access code");
    expect((await server.request("/admin/payments.csv", { cookie: customer.cookie })).status).toBe(303);
  });

  test("CSV cells neutralise formulas", () => {
    expect(csvCell("=1+1")).toBe(`"'=1+1"`);
    expect(csvCell("+1")).toBe(`"'+1"`);
    expect(csvCell("-2")).toBe(`"'-2"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell('say "hi"')).toBe(`"say ""hi"""`);
    expect(csvCell(12.5)).toBe(`"12.5"`);
    // Numbers are numbers (a refund is negative), dates ISO, missing values empty.
    expect(csvCell(-12.5)).toBe(`"-12.5"`);
    expect(csvCell(new Date("2026-11-23T10:00:00Z"))).toBe(`"2026-11-23T10:00:00.000Z"`);
    expect(csvCell(null)).toBe(`""`);
    expect(csvCell("\tcmd")).toBe(`"'\tcmd"`);
  });
});
