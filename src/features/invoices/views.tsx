// The printable invoice: a document first, so it reads well on paper and as a PDF.

import { formatDate } from "../../shared/dates";
import type { InvoiceStatus } from "../../shared/enums";
import { INVOICE_DUE_DAYS, packageFor } from "../../shared/packages";
import { Logo } from "../layout/logo";
import { type Studio, billToOf, invoiceTotals } from "./money";
import type { InvoiceDetails } from "./queries";
import { formatInvoiceNumber } from "./service";

export type InvoiceState = "awaiting" | "overdue" | "paid" | "refunded" | "void";

export const invoiceStateLabels: Record<InvoiceState, { label: string; badge: "badge-yellow" | "badge-red" | "badge-green" | "badge-blue" | "badge-neutral" }> =
  {
    awaiting: { label: "Awaiting payment", badge: "badge-yellow" },
    overdue: { label: "Overdue", badge: "badge-red" },
    paid: { label: "Paid", badge: "badge-green" },
    refunded: { label: "Refunded", badge: "badge-blue" },
    void: { label: "Void", badge: "badge-neutral" },
  };

/** Void and paid come from the invoice's status (paid follows its payment records), refunded from its refunds, overdue from the clock. */
export function invoiceState(invoice: { status: InvoiceStatus; dueAt: Date }, refunded: boolean, now: Date): InvoiceState {
  if (invoice.status === "void") return "void";
  if (invoice.status === "paid") return refunded ? "refunded" : "paid";
  return invoice.dueAt.getTime() < now.getTime() ? "overdue" : "awaiting";
}

/** One line of the receipt: a payment, refund or reversal recorded for this invoice. */
export type ReceiptLine = { id: string; date: Date; description: string; amount: string };

export type InvoicePayment = {
  /** Card payments are on and this invoice can be paid now. */
  canPayByCard: boolean;
  instructions: string;
  /** What the customer just did on Stripe's page, if they came back from it. */
  notice: "paid" | "confirming" | "cancelled" | null;
  receipt: ReceiptLine[];
};

function PaymentNotice(props: { notice: InvoicePayment["notice"] }) {
  if (props.notice === "paid")
    return (
      <p className="alert alert-success no-print" role="status">
        Thank you! Your payment was received. A receipt is on its way to your inbox.
      </p>
    );
  if (props.notice === "confirming")
    return (
      <p className="alert no-print" role="status">
        Thank you! Stripe is confirming your payment; this page shows Paid as soon as it does. Refresh in a moment.
      </p>
    );
  if (props.notice === "cancelled")
    return (
      <p className="alert no-print" role="status">
        Payment cancelled. Nothing was charged; you can pay whenever you are ready.
      </p>
    );
  return null;
}

/** An admin voids an open invoice, saying why (the customer reads the reason on this page). */
function VoidForm(props: { invoiceId: string }) {
  return (
    <form className="card stack-sm no-print invoice-void" method="post" action={`/invoices/${props.invoiceId}/void`}>
      <label htmlFor="void-reason" className="label">
        Void this invoice
      </label>
      <textarea id="void-reason" name="reason" className="input" required maxLength={500} rows={2} placeholder="Why, in a sentence the customer will read" />
      <p className="field-hint">A void invoice cannot be paid and leaves what is owed. It keeps its number; send a new invoice if one is needed.</p>
      <button type="submit" className="button button-danger">
        Void invoice
      </button>
    </form>
  );
}

/** A block of text over several lines (an address): each line its own, address-style. */
function Lines(props: { text: string }) {
  return (
    <>
      {props.text.split(/\n/).map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one fixed text, never reordered
        <span key={index} className="invoice-block-line">
          {line}
        </span>
      ))}
    </>
  );
}

