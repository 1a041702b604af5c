// The 7-day rule (SPEC.md §9: "Invoice payment is due within 7 days, or the project is deleted").
// Plain functions of `now`, meant to run as scheduled jobs; each is idempotent and safe to run
// on several instances at once: a reminder is claimed by inserting its (invoice, kind) row in the
// same transaction as its mail, so a second run (or instance) finds the row and sends nothing.
//
//   due-soon      from 2 days before the due date (until 1 day before)
//   due-today     in the last day before the due moment
//   final-notice  once past due (the project is Overdue): pay by due + OVERDUE_GRACE_DAYS or it is deleted
//   deletion      at due + OVERDUE_GRACE_DAYS, at least a day after the final notice; recorded in project_deletions
import type { AppDeps } from "../../deps";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import { formatDate } from "../../shared/dates";
import type { ReminderKind } from "../../shared/enums";
import { formatInvoiceNumber } from "../../shared/invoices";
import { enqueueMail } from "../mail";
import { notifyProjectEvent } from "../notifications";
import { projectDeletedMail, reminderMail } from "./mails";
import { type UnpaidInvoice, claimReminder, findReminder, insertDeletion, isStillUnpaid, listUnpaidInvoicesDueBefore } from "./queries";

const DAY_MS = 24 * 60 * 60 * 1000;
export const DELETION_REASON = "Unpaid invoice: not paid by the due date and the grace period after the final notice.";

type Deps = Pick<AppDeps, "database" | "config" | "jobs" | "storage" | "sealer" | "log" | "now">;

function reminderFor(invoice: UnpaidInvoice, now: Date): ReminderKind | null {
  const left = invoice.dueAt.getTime() - now.getTime();
  if (left < 0) return "final-notice";
  if (left <= DAY_MS) return "due-today";
  if (left <= 2 * DAY_MS) return "due-soon";
  return null;
}

/**
 * The day the project may be deleted, as the final notice names it: due + grace days, but never
 * sooner than a day after the notice (deleteOverdueProjects in projects/overdue.ts waits that day), so a late notice
 * never names a date already past.
 */
export function deletionDate(dueAt: Date, graceDays: number, noticeAt: Date): Date {
  return new Date(Math.max(dueAt.getTime() + graceDays * DAY_MS, noticeAt.getTime() + DAY_MS));
}

/** Sends the reminders due at `now`, each at most once per invoice; answers how many were sent. */
export async function sendInvoiceReminders(deps: Deps, now: Date): Promise<number> {
  const candidates = await listUnpaidInvoicesDueBefore(deps.database.db, new Date(now.getTime() + 2 * DAY_MS));
  let sent = 0;
  for (const invoice of candidates) {
    const kind = reminderFor(invoice, now);
    if (!kind) continue;
    const mailed = await deps.database.db.transaction(async (tx) => {
      if (!(await isStillUnpaid(tx, invoice.projectId, invoice.invoiceId))) return false;
      if (!(await claimReminder(tx, invoice.invoiceId, kind, now))) return false;
      const grace = deps.config.overdueGraceDays;
      const deleteOn = grace === null ? null : formatDate(deletionDate(invoice.dueAt, grace, now));
      await enqueueMail(deps.jobs, tx, await reminderMail(deps, invoice, kind, deleteOn));
      if (kind === "final-notice") {
        await notifyProjectEvent(
          tx,
          deps.jobs,
          invoice.creatorId,
          `Invoice ${formatInvoiceNumber(invoice.number)} for "${invoice.projectName}" is overdue.`,
          { invoiceId: invoice.invoiceId },
          null,
        );
      }
      return true;
    });
    if (mailed) sent++;
  }
  return sent;
}

/** An unpaid invoice whose project is due for deletion (see deleteOverdueProjects in projects/overdue.ts). */
export type OverdueInvoice = UnpaidInvoice;

/**
 * The unpaid invoices past due + OVERDUE_GRACE_DAYS whose final notice went out at least a day
 * earlier: their projects are to be deleted. With OVERDUE_GRACE_DAYS=off there are none (overdue
 * projects are only flagged).
 */
export async function listOverdueForDeletion(deps: Deps, now: Date): Promise<OverdueInvoice[]> {
  const grace = deps.config.overdueGraceDays;
  if (grace === null) return [];
  const candidates = await listUnpaidInvoicesDueBefore(deps.database.db, new Date(now.getTime() - grace * DAY_MS));
  const due: OverdueInvoice[] = [];
  for (const invoice of candidates) {
    const notice = await findReminder(deps.database.db, invoice.invoiceId, "final-notice");
    if (!notice || now.getTime() - notice.sentAt.getTime() < DAY_MS) continue;
    due.push(invoice);
  }
  return due;
}

/**
 * Inside the transaction that deletes the invoice's project: records the deletion and tells the
 * customer (mail and notice). Answers false, changing nothing, when the invoice was paid since the
 * list was read or another instance already recorded it: the caller then deletes nothing.
 */
export async function recordOverdueDeletion(deps: Deps, tx: Db, invoice: OverdueInvoice, now: Date): Promise<boolean> {
  // Paid since the list was read, or already deleted by another instance: delete nothing.
  if (!(await isStillUnpaid(tx, invoice.projectId, invoice.invoiceId))) return false;
  const recorded = await insertDeletion(tx, {
    id: newId(),
    projectId: invoice.projectId,
    projectName: invoice.projectName,
    customerName: invoice.customerName,
    customerEmail: invoice.customerEmail,
    invoiceNumber: invoice.number,
    amount: invoice.amount,
    dueAt: invoice.dueAt,
    reason: DELETION_REASON,
    deletedAt: now,
  });
  if (!recorded) return false;
  await enqueueMail(deps.jobs, tx, await projectDeletedMail(deps, invoice));
  await notifyProjectEvent(tx, deps.jobs, invoice.creatorId, `Your project "${invoice.projectName}" was deleted because its invoice was not paid.`, {}, null);
  return true;
}
