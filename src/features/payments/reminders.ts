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
import { newId } from "../../lib/ids";
import { formatDate } from "../../shared/dates";
import type { ReminderKind } from "../../shared/enums";
import { formatInvoiceCents } from "../invoices/money";
import { formatInvoiceNumber } from "../invoices/service";
import { enqueueMail } from "../mail/outbox";
import { notifyProjectEvent } from "../notifications/project-events";
import { deleteWithImages } from "../projects/service";
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
 * sooner than a day after the notice (deleteOverdueProjects waits that day), so a late notice
 * never names a date already past.
 */
export function deletionDate(dueAt: Date, graceDays: number, noticeAt: Date): Date {
  return new Date(Math.max(dueAt.getTime() + graceDays * DAY_MS, noticeAt.getTime() + DAY_MS));
}

function reminderMail(deps: Pick<AppDeps, "config">, invoice: UnpaidInvoice, kind: ReminderKind, now: Date) {
  const number = formatInvoiceNumber(invoice.number);
  const link = `${deps.config.publicUrl}/invoices/${invoice.invoiceId}`;
  const grace = deps.config.overdueGraceDays;
  const deleteOn = grace === null ? null : formatDate(deletionDate(invoice.dueAt, grace, now));
  const lines: Record<ReminderKind, { subject: string; body: string }> = {
    "due-soon": {
      subject: `Reminder: invoice ${number} is due on ${formatDate(invoice.dueAt)}`,
      body: `Invoice ${number} for your project "${invoice.projectName}" (${formatInvoiceCents(invoice.totalCents, false)}) is due on ${formatDate(invoice.dueAt)}.`,
    },
    "due-today": {
      subject: `Invoice ${number} is due today`,
      body: `Invoice ${number} for your project "${invoice.projectName}" (${formatInvoiceCents(invoice.totalCents, false)}) is due today, ${formatDate(invoice.dueAt)}.`,
    },
    "final-notice": {
      subject: `Final notice: invoice ${number} is overdue`,
      body:
        deleteOn === null
          ? `Invoice ${number} for your project "${invoice.projectName}" (${formatInvoiceCents(invoice.totalCents, false)}) was due on ${formatDate(invoice.dueAt)} and is now overdue. Please pay it as soon as you can.`
          : `Invoice ${number} for your project "${invoice.projectName}" (${formatInvoiceCents(invoice.totalCents, false)}) was due on ${formatDate(invoice.dueAt)} and is now overdue. As our terms say, if it is not paid by ${deleteOn}, the project is deleted.`,
    },
  };
  const { subject, body } = lines[kind];
  return {
    to: invoice.customerEmail,
    subject,
    text: [`Hello ${invoice.customerName},`, "", body, "", `Pay or view the invoice: ${link}`].join("\n"),
  };
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
      await enqueueMail(deps.jobs, tx, reminderMail(deps, invoice, kind, now));
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

/**
 * Deletes unpaid projects past due + OVERDUE_GRACE_DAYS whose final notice went out at least a
 * day earlier, recording each deletion. With OVERDUE_GRACE_DAYS=off it deletes nothing (overdue
 * projects are only flagged). Answers the ids deleted.
 */
export async function deleteOverdueProjects(deps: Deps, now: Date): Promise<string[]> {
  const grace = deps.config.overdueGraceDays;
  if (grace === null) return [];
  const candidates = await listUnpaidInvoicesDueBefore(deps.database.db, new Date(now.getTime() - grace * DAY_MS));
  const deleted: string[] = [];
  for (const invoice of candidates) {
    const notice = await findReminder(deps.database.db, invoice.invoiceId, "final-notice");
    if (!notice || now.getTime() - notice.sentAt.getTime() < DAY_MS) continue;
    let recorded = false;
    const gone = await deleteWithImages(deps, [invoice.projectId], async (tx) => {
      // Paid since the list was read, or already deleted by another instance: delete nothing.
      if (!(await isStillUnpaid(tx, invoice.projectId, invoice.invoiceId))) throw new SkipDeletion();
      recorded = await insertDeletion(tx, {
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
      if (!recorded) throw new SkipDeletion();
      await enqueueMail(deps.jobs, tx, {
        to: invoice.customerEmail,
        subject: `Your project ${invoice.projectName} was deleted`,
        text: [
          `Hello ${invoice.customerName},`,
          "",
          `Invoice ${formatInvoiceNumber(invoice.number)} (${formatInvoiceCents(invoice.totalCents, false)}) for your project "${invoice.projectName}" was not paid, so the project was deleted as our terms say.`,
          "",
          `If you think this is a mistake, reply to ${deps.config.providerEmail}.`,
        ].join("\n"),
      });
      await notifyProjectEvent(
        tx,
        deps.jobs,
        invoice.creatorId,
        `Your project "${invoice.projectName}" was deleted because its invoice was not paid.`,
        {},
        null,
      );
    }).catch((error: unknown) => {
      if (error instanceof SkipDeletion) return [];
      throw error;
    });
    if (gone.length > 0 && recorded) {
      deleted.push(...gone);
      deps.log(`payments: deleted project ${invoice.projectId} for non-payment of ${formatInvoiceNumber(invoice.number)}`);
    }
  }
  return deleted;
}

class SkipDeletion extends Error {}