export function InvoiceView(props: {
  details: InvoiceDetails;
  /** The studio's block: copied onto the invoice at issue (today's configuration for older ones). */
  studio: Studio;
  now: Date;
  payment: InvoicePayment;
  /** The viewer is an admin and the invoice is open. */
  canVoid?: boolean;
}) {
  const { invoice, project } = props.details;
  const { studio } = props;
  const billTo = billToOf(invoice);
  const totals = invoiceTotals(invoice);
  const pkg = packageFor(invoice.invoiceType);
  const number = formatInvoiceNumber(invoice.number);
  const stateKey = invoiceState(invoice, props.details.refunded, props.now);
  const state = invoiceStateLabels[stateKey];
  // Only an open invoice is owed: a paid, refunded or void one never asks for money.
  const owed = invoice.status === "open";
  return (
    <div className="container page invoice-page">
      <div className="invoice-toolbar no-print">
        {project ? (
          <a className="button" href={`/projects/${project.id}`}>
            Back to project
          </a>
        ) : (
          <span className="badge badge-neutral">Project deleted</span>
        )}
        <div className="invoice-toolbar-end">
          <a className="button" href="/billing">
            All invoices
          </a>
          <a className="button" href={`/invoices/${invoice.id}/pdf`} download={`${number}.pdf`}>
            Download PDF
          </a>
        </div>
      </div>
      <PaymentNotice notice={props.payment.notice} />
      {invoice.status === "void" ? (
        <p className="alert" role="status">
          <strong>Void.</strong> {invoice.voidReason ?? "This invoice was cancelled."} It cannot be paid, and nothing is owed on it.
        </p>
      ) : null}
      {project === null ? (
        <p className="alert" role="status">
          The project “{invoice.projectName}” was deleted. This invoice and its payments are kept for the records.
        </p>
      ) : null}
      {owed && props.payment.canPayByCard ? (
        <form className="card invoice-pay no-print" method="post" action={`/invoices/${invoice.id}/pay`}>
          <div>
            <p className="invoice-pay-amount">{totals.total}</p>
            <p className="muted">Due {formatDate(invoice.dueAt)}. Secure card payment by Stripe.</p>
          </div>
          <button type="submit" className="button button-primary">
            Pay by card
          </button>
        </form>
      ) : null}
      <article className="card invoice" aria-labelledby="invoice-title">
        <header className="invoice-head">
          <div className="invoice-from">
            <Logo />
            <address>
              <strong className="invoice-studio-name">{studio.name}</strong>
              <Lines text={studio.address} />
              {studio.taxId ? <span className="invoice-block-line">{`Tax ID: ${studio.taxId}`}</span> : null}
              <a href={`mailto:${studio.email}`}>{studio.email}</a>
            </address>
          </div>
          <div className="invoice-meta">
            <h1 id="invoice-title">Invoice</h1>
            <span className={`badge ${state.badge}`}>{state.label}</span>
            <dl>
              <dt>Number</dt>
              <dd>{number}</dd>
              <dt>Issued</dt>
              <dd>{formatDate(invoice.createdAt)}</dd>
              <dt>Due</dt>
              <dd>{formatDate(invoice.dueAt)}</dd>
            </dl>
          </div>
        </header>

        <section className="invoice-parties">
          <div>
            <h2>Bill to</h2>
            <address>
              <strong className="invoice-block-line">{billTo.name}</strong>
              {billTo.company ? <span className="invoice-block-line">{billTo.company}</span> : null}
              {billTo.address ? <Lines text={billTo.address} /> : null}
              {billTo.taxId ? <span className="invoice-block-line">{`Tax ID: ${billTo.taxId}`}</span> : null}
              <span className="invoice-block-line">{billTo.email}</span>
            </address>
          </div>
          <div>
            <h2>Project</h2>
            <p>
              <strong>{project?.projectName ?? invoice.projectName}</strong>
              <br />
              {project ? project.projectDomainURL : "Project deleted"}
            </p>
          </div>
        </section>

        <div className="invoice-lines-wrap">
          <table className="invoice-lines">
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col" className="numeric">
                  Qty
                </th>
                <th scope="col" className="numeric">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>
                  <strong>{pkg.title}</strong>
                  <span className="invoice-line-detail">
                    {pkg.customPages} custom pages, admin console, notification system, subscription portal and full source code
                  </span>
                </td>
                <td className="numeric">1</td>
                <td className="numeric">{totals.subtotal}</td>
              </tr>
            </tbody>
            <tfoot>
              {totals.tax ? (
                <>
                  <tr className="invoice-subtotal">
                    <th scope="row" colSpan={2}>
                      Subtotal
                    </th>
                    <td className="numeric">{totals.subtotal}</td>
                  </tr>
                  <tr className="invoice-tax">
                    <th scope="row" colSpan={2}>
                      {totals.tax.label}
                    </th>
                    <td className="numeric">{totals.tax.amount}</td>
                  </tr>
                </>
              ) : null}
              <tr>
                <th scope="row" colSpan={2}>
                  {owed ? "Total due" : "Total"}
                </th>
                <td className="numeric invoice-total">{totals.total}</td>
              </tr>
            </tfoot>
          </table>
        </div>

        {props.payment.receipt.length > 0 ? (
          <section className="invoice-receipt" aria-labelledby="receipt-title">
            <h2 id="receipt-title">Receipt</h2>
            <table className="invoice-lines">
              <tbody>
                {props.payment.receipt.map((line) => (
                  <tr key={line.id}>
                    <td className="nowrap">{formatDate(line.date)}</td>
                    <td>{line.description}</td>
                    <td className="numeric">{line.amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : null}

        <footer className="invoice-notes">
          {owed ? (
            <>
              <p>
                <strong>How to pay:</strong> {props.payment.canPayByCard ? "by card with the Pay by card button on this page, or: " : null}
                {props.payment.instructions}
              </p>
              <p>
                Payment is due within {INVOICE_DUE_DAYS} days of the invoice date, or the project is deleted. A refund is given only if we terminate the
                project.
              </p>
            </>
          ) : stateKey === "paid" || stateKey === "refunded" ? (
            <p>Thank you for your payment. A refund is given only if we terminate the project.</p>
          ) : null}
          <p>
            Questions about this invoice? Write to <a href={`mailto:${studio.email}`}>{studio.email}</a> and quote <span className="nowrap">{number}</span>.
          </p>
        </footer>
      </article>
      {props.canVoid ? <VoidForm invoiceId={invoice.id} /> : null}
    </div>
  );
}
