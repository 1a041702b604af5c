// Money nobody can lose (decision 077): invoices and payments outlive their project and account, keep
// gapless numbers, and a void invoice cannot be paid; manual entries say what they mean. Asserted
// through what admins and customers see (pages, CSV, API answers) and the rows behind them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { auditLog, invoices, payments } from "../../db/schema";
import { deletionDate, sendInvoiceReminders } from "../../src/features/payments/reminders";
import { queuedMails } from "../helpers/mail-jobs";
import { type TestServer, startTestServer } from "../helpers/server";
import { type FakeStripe, startFakeStripe } from "../helpers/stripe";
import { createCode, createProjectAs, orderForm, postOrder, validDraft } from "../projects/fixtures";
import { approve, invoiceRow, invoicedProject, paymentRows, projectRow, sendInvoice } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
const webhookSecret = "whsec_ledger_test";
let server: TestServer;
let stripe: FakeStripe;
let customer: { cookie: string; user: { id: string; email: string } };
let admin: { cookie: string; user: { id: string; displayName: string } };

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret });
  server = await startTestServer({
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripe.url,
    OVERDUE_GRACE_DAYS: "3",
  });
  stripe.setWebhookUrl(`${server.url}/api/payments/stripe/webhook`);
  customer = await server.createUser({ displayName: "Ledger Lee", email: "lee-ledger@example.com" });
  admin = await server.createAdmin();
});
afterAll(async () => {
  await server.stop();
  await stripe.stop();
});

const html = async (path: string, cookie: string) => (await server.request(path, { cookie })).text();
const message = async (response: Response) => ((await response.json()) as { message: string }).message;
const patch = (updatedFields: Record<string, unknown>, projectID: string, cookie = admin.cookie) =>
  server.request("/api/admin/projects", { method: "PATCH", cookie, json: { projectIDs: [projectID], updatedFields } });
const numberOf = (n: number) => `INV-${String(n).padStart(5, "0")}`;

/** Presses Pay as a browser does and completes the Checkout at the fake Stripe. */
async function payByCard(invoiceID: string): Promise<void> {
  const response = await server.request(`/invoices/${invoiceID}/pay`, { method: "POST", cookie: customer.cookie, headers: { origin: server.url } });
  expect(response.status).toBe(303);
  const location = response.headers.get("location") ?? "";
  await stripe.completeSession(location.slice(`${stripe.url}/pay/`.length));
}

/** The admin Payments page's metric cards, as the admin reads them. */
async function metrics(): Promise<Record<string, string>> {
  const page = await html("/admin/payments", admin.cookie);
  const cards = [...page.matchAll(/<dt>([A-Za-z]+)<\/dt><dd><span class="metric-count">([^<]+)<\/span>/g)];
  return Object.fromEntries(cards.map((match) => [match[1], match[2]]));
}

