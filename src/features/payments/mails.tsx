// The money mails: the card payment's receipt, the invoice reminders (due soon, due today, the
// final notice) and the project deleted for an unpaid invoice. Their subjects and words live here
// only; compose.tsx in mail/ derives the text part.
import type { AppDeps } from "../../deps";
import type { MailMessage } from "../../lib/mail";
import { formatDate } from "../../shared/dates";
import type { ReminderKind } from "../../shared/enums";
import { formatInvoiceCents, formatInvoiceNumber } from "../../shared/invoices";
import { ActionButton, LinkLine, Note, P, composeMail } from "../mail";
import type { UnpaidInvoice } from "./queries";

type MailDeps = Pick<AppDeps, "config">;

export function receiptMail(
  deps: MailDeps,
  receipt: { to: string; customerName: string; number: string; projectName: string; amount: string; paidOn: Date; invoiceId: string },
): Promise<MailMessage> {
  const publicUrl = deps.config.publicUrl;
  return composeMail({
    to: receipt.to,
    subject: `Receipt for invoice ${receipt.number}`,
    publicUrl,
    body: (
      <>
        <P>Hello {receipt.customerName},</P>
        <P>
          We received your card payment of {receipt.amount} for invoice {receipt.number} ({receipt.projectName}) on {formatDate(receipt.paidOn)}. Thank you!
        </P>
        <LinkLine label="Your invoice and receipt" href={`${publicUrl}/invoices/${receipt.invoiceId}`} />
        <LinkLine label="All your invoices" href={`${publicUrl}/billing`} />
      </>
    ),
  });
}

/** A reminder's subject and sentence; `deleteOn` is the date an unpaid project is deleted, null when it never is. */
function reminderWords(invoice: UnpaidInvoice, kind: ReminderKind, deleteOn: string | null): { subject: string; body: string } {
  const number = formatInvoiceNumber(invoice.number);
  const what = `Invoice ${number} for your project "${invoice.projectName}" (${formatInvoiceCents(invoice.totalCents, false)})`;
  const due = formatDate(invoice.dueAt);
  if (kind === "due-soon") return { subject: `Reminder: invoice ${number} is due on ${due}`, body: `${what} is due on ${due}.` };
  if (kind === "due-today") return { subject: `Invoice ${number} is due today`, body: `${what} is due today, ${due}.` };
  return {
    subject: `Final notice: invoice ${number} is overdue`,
    body:
      deleteOn === null
        ? `${what} was due on ${due} and is now overdue. Please pay it as soon as you can.`
        : `${what} was due on ${due} and is now overdue. As our terms say, if it is not paid by ${deleteOn}, the project is deleted.`,
  };
}

export function reminderMail(deps: MailDeps, invoice: UnpaidInvoice, kind: ReminderKind, deleteOn: string | null): Promise<MailMessage> {
  const link = `${deps.config.publicUrl}/invoices/${invoice.invoiceId}`;
  const { subject, body } = reminderWords(invoice, kind, deleteOn);
  return composeMail({
    to: invoice.customerEmail,
    subject,
    publicUrl: deps.config.publicUrl,
    body: (
      <>
        <P>Hello {invoice.customerName},</P>
        <P>{body}</P>
        <ActionButton href={link}>Pay or view the invoice</ActionButton>
        <LinkLine label="Pay or view the invoice" href={link} />
      </>
    ),
  });
}

export function projectDeletedMail(deps: MailDeps, invoice: UnpaidInvoice): Promise<MailMessage> {
  return composeMail({
    to: invoice.customerEmail,
    subject: `Your project ${invoice.projectName} was deleted`,
    publicUrl: deps.config.publicUrl,
    body: (
      <>
        <P>Hello {invoice.customerName},</P>
        <P>
          Invoice {formatInvoiceNumber(invoice.number)} ({formatInvoiceCents(invoice.totalCents, false)}) for your project "{invoice.projectName}" was not paid,
          so the project was deleted as our terms say.
        </P>
        <Note>If you think this is a mistake, reply to {deps.config.providerEmail}.</Note>
      </>
    ),
  });
}
