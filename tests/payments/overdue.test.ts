// The 7-day rule with a controllable clock: reminders 2 days before and on the due date, once each
// even when two runs race; Overdue the day after (badge and filter); deletion after the grace days,
// only after a final notice, recorded for the admins.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { invoiceReminders, projectDeletions } from "../../db/schema";
import { deleteOverdueProjects, sendInvoiceReminders } from "../../src/features/payments/reminders";
import { queuedMails } from "../helpers/mail-jobs";
import { type TestServer, startTestServer } from "../helpers/server";
import { invoiceRow, invoicedProject, projectRow } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
let admin: { cookie: string };

beforeAll(async () => {
  server = await startTestServer({ OVERDUE_GRACE_DAYS: "3" });
  admin = await server.createAdmin();
});
afterAll(() => server.stop());

const mailsTo = async (email: string) => (await queuedMails(server.deps.database.db, email)).map((m) => m.subject);

describe("the 7-day rule", () => {
  test("reminders go out 2 days before and on the due date, once each, then a final notice; deletion follows the grace days", async () => {
    const customer = await server.createUser({ displayName: "Late Payer", email: "late@example.com" });
    const { projectID, invoiceID, invoiceNumber } = await invoicedProject(server, customer.cookie, admin.cookie, "Slow Shop");
    const number = `INV-${String(invoiceNumber).padStart(5, "0")}`;
    const due = (await invoiceRow(server, invoiceID))?.dueAt ?? new Date();
    const at = (offsetMs: number) => new Date(due.getTime() + offsetMs);
    const reminders = async () => (await mailsTo("late@example.com")).filter((s) => /^(Reminder|Invoice .* is due today|Final notice)/.test(s));

    expect(await sendInvoiceReminders(server.deps, at(-3 * DAY))).toBe(0);
    // Two instances at once: one reminder.
    const [a, b] = await Promise.all([sendInvoiceReminders(server.deps, at(-2 * DAY + 60_000)), sendInvoiceReminders(server.deps, at(-2 * DAY + 60_000))]);
    expect(a + b).toBe(1);
    expect(await sendInvoiceReminders(server.deps, at(-1.5 * DAY))).toBe(0);
    expect(await reminders()).toEqual([
      `Reminder: invoice ${number} is due on ${new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(due)}`,
    ]);
    expect(await sendInvoiceReminders(server.deps, at(-6 * 60 * 60 * 1000))).toBe(1);
    expect((await reminders())[1]).toBe(`Invoice ${number} is due today`);

    // Before the due moment nothing is deleted or overdue.
    expect(await deleteOverdueProjects(server.deps, at(-60_000))).toEqual([]);
    // The day after: overdue, a final notice, a red badge and the Overdue filter (the real clock is
    // behind the due date, so move the due date back instead of the clock forward).
    expect(await sendInvoiceReminders(server.deps, at(DAY))).toBe(1);
    expect((await reminders())[2]).toBe(`Final notice: invoice ${number} is overdue`);
    expect(await sendInvoiceReminders(server.deps, at(DAY + 60_000))).toBe(0);
    const rows = await server.deps.database.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoiceID));
    expect(rows.map((row) => row.kind).sort()).toEqual(["due-soon", "due-today", "final-notice"]);

    // Not yet: due + 3 days is the earliest deletion.
    expect(await deleteOverdueProjects(server.deps, at(2 * DAY))).toEqual([]);
    expect(await deleteOverdueProjects(server.deps, at(3 * DAY + 60_000))).toEqual([projectID]);
    expect(await projectRow(server, projectID)).toBeUndefined();
    const [deletion] = await server.deps.database.db.select().from(projectDeletions).where(eq(projectDeletions.projectId, projectID));
    expect(deletion).toMatchObject({ projectName: "Slow Shop", customerEmail: "late@example.com", invoiceNumber, amount: 250 });
    expect(deletion?.reason).toContain("Unpaid invoice");
    expect(await mailsTo("late@example.com")).toContain("Your project Slow Shop was deleted");
    expect(await deleteOverdueProjects(server.deps, at(4 * DAY))).toEqual([]);
    const adminPage = await (await server.request("/admin/payments", { cookie: admin.cookie })).text();
    expect(adminPage).toContain("Slow Shop");
  });

  test("overdue shows as a red badge and in the Overdue filter; a paid project gets no reminder and is never deleted", async () => {
    const customer = await server.createUser({ displayName: "Overdue Olga", email: "olga@example.com" });
    const late = await invoicedProject(server, customer.cookie, admin.cookie, "Past Due Bakery");
    const paid = await invoicedProject(server, customer.cookie, admin.cookie, "Paid Bakery");
    const { invoices } = await import("../../db/schema");
    for (const { invoiceID } of [late, paid]) {
      await server.deps.database.db
        .update(invoices)
        .set({ dueAt: new Date(Date.now() - 2 * DAY) })
        .where(eq(invoices.id, invoiceID));
    }
    await server.request("/api/admin/projects", {
      method: "PATCH",
      cookie: admin.cookie,
      json: { projectIDs: [paid.projectID], updatedFields: { receivedPayment: true, paymentMethod: "bank_transfer" } },
    });
    const page = await (await server.request("/dashboard?overdue=true", { cookie: customer.cookie })).text();
    const dashboard = page.slice(page.indexOf("<main"), page.indexOf("</main>"));
    expect(dashboard).toContain("Past Due Bakery");
    expect(dashboard).not.toContain("Paid Bakery");
    expect(dashboard).toContain('class="badge badge-red">Overdue');
    const adminList = await (await server.request("/dashboard?overdue=true", { cookie: admin.cookie })).text();
    expect(adminList).toContain("Past Due Bakery");
    const status = await (await server.request(`/projects/${late.projectID}/status`, { cookie: customer.cookie })).text();
    expect(status).toContain('data-project-badge="payment">Overdue');

    await sendInvoiceReminders(server.deps, new Date());
    expect(await mailsTo("olga@example.com")).toContain(`Final notice: invoice INV-${String(late.invoiceNumber).padStart(5, "0")} is overdue`);
    expect((await mailsTo("olga@example.com")).filter((s) => s.includes(String(paid.invoiceNumber).padStart(5, "0")) && !s.startsWith("Invoice"))).toEqual([]);
    expect(await deleteOverdueProjects(server.deps, new Date(Date.now() + 30 * DAY))).toEqual([late.projectID]);
    expect(await projectRow(server, paid.projectID)).toBeDefined();
  });
});