describe("deleting keeps the money", () => {
  test("a payment the admin un-marked is not named in the delete confirmation as money the project holds", async () => {
    const { projectID } = await invoicedProject(server, customer.cookie, admin.cookie, "Marked Then Unmarked");
    expect((await patch({ receivedPayment: true, paymentMethod: "bank_transfer" }, projectID)).status).toBe(200);
    // The confirmation opens from the foot of the Overview (decision 090).
    expect(await html(`/projects/${projectID}`, customer.cookie)).toContain("This project was paid $250 on");
    expect((await patch({ receivedPayment: false }, projectID)).status).toBe(200);
    expect(await html(`/projects/${projectID}`, customer.cookie)).not.toContain("This project was paid");
  });

  test("a customer deletes a paid project: totals unchanged, the admin still opens the invoice, /billing still lists it", async () => {
    const { projectID, invoiceID, invoiceNumber } = await invoicedProject(server, customer.cookie, admin.cookie, "Paid Then Gone");
    await payByCard(invoiceID);
    expect((await projectRow(server, projectID))?.receivedPayment).toBe(true);
    // The delete confirmation (at the foot of the Overview) says what happens to the money.
    const overview = await html(`/projects/${projectID}`, customer.cookie);
    expect(overview).toContain("This project was paid $250 on");
    expect(overview).toContain("Deleting it does not refund the payment; write to us to ask for one.");
    const before = await metrics();

    const deleted = await server.request(`/api/projects/${projectID}`, { method: "DELETE", cookie: customer.cookie });
    expect(deleted.status).toBe(200);
    expect(await projectRow(server, projectID)).toBeUndefined();

    // Every row stays, with the names as they were.
    const invoice = await invoiceRow(server, invoiceID);
    expect(invoice).toMatchObject({ projectId: null, status: "paid", projectName: "Paid Then Gone", customerEmail: "lee-ledger@example.com" });
    const records = await server.deps.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceID));
    expect(records.map((row) => [row.kind, row.method, row.amountCents, row.projectId, row.projectName])).toEqual([
      ["payment", "card", 25_000, null, "Paid Then Gone"],
    ]);
    expect(await metrics()).toEqual(before);

    // The admin opens it, marked as the invoice of a deleted project; it is paid, not due.
    const adminView = await html(`/invoices/${invoiceID}`, admin.cookie);
    expect(adminView).toContain("Project deleted");
    expect(adminView).toContain(numberOf(invoiceNumber));
    expect(adminView).toContain(">Paid</span>");
    expect(adminView).not.toContain("Total due");
    expect(adminView).not.toContain("or the project is deleted");
    expect((await server.request(`/invoices/${invoiceID}/pdf`, { cookie: admin.cookie })).status).toBe(200);
    // The Payments page and its CSV keep it.
    const paymentsPage = await html("/admin/payments", admin.cookie);
    expect(paymentsPage).toContain("Paid Then Gone");
    expect(paymentsPage).toContain("Project deleted");
    expect(paymentsPage).toContain(`href="/invoices/${invoiceID}"`);
    const csv = await html("/admin/payments.csv", admin.cookie);
    expect(csv).toContain('"Paid Then Gone (project deleted)"');
    // The customer's /billing still shows what they paid, and its receipt.
    const billing = await html("/billing", customer.cookie);
    expect(billing).toContain(numberOf(invoiceNumber));
    expect(billing).toContain("Paid Then Gone");
    expect(billing).toContain("Receipt");
    const receipt = await html(`/invoices/${invoiceID}`, customer.cookie);
    expect(receipt).toContain("Payment, card");
    // Nobody else sees it.
    const stranger = await server.createUser({ displayName: "Stranger" });
    expect((await server.request(`/invoices/${invoiceID}`, { cookie: stranger.cookie })).status).toBe(404);
  });

  test("an admin deletes a project with a refunded payment: the payment and the refund stay counted", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Refunded Then Gone");
    expect((await patch({ receivedPayment: true, paymentMethod: "bank_transfer", paymentReference: "BT-1" }, projectID)).status).toBe(200);
    expect((await patch({ refundIssued: true }, projectID)).status).toBe(200);
    // A fully refunded project reads Refunded, not Paid, in the lists.
    const page = await html("/dashboard", customer.cookie);
    const list = page.slice(page.indexOf("<main"));
    const row = list.slice(list.indexOf("Refunded Then Gone"));
    expect(row.slice(0, row.indexOf("</tr>"))).toContain(">Refunded</span>");
    const before = await metrics();

    const removed = await server.request(`/api/admin/projects?projectIDs=${projectID}`, { method: "DELETE", cookie: admin.cookie });
    expect(removed.status).toBe(200);
    const records = await server.deps.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceID));
    expect(records.map((r) => `${r.kind}:${r.status}:${r.method}`).sort()).toEqual(["payment:succeeded:bank_transfer", "refund:succeeded:bank_transfer"]);
    expect(await metrics()).toEqual(before);
    const csv = await html("/admin/payments.csv?kind=refund", admin.cookie);
    expect(csv).toContain("Refunded Then Gone (project deleted)");
  });

  test("deleting an account keeps its invoices and payments, with the customer's name and e-mail", async () => {
    const leaving = await server.createUser({ displayName: "Leaving Lou", email: "lou-leaves@example.com" });
    const { invoiceID, projectID } = await invoicedProject(server, leaving.cookie, admin.cookie, "Lou's Shop");
    expect((await patch({ receivedPayment: true, paymentMethod: "cash" }, projectID)).status).toBe(200);
    const open = await invoicedProject(server, leaving.cookie, admin.cookie, "Lou's Unpaid Shop");

    const gone = await server.request("/api/users/me", { method: "DELETE", cookie: leaving.cookie, json: { currentPassword: leaving.password } });
    expect(gone.status).toBe(200);
    expect(await invoiceRow(server, invoiceID)).toMatchObject({ userId: null, projectId: null, status: "paid", customerName: "Leaving Lou" });
    // The unpaid invoice of the deleted project is void: nothing is owed by nobody.
    expect(await invoiceRow(server, open.invoiceID)).toMatchObject({ status: "void", voidReason: "The project was deleted." });
    const [payment] = await server.deps.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceID));
    expect(payment).toMatchObject({ method: "cash", customerName: "Leaving Lou", customerEmail: "lou-leaves@example.com", projectId: null });
    const view = await html(`/invoices/${invoiceID}`, admin.cookie);
    expect(view).toContain("Leaving Lou");
    expect(view).toContain("lou-leaves@example.com");
    const paymentsPage = await html("/admin/payments", admin.cookie);
    expect(paymentsPage).toContain("lou-leaves@example.com");
    // The void invoice has no payment, but the admin still reaches it from the Invoices list.
    expect(paymentsPage).toContain(`href="/invoices/${open.invoiceID}"`);
    const voidView = await html(`/invoices/${open.invoiceID}`, admin.cookie);
    expect(voidView).toContain("Project deleted");
    expect(voidView).toContain("The project was deleted.");
  });

  test("invoice numbers stay a gapless sequence whatever is deleted", async () => {
    const doomed = await invoicedProject(server, customer.cookie, admin.cookie, "Numbered Then Gone");
    expect((await server.request(`/api/projects/${doomed.projectID}`, { method: "DELETE", cookie: customer.cookie })).status).toBe(200);
    // A refused invoice (a pending project) uses no number.
    const pending = await createProjectAs(server, customer.cookie);
    expect((await sendInvoice(server, admin.cookie, pending)).status).toBe(409);
    const next = await invoicedProject(server, customer.cookie, admin.cookie, "Numbered After");
    expect(next.invoiceNumber).toBe(doomed.invoiceNumber + 1);
    const numbers = (await server.deps.database.db.select({ n: invoices.number }).from(invoices).orderBy(asc(invoices.number))).map((row) => row.n);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    // Two admins issuing at once take one number each.
    const [a, b] = await Promise.all([createProjectAs(server, customer.cookie), createProjectAs(server, customer.cookie)]);
    await approve(server, admin.cookie, a);
    await approve(server, admin.cookie, b);
    const both = await Promise.all([sendInvoice(server, admin.cookie, a), sendInvoice(server, admin.cookie, b)]);
    const issued = await Promise.all(both.map(async (response) => ((await response.json()) as { invoiceNumber: number }).invoiceNumber));
    expect(issued.sort((x, y) => x - y)).toEqual([next.invoiceNumber + 1, next.invoiceNumber + 2]);
  });
});

