// /billing (a customer's invoices) and the admin console's Payments page: totals for this month
// and last in the style of the bug-report metrics, filters as links, the records, and what was
// deleted for non-payment.
import { FilterPill } from "../../render/list-controls";
import { linkTo } from "../../render/list-links";
import { formatDate } from "../../shared/dates";
import { type InvoiceState, formatInvoiceCents, formatInvoiceNumber, invoiceStateLabels } from "../../shared/invoices";
import { formatDollarAmount } from "../../shared/packages";
import { money } from "./checks";
import type { BillingItem, PaymentListState, PaymentRow, PaymentTotals } from "./lists";

/** /billing's list of invoices with Pay where it applies; a project's Billing tab shows its own without the Project column. */
export function BillingList(props: { items: BillingItem[]; canPayByCard: boolean; instructions: string; inProject?: boolean }) {
  if (props.items.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-title">No invoices yet.</p>
        <p className="muted">We send an invoice once your project request is approved.</p>
      </div>
    );
  }
  return (
    <>
      <div className="table-wrap">
        <table className="table billing-table">
          <thead>
            <tr>
              <th scope="col">Invoice</th>
              {props.inProject ? null : (
                <th scope="col" className="hide-mobile">
                  Project
                </th>
              )}
              <th scope="col" className="numeric">
                Amount
              </th>
              <th scope="col" className="hide-mobile">
                Due
              </th>
              <th scope="col" className="hide-mobile">
                State
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {props.items.map((item) => {
              const state = invoiceStateLabels[item.state];
              const payable = props.canPayByCard && (item.state === "awaiting" || item.state === "overdue");
              return (
                <tr key={item.invoiceId}>
                  <td className="nowrap">
                    <a className="row-link" href={`/invoices/${item.invoiceId}`}>
                      {formatInvoiceNumber(item.number)}
                    </a>
                    <span className="row-sub mobile-only">{props.inProject ? `Due ${formatDate(item.dueAt)}` : item.projectName}</span>
                    <span className={`badge ${state.badge} mobile-only billing-state`}>{state.label}</span>
                  </td>
                  {props.inProject ? null : (
                    <td className="hide-mobile">
                      {item.projectId ? (
                        <a href={`/projects/${item.projectId}/billing`}>{item.projectName}</a>
                      ) : (
                        <>
                          {item.projectName} <span className="row-sub">Project deleted</span>
                        </>
                      )}
                    </td>
                  )}
                  <td className="numeric nowrap">{formatInvoiceCents(item.totalCents, false)}</td>
                  <td className="hide-mobile nowrap">{formatDate(item.dueAt)}</td>
                  <td className="hide-mobile">
                    <span className={`badge ${state.badge}`}>{state.label}</span>
                  </td>
                  <td className="billing-actions">
                    {payable ? (
                      <form method="post" action={`/invoices/${item.invoiceId}/pay`}>
                        <button type="submit" className="button button-sm button-primary">
                          Pay
                        </button>
                      </form>
                    ) : (
                      <a className="button button-sm" href={`/invoices/${item.invoiceId}`}>
                        {item.state === "paid" || item.state === "refunded" ? "Receipt" : "View"}
                      </a>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {/* How to pay, while something is owed. */}
      {props.items.some((item) => item.state === "awaiting" || item.state === "overdue") ? (
        <p className="muted billing-note">
          {props.canPayByCard ? "Pay by card with the Pay button, or: " : "How to pay: "}
          {props.instructions}
        </p>
      ) : null}
    </>
  );
}

function Delta(props: { now: number; before: number }) {
  // Nothing last month: no percentage says anything true.
  if (props.before === 0)
    return (
      <span className="metric-delta metric-delta-flat">
        — <span className="metric-delta-note">vs last month</span>
      </span>
    );
  const value = Math.round(((props.now - props.before) / props.before) * 100);
  const direction = value > 0 ? "up" : value < 0 ? "down" : "flat";
  return (
    <span className={`metric-delta metric-delta-${direction}`}>
      {value > 0 ? "+" : ""}
      {value}% <span className="metric-delta-note">vs last month</span>
    </span>
  );
}

export function PaymentTotalsStrip(props: { totals: PaymentTotals }) {
  const { thisMonth, lastMonth } = props.totals;
  const metrics = [
    { label: "Paid", now: thisMonth.paidCents, before: lastMonth.paidCents },
    { label: "Outstanding", now: thisMonth.outstandingCents, before: lastMonth.outstandingCents },
    { label: "Overdue", now: thisMonth.overdueCents, before: lastMonth.overdueCents },
    { label: "Refunded", now: thisMonth.refundedCents, before: lastMonth.refundedCents },
  ];
  return (
    <section className="metrics" aria-labelledby="payment-metrics-title">
      <div className="metrics-head">
        <h2 id="payment-metrics-title" className="metrics-title">
          This month
        </h2>
      </div>
      <dl className="metric-cards metric-cards-4">
        {metrics.map((metric) => (
          <div key={metric.label} className="metric-card">
            <dt>{metric.label}</dt>
            <dd>
              <span className="metric-count">{formatMoney(metric.now)}</span>
              <Delta now={metric.now} before={metric.before} />
              <span className="metric-delta-note">Last month {formatMoney(metric.before)}</span>
            </dd>
          </div>
        ))}
      </dl>
      <OtherCurrencies thisMonth={thisMonth} />
    </section>
  );
}

/** Money in currencies other than the invoices' is shown apart: no total adds two currencies. */
function OtherCurrencies(props: { thisMonth: PaymentTotals["thisMonth"] }) {
  const others = props.thisMonth.byCurrency.filter((row) => row.currency !== "usd");
  if (others.length === 0) return null;
  return (
    <p className="muted metrics-note">
      {`Other currencies this month: ${others.map((row) => `${money(row.paidCents, row.currency)} paid, ${money(row.refundedCents, row.currency)} refunded`).join("; ")}`}
    </p>
  );
}

const formatMoney = (cents: number): string => `$${formatDollarAmount(Math.round(cents / 100), false)}`;

export const paymentListLink = (state: PaymentListState, change: Partial<PaymentListState>): string => linkTo("/admin/payments", { ...state, ...change });

export function PaymentFilters(props: { state: PaymentListState; openIssues: number }) {
  const { state } = props;
  const kinds = [
    { value: "payment", label: "Payments" },
    { value: "refund", label: "Refunds" },
    { value: "reversal", label: "Reversals" },
  ] as const;
  const methods = [
    { value: "card", label: "Card" },
    { value: "manual", label: "Manual" },
    { value: "access_code", label: "Access code" },
  ] as const;
  const periods = [
    { value: "this-month", label: "This month" },
    { value: "last-month", label: "Last month" },
  ] as const;
  return (
    <div className="pill-row" role="group" aria-label="Filter payments">
      {kinds.map((kind) => (
        <FilterPill
          key={kind.value}
          href={paymentListLink(state, { kind: state.kind === kind.value ? undefined : kind.value })}
          active={state.kind === kind.value}
        >
          {kind.label}
        </FilterPill>
      ))}
      <span className="pill-divider" aria-hidden="true" />
      {methods.map((method) => (
        <FilterPill
          key={method.value}
          href={paymentListLink(state, { method: state.method === method.value ? undefined : method.value })}
          active={state.method === method.value}
        >
          {method.label}
        </FilterPill>
      ))}
      <span className="pill-divider" aria-hidden="true" />
      {periods.map((period) => (
        <FilterPill
          key={period.value}
          href={paymentListLink(state, { period: state.period === period.value ? undefined : period.value })}
          active={state.period === period.value}
        >
          {period.label}
        </FilterPill>
      ))}
      <span className="pill-divider" aria-hidden="true" />
      <FilterPill href={paymentListLink(state, { attention: state.attention ? undefined : true })} active={state.attention === true}>
        {`Needs attention (${props.openIssues})`}
      </FilterPill>
    </div>
  );
}

/**
 * Payment records. Within a project (its Admin and Billing tabs) the customer and project go without
 * saying and the date leads; the customer sees neither who recorded an entry nor what needs an admin.
 */
export function PaymentTable(props: { rows: PaymentRow[]; inProject?: boolean; audience?: "admin" | "customer" }) {
  const admin = props.audience !== "customer";
  return (
    <div className="table-wrap">
      <table className="table payments-table">
        <thead>
          <tr>
            <th scope="col" className={props.inProject ? undefined : "hide-mobile"}>
              Date
            </th>
            {props.inProject ? null : <th scope="col">Customer</th>}
            <th scope="col" className="hide-mobile">
              {props.inProject ? "Invoice" : "Project"}
            </th>
            <th scope="col" className="hide-mobile">
              Method
            </th>
            <th scope="col" className="numeric">
              Amount
            </th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.id}>
              {props.inProject ? (
                <td>
                  {formatDate(row.createdAt)}
                  <span className="row-sub mobile-only">{row.method}</span>
                </td>
              ) : (
                <>
                  <td className="hide-mobile nowrap">{formatDate(row.createdAt)}</td>
                  <td>
                    <span className="cell-main">{row.customerName}</span>
                    <span className="row-sub">{row.customerEmail}</span>
                    <span className="row-sub mobile-only">
                      {formatDate(row.createdAt)} · {row.method}
                    </span>
                  </td>
                </>
              )}
              <td className="hide-mobile">
                {props.inProject ? null : (
                  <>
                    {row.projectId ? <a href={`/projects/${row.projectId}/admin`}>{row.projectName}</a> : row.projectName}
                    {row.projectId ? null : <span className="row-sub">Project deleted</span>}
                  </>
                )}
                {row.invoice && row.invoiceId ? (
                  <a className={props.inProject ? undefined : "row-sub"} href={`/invoices/${row.invoiceId}`}>
                    {row.invoice}
                  </a>
                ) : null}
              </td>
              <td className="hide-mobile">
                {row.method}
                {row.reference ? <span className="row-sub">{`Ref. ${row.reference}`}</span> : null}
                {admin && row.recordedBy ? <span className="row-sub">{`by ${row.recordedBy}`}</span> : null}
              </td>
              <td className="numeric nowrap">{row.amount}</td>
              <td>
                <span className={`badge badge-${row.stateColor}`}>{row.state}</span>
                {row.failureReason ? <span className="row-sub">{row.failureReason}</span> : null}
                {admin && row.needsAttention ? <span className="row-sub">Needs attention</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export type AdminInvoiceItem = {
  invoiceId: string;
  number: number;
  customer: string;
  customerEmail: string;
  projectName: string;
  projectDeleted: boolean;
  amount: number;
  /** Tax included (decision 085). */
  totalCents: number;
  dueAt: Date;
  state: InvoiceState;
  voidReason: string | null;
};

/** The newest invoices, each opening its page (where an open one can be voided), deleted projects' too. */
export function InvoiceList(props: { items: AdminInvoiceItem[] }) {
  return (
    <section className="list-section" aria-labelledby="invoices-title">
      <div className="list-head">
        <div>
          <h2 id="invoices-title">Invoices</h2>
          <p className="muted list-hint">The newest invoices, paid, open or void, also those of deleted projects. Open one to void it.</p>
        </div>
      </div>
      {props.items.length === 0 ? (
        <div className="empty-state">
          <p className="empty-title">No invoices yet.</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Invoice</th>
                <th scope="col">Customer</th>
                <th scope="col" className="hide-mobile">
                  Project
                </th>
                <th scope="col" className="numeric">
                  Amount
                </th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {props.items.map((item) => {
                const state = invoiceStateLabels[item.state];
                return (
                  <tr key={item.invoiceId}>
                    <td className="nowrap">
                      <a className="row-link" href={`/invoices/${item.invoiceId}`}>
                        {formatInvoiceNumber(item.number)}
                      </a>
                      <span className="row-sub">{`Due ${formatDate(item.dueAt)}`}</span>
                    </td>
                    <td>
                      <span className="cell-main">{item.customer}</span>
                      <span className="row-sub">{item.customerEmail}</span>
                    </td>
                    <td className="hide-mobile">
                      {item.projectName}
                      {item.projectDeleted ? <span className="row-sub">Project deleted</span> : null}
                    </td>
                    <td className="numeric nowrap">{formatInvoiceCents(item.totalCents, false)}</td>
                    <td>
                      <span className={`badge ${state.badge}`}>{state.label}</span>
                      {item.voidReason ? <span className="row-sub">{item.voidReason}</span> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function DeletionList(props: { rows: { id: string; deletedAt: Date; projectName: string; customer: string; invoice: string; reason: string }[] }) {
  return (
    <section className="list-section" aria-labelledby="deletions-title">
      <div className="list-head">
        <div>
          <h2 id="deletions-title">Deleted for non-payment</h2>
          <p className="muted list-hint">Projects the 7-day rule deleted after the final notice, newest first.</p>
        </div>
      </div>
      {props.rows.length === 0 ? (
        <div className="empty-state">
          <p className="empty-title">Nothing was deleted for non-payment.</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Project</th>
                <th scope="col" className="hide-mobile">
                  Customer
                </th>
                <th scope="col" className="hide-mobile">
                  Invoice
                </th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {props.rows.map((row) => (
                <tr key={row.id}>
                  <td className="nowrap">{formatDate(row.deletedAt)}</td>
                  <td>{row.projectName}</td>
                  <td className="hide-mobile">{row.customer}</td>
                  <td className="hide-mobile nowrap">{row.invoice}</td>
                  <td>{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export type IssueItem = { id: string; createdAt: Date; kind: string; message: string; invoiceId: string | null };

/** Open "needs attention" entries, each resolved with a note (decision 084). */
export function IssueList(props: { items: IssueItem[]; count: number }) {
  return (
    <section className="list-section" aria-labelledby="issues-title">
      <h2 id="issues-title">{`Needs attention (${props.count})`}</h2>
      {props.items.length === 0 ? (
        <p className="muted">Nothing needs attention: every payment matches its invoice and Stripe.</p>
      ) : (
        <ul className="issue-list">
          {props.items.map((item) => (
            <li key={item.id} className="card issue-item">
              <p>
                <span className="badge badge-red">Needs attention</span> <span className="row-sub">{formatDate(item.createdAt)}</span>
              </p>
              <p>{item.message}</p>
              {item.invoiceId ? <a href={`/invoices/${item.invoiceId}`}>Open the invoice</a> : null}
              <form method="post" action={`/admin/payments/issues/${item.id}/resolve`} className="inline-form">
                <label>
                  How it was resolved <input name="note" required maxLength={1000} />
                </label>
                <button type="submit" className="button">
                  Mark resolved
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A project's money records (its Admin and Billing tabs): each payment and refund with its state (a refused refund with Stripe's reason). */
export function ProjectMoneyRecords(props: { rows: PaymentRow[]; audience: "admin" | "customer" }) {
  if (props.rows.length === 0) return null;
  return (
    <section className="list-section" aria-labelledby="project-money-title">
      <h2 id="project-money-title">Payments and refunds</h2>
      <PaymentTable rows={props.rows} inProject audience={props.audience} />
    </section>
  );
}
