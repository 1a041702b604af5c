// The printable invoice: a document first, so it reads well on paper and as a PDF.

import { formatDate } from "../../shared/dates";
import { INVOICE_DUE_DAYS, formatPrice, packageFor } from "../../shared/packages";
import { Logo } from "../layout/logo";
import type { InvoiceDetails } from "./queries";
import { formatInvoiceNumber } from "./service";

export function InvoiceView(props: { details: InvoiceDetails; provider: { email: string; address: string }; now: Date }) {
  const { invoice, project, customer } = props.details;
  const pkg = packageFor(invoice.invoiceType);
  const number = formatInvoiceNumber(invoice.number);
  const overdue = !project.receivedPayment && invoice.dueAt.getTime() < props.now.getTime();
  const state = project.receivedPayment
    ? { label: "Paid", badge: "badge-green" }
    : overdue
      ? { label: "Overdue", badge: "badge-red" }
      : { label: "Awaiting payment", badge: "badge-yellow" };
  return (
    <div className="container page invoice-page">
      <div className="invoice-toolbar no-print">
        <a className="button" href={`/projects/${project.id}`}>
          Back to project
        </a>
        <p className="field-hint">To print or save a PDF, use your browser's Print command (Ctrl+P or ⌘P).</p>
      </div>
      <article className="card invoice" aria-labelledby="invoice-title">
        <header className="invoice-head">
          <div className="invoice-from">
            <Logo />
            <address>
              {props.provider.address}
              <br />
              <a href={`mailto:${props.provider.email}`}>{props.provider.email}</a>
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
            <p>
              <strong>{customer.displayName}</strong>
              <br />
              {customer.email}
            </p>
          </div>
          <div>
            <h2>Project</h2>
            <p>
              <strong>{project.projectName}</strong>
              <br />
              {project.projectDomainURL}
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
                <td className="numeric">{formatPrice(invoice.amount)}</td>
              </tr>
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Total due
                </th>
                <td className="numeric invoice-total">{formatPrice(invoice.amount)}</td>
              </tr>
            </tfoot>
          </table>
        </div>

        <footer className="invoice-notes">
          <p>
            Payment is due within {INVOICE_DUE_DAYS} days of the invoice date, or the project is deleted. A refund is given only if we terminate the project.
          </p>
          <p>
            Questions about this invoice? Write to <a href={`mailto:${props.provider.email}`}>{props.provider.email}</a> and quote{" "}
            <span className="nowrap">{number}</span>.
          </p>
        </footer>
      </article>
    </div>
  );
}