describe("void invoices", () => {
  test("denying a project voids its invoice: no checkout, a Void page, out of Outstanding and Overdue, no reminder; reopening issues a new number", async () => {
    const payer = await server.createUser({ displayName: "Denied Dana", email: "dana-denied@example.com" });
    const { projectID, invoiceID, invoiceNumber } = await invoicedProject(server, payer.cookie, admin.cookie, "Denied Diner");
    await server.deps.database.db
      .update(invoices)
      .set({ dueAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(invoices.id, invoiceID));
    const owed = await metrics();
    await approve(server, admin.cookie, projectID, "denied");
    expect(await invoiceRow(server, invoiceID)).toMatchObject({ status: "void", voidReason: "The project was denied.", voidedBy: admin.user.id });

    const sessionsBefore = stripe.sessions.size;
    const pay = await server.request(`/invoices/${invoiceID}/pay`, { method: "POST", cookie: payer.cookie, headers: { origin: server.url } });
    expect(pay.status).toBe(409);
    expect(await pay.text()).toContain("This invoice is void and cannot be paid. The project was denied.");
    expect(stripe.sessions.size).toBe(sessionsBefore);
    const page = await html(`/invoices/${invoiceID}`, payer.cookie);
    expect(page).toContain(">Void</span>");
    expect(page).toContain("The project was denied.");
    expect(page).not.toContain("Pay by card");
    expect(page).not.toContain("Total due");
    const billing = await html("/billing", payer.cookie);
    expect(billing).toContain(">Void</span>");
    expect(billing).not.toContain(`action="/invoices/${invoiceID}/pay"`);
    // $250 less owed and overdue than before the denial.
    const after = await metrics();
    const dollars = (value: string | undefined) => Number((value ?? "").replace(/[$,]/g, ""));
    expect(dollars(owed.Outstanding) - dollars(after.Outstanding)).toBe(250);
    expect(dollars(owed.Overdue) - dollars(after.Overdue)).toBe(250);
    await sendInvoiceReminders(server.deps, new Date());
    expect((await queuedMails(server.deps.database.db, "dana-denied@example.com")).filter((mail) => mail.subject.startsWith("Final notice"))).toEqual([]);
    const overdueList = await html("/dashboard?overdue=true", payer.cookie);
    expect(overdueList.slice(overdueList.indexOf("<main"))).not.toContain("Denied Diner");
    expect(await html(`/projects/${projectID}/status`, payer.cookie)).toContain("is void: The project was denied.");

    // Reopened: the admin issues a new invoice with the next number; the void one stays.
    await approve(server, admin.cookie, projectID, "in-progress");
    const again = await sendInvoice(server, admin.cookie, projectID, true);
    expect(again.status).toBe(200);
    const fresh = (await again.json()) as { invoiceID: string; invoiceNumber: number };
    expect(fresh.invoiceID).not.toBe(invoiceID);
    expect(fresh.invoiceNumber).toBeGreaterThan(invoiceNumber);
    expect(await invoiceRow(server, invoiceID)).toMatchObject({ status: "void" });
    expect(await invoiceRow(server, fresh.invoiceID)).toMatchObject({ status: "open" });
    expect(await html(`/invoices/${fresh.invoiceID}`, payer.cookie)).toContain("Pay by card");
  });

  test("an admin voids an open invoice with a reason; wrong role, forged ids, no reason, paid or void invoices get clear answers", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Voided By Hand");
    const voidAs = (cookie: string, id: string, reason?: string) =>
      server.request(`/invoices/${id}/void`, {
        method: "POST",
        cookie,
        headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: reason === undefined ? "" : new URLSearchParams({ reason }).toString(),
      });
    // The admin sees the form; the customer does not and cannot use it.
    expect(await html(`/invoices/${invoiceID}`, admin.cookie)).toContain("Void invoice");
    expect(await html(`/invoices/${invoiceID}`, customer.cookie)).not.toContain("Void invoice");
    expect((await voidAs(customer.cookie, invoiceID, "I would rather not")).status).toBe(303);
    expect((await invoiceRow(server, invoiceID))?.status).toBe("open");
    const blank = await voidAs(admin.cookie, invoiceID, "   ");
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Say why the invoice is void");
    const forged = await voidAs(admin.cookie, "01m80asvd6nsxk9pjyhsq951ce", "Typo");
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain("Invoice not found.");

    const done = await voidAs(admin.cookie, invoiceID, "Agreed by phone: the work is cancelled.");
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/invoices/${invoiceID}`);
    expect(await invoiceRow(server, invoiceID)).toMatchObject({
      status: "void",
      voidReason: "Agreed by phone: the work is cancelled.",
      voidedBy: admin.user.id,
    });
    const twice = await voidAs(admin.cookie, invoiceID, "Again");
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("This invoice is already void.");
    const page = await html(`/invoices/${invoiceID}`, customer.cookie);
    expect(page).toContain("Agreed by phone: the work is cancelled.");
    const entries = await server.deps.database.db.select().from(auditLog).where(eq(auditLog.targetId, invoiceID));
    expect(entries.map((entry) => entry.action)).toContain("invoice.void");
    // Marking the project paid by hand now records a payment without the void invoice.
    expect((await patch({ receivedPayment: true, paymentMethod: "other" }, projectID)).status).toBe(200);
    const [payment] = await paymentRows(server, projectID);
    expect(payment?.invoiceId).toBeNull();

    // A paid invoice is refunded, not voided.
    const paid = await invoicedProject(server, customer.cookie, admin.cookie, "Paid Not Voided");
    await payByCard(paid.invoiceID);
    const refused = await voidAs(admin.cookie, paid.invoiceID, "Oops");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This invoice is paid: refund the payment instead of voiding the invoice.");
  });

  test("the JSON API voids like the form: admins only, a real invoice, a reason, nothing else", async () => {
    const { invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Voided By API");
    const call = (cookie: string | undefined, id: string, json: unknown) =>
      server.request(`/api/admin/invoices/${id}/void`, { method: "POST", ...(cookie ? { cookie } : {}), json });
    expect((await call(undefined, invoiceID, { reason: "x" })).status).toBe(401);
    expect((await call(customer.cookie, invoiceID, { reason: "x" })).status).toBe(403);
    expect((await call(admin.cookie, "not-an-id", { reason: "x" })).status).toBe(400);
    expect((await call(admin.cookie, invoiceID, {})).status).toBe(400);
    expect((await call(admin.cookie, invoiceID, { reason: "x", status: "paid" })).status).toBe(400);
    const missing = await call(admin.cookie, "01m80asvd6nsxk9pjyhsq951ce", { reason: "x" });
    expect(missing.status).toBe(404);
    expect(await message(missing)).toBe("Invoice not found.");
    expect((await invoiceRow(server, invoiceID))?.status).toBe("open");
    const done = await call(admin.cookie, invoiceID, { reason: "Sent to the wrong customer." });
    expect(done.status).toBe(200);
    expect(await message(done)).toMatch(/^Invoice INV-\d{5} is void\.$/);
    expect(await invoiceRow(server, invoiceID)).toMatchObject({ status: "void", voidReason: "Sent to the wrong customer." });
  });

  test("a card payment completed after the project was denied pays nothing, needs attention and is refunded automatically", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Denied Mid Checkout");
    const response = await server.request(`/invoices/${invoiceID}/pay`, { method: "POST", cookie: customer.cookie, headers: { origin: server.url } });
    const sessionId = (response.headers.get("location") ?? "").slice(`${stripe.url}/pay/`.length);
    await approve(server, admin.cookie, projectID, "denied");
    await stripe.completeSession(sessionId);
    const intent = stripe.sessions.get(sessionId)?.payment_intent;
    await stripe.waitForDelivery((d) => d.event.type === "charge.refunded" && d.status === 200 && JSON.stringify(d.event).includes(String(intent)), 15_000);
    const rows = await paymentRows(server, projectID);
    expect(rows.find((row) => row.kind === "payment")).toMatchObject({ method: "card", amountCents: 25_000, invoiceId: invoiceID, applied: false });
    expect(rows.find((row) => row.kind === "refund")).toMatchObject({ status: "succeeded", amountCents: 25_000, recordedBy: null });
    expect(await invoiceRow(server, invoiceID)).toMatchObject({ status: "void" });
    expect(await projectRow(server, projectID)).toMatchObject({ receivedPayment: false, refundIssued: true });
  });

  test("a card payment arriving for a deleted project's invoice is recorded, never lost, and refunded once", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Deleted Mid Checkout");
    const response = await server.request(`/invoices/${invoiceID}/pay`, { method: "POST", cookie: customer.cookie, headers: { origin: server.url } });
    const sessionId = (response.headers.get("location") ?? "").slice(`${stripe.url}/pay/`.length);
    expect((await server.request(`/api/projects/${projectID}`, { method: "DELETE", cookie: customer.cookie })).status).toBe(200);
    const { deliveries } = await stripe.completeSession(sessionId);
    const intent = stripe.sessions.get(sessionId)?.payment_intent;
    await stripe.waitForDelivery((d) => d.event.type === "charge.refunded" && d.status === 200 && JSON.stringify(d.event).includes(String(intent)), 15_000);
    // Stripe delivers the payment again (a retry after a timeout): nothing more is recorded or refunded.
    for (const delivery of deliveries) await stripe.deliver({ ...delivery.event, id: `${delivery.event.id}_again` });
    const records = await server.deps.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceID));
    expect(records.map((row) => [row.kind, row.method, row.amountCents, row.status, row.projectName]).sort()).toEqual([
      ["payment", "card", 25_000, "succeeded", "Deleted Mid Checkout"],
      ["refund", "card", 25_000, "succeeded", "Deleted Mid Checkout"],
    ]);
    expect([...stripe.refunds.values()].filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
    expect(server.logs.filter((line) => line.includes("needs attention (project_deleted)"))).toHaveLength(1);
  });
});

describe("manual entries mean what they say", () => {
  test("turning Paid off and on for an access-code project changes only the waiver and records no cash", async () => {
    const { code } = await createCode(server, admin.cookie);
    const ordered = await postOrder(server, orderForm(validDraft({ hasAccessCode: true, accessCode: code })), customer.cookie);
    const { projectID } = (await ordered.json()) as { projectID: string };
    expect((await patch({ receivedPayment: false }, projectID)).status).toBe(200);
    expect((await projectRow(server, projectID))?.receivedPayment).toBe(false);
    // No method is asked: nothing is received.
    expect((await patch({ receivedPayment: true }, projectID)).status).toBe(200);
    expect((await projectRow(server, projectID))?.receivedPayment).toBe(true);
    const rows = await paymentRows(server, projectID);
    expect(rows.every((row) => row.method === "access_code" && row.amountCents === 0)).toBe(true);
    expect(rows.map((row) => row.kind).sort()).toEqual(["payment", "payment", "reversal"]);
  });

  test("an access code accepted for an invoiced project waives the payment and voids the open invoice", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Waived Later");
    const { code } = await createCode(server, admin.cookie);
    expect((await patch({ accessCode: code }, projectID)).status).toBe(200);
    expect(await invoiceRow(server, invoiceID)).toMatchObject({ status: "void", voidReason: "The payment was waived with an access code." });
    expect(await paymentRows(server, projectID)).toMatchObject([{ method: "access_code", amountCents: 0 }]);
    const pay = await server.request(`/invoices/${invoiceID}/pay`, { method: "POST", cookie: customer.cookie, headers: { origin: server.url } });
    expect(pay.status).toBe(409);
  });

  test("mark paid asks for the method, keeps the reference and the admin; bad inputs get clear errors", async () => {
    const { projectID, invoiceID } = await invoicedProject(server, customer.cookie, admin.cookie, "Paid By Hand");
    const missing = await patch({ receivedPayment: true }, projectID);
    expect(missing.status).toBe(400);
    expect(await message(missing)).toBe("Say how the payment was made: bank transfer, cash or other.");
    const wrong = await patch({ receivedPayment: true, paymentMethod: "cheque" }, projectID);
    expect(wrong.status).toBe(400);
    expect(await message(wrong)).toContain("paymentMethod must be bank_transfer, cash or other.");
    const alone = await patch({ paymentMethod: "cash" }, projectID);
    expect(alone.status).toBe(400);
    expect(await message(alone)).toContain("goes with marking the project paid");
    expect((await patch({ receivedPayment: true, paymentMethod: "cash" }, projectID, customer.cookie)).status).toBe(403);
    expect(await paymentRows(server, projectID)).toHaveLength(0);

    expect((await patch({ receivedPayment: true, paymentMethod: "bank_transfer", paymentReference: "  IBAN ref 2026-77  " }, projectID)).status).toBe(200);
    expect(await paymentRows(server, projectID)).toMatchObject([
      { kind: "payment", method: "bank_transfer", reference: "IBAN ref 2026-77", recordedBy: admin.user.id, invoiceId: invoiceID, amountCents: 25_000 },
    ]);
    expect(await invoiceRow(server, invoiceID)).toMatchObject({ status: "paid" });
    const page = await html("/admin/payments", admin.cookie);
    expect(page).toContain("Bank transfer");
    expect(page).toContain("Ref. IBAN ref 2026-77");
    expect(page).toContain(`by ${admin.user.displayName}`);
    const receipt = await html(`/invoices/${invoiceID}`, customer.cookie);
    expect(receipt).toContain("Payment, bank transfer (IBAN ref 2026-77)");
    expect(receipt).not.toContain("Total due");
    // Un-marking reopens the invoice.
    expect((await patch({ receivedPayment: false }, projectID)).status).toBe(200);
    expect(await invoiceRow(server, invoiceID)).toMatchObject({ status: "open" });
  });
});

describe("the final notice", () => {
  test("never names a deletion date in the past", async () => {
    const now = new Date("2026-05-20T12:00:00Z");
    expect(deletionDate(new Date("2026-05-01T12:00:00Z"), 3, now).toISOString()).toBe("2026-05-21T12:00:00.000Z");
    expect(deletionDate(new Date("2026-05-19T12:00:00Z"), 3, now).toISOString()).toBe("2026-05-22T12:00:00.000Z");

    const late = await server.createUser({ displayName: "Late Larry", email: "larry-late@example.com" });
    const { invoiceID } = await invoicedProject(server, late.cookie, admin.cookie, "Very Late Shop");
    await server.deps.database.db
      .update(invoices)
      .set({ dueAt: new Date(Date.now() - 10 * DAY) })
      .where(eq(invoices.id, invoiceID));
    await sendInvoiceReminders(server.deps, new Date());
    const [notice] = (await queuedMails(server.deps.database.db, "larry-late@example.com")).filter((mail) => mail.subject.startsWith("Final notice"));
    const tomorrow = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(new Date(Date.now() + DAY));
    expect(notice?.text).toContain(`if it is not paid by ${tomorrow}, the project is deleted`);
  });
});
