// The invoice's mail (first sending or a copy), with the PDF attached. Its subject and words live
// here only; compose.tsx in mail/ derives the text part.
import type { AppDeps } from "../../deps";
import type { MailMessage } from "../../lib/mail";
import { formatDate } from "../../shared/dates";
import { INVOICE_DUE_DAYS } from "../../shared/packages";
import { ActionButton, Details, LinkLine, Note, P, composeMail } from "../mail";
import type { invoiceTotals } from "./money";

type InvoiceMail = {
  to: string;
  customerName: string;
  projectName: string;
  packageTitle: string;
  number: string;
  link: string;
  dueAt: Date;
  totals: ReturnType<typeof invoiceTotals>;
  /** A copy of an invoice sent before: the same invoice, nothing new owed. */
  copy: boolean;
  /** Whether the invoice page takes cards. */
  cards: boolean;
  pdf: Uint8Array;
};

export function invoiceMail(deps: Pick<AppDeps, "config">, invoice: InvoiceMail): Promise<MailMessage> {
  const { number, projectName, totals } = invoice;
  const owed = totals.total;
  return composeMail({
    to: invoice.to,
    subject: invoice.copy ? `Invoice ${number} for ${projectName} (copy)` : `Invoice ${number} for ${projectName}`,
    publicUrl: deps.config.publicUrl,
    attachments: [{ filename: `${number}.pdf`, contentType: "application/pdf", contentBase64: Buffer.from(invoice.pdf).toString("base64") }],
    body: (
      <>
        <P>Hello {invoice.customerName},</P>
        <P>
          {invoice.copy
            ? `Here is invoice ${number} for your project "${projectName}" again: ${invoice.packageTitle}, ${owed}. It is the same invoice as before; nothing new is owed.`
            : `Your project "${projectName}" has been approved. Here is your invoice ${number} for the ${invoice.packageTitle}: ${owed}.`}
        </P>
        {/* The same lines as the invoice page and the PDF, when there is a tax line to show. */}
        {totals.tax ? (
          <Details
            lines={[
              ["Subtotal", totals.subtotal],
              [totals.tax.label, totals.tax.amount],
              ["Total due", totals.total],
            ]}
          />
        ) : null}
        <ActionButton href={invoice.link}>{invoice.cards ? "Pay or view the invoice" : "View the invoice"}</ActionButton>
        <LinkLine label={invoice.cards ? "Pay by card, or view and print the invoice" : "View and print the invoice"} href={invoice.link} />
        <P>Other ways to pay: {deps.config.providerPaymentInstructions}</P>
        <P>
          Payment is due by {formatDate(invoice.dueAt)} (within {INVOICE_DUE_DAYS} days of the invoice date), or the project is deleted.
        </P>
        <Note>The invoice is attached as a PDF.</Note>
      </>
    ),
  });
}
