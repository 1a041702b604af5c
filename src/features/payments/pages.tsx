// /billing (SPEC.md has no billing page; customers need one to see what they owe and paid) and the
// admin console's /admin/payments with its CSV export.
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { Island } from "../../render/island";
import { AdminFrame } from "../../render/layout/admin-frame";
import { page } from "../../render/layout/page";
import { PageShell } from "../../render/layout/views";
import { auditBy } from "../audit";
import { getBillingDetails } from "../billing-details";
import { BILLING_LIMITS } from "../billing-details/model";
import { resolveIssueAsAdmin } from "./checks";
import { exportPaymentsCsv, exportStatementCsv, getPaymentsPage, listBilling, readPaymentListState, statementMonth } from "./lists";
import { BillingList, DeletionList, InvoiceList, IssueList, PaymentFilters, PaymentTable, PaymentTotalsStrip } from "./views";

export const paymentPages = (deps: AppDeps) =>
  new Elysia({ name: "payment-pages" })
    .use(context(deps))
    .guard({ auth: "user" })
    .get("/billing", async ({ actor: signedIn }) => {
      const [items, details] = await Promise.all([listBilling(deps, signedIn, new Date()), getBillingDetails(deps, signedIn)]);
      return page(
        deps,
        signedIn,
        { title: "Billing", description: "Your invoices and receipts." },
        <PageShell actor={signedIn}>
          <div className="container page billing-page">
            <header className="page-header">
              <div>
                <p className="eyebrow">Billing</p>
                <h1>Your invoices</h1>
              </div>
            </header>
            <section className="list-section" aria-label="Invoices">
              <BillingList items={items} canPayByCard={deps.payments !== null} instructions={deps.config.providerPaymentInstructions} />
            </section>
            <section className="card billing-details" aria-labelledby="billing-details-title">
              <div className="settings-card-head">
                <h2 id="billing-details-title" className="card-title">
                  Billing details
                </h2>
                <p className="subtle">Optional. What you save here is printed on invoices issued from now on; an invoice already issued never changes.</p>
              </div>
              <Island name="billing-details" props={{ details, limits: BILLING_LIMITS }} hydrate="idle" />
            </section>
          </div>
        </PageShell>,
      );
    })
    .get(
      "/admin/payments",
      async ({ actor: admin, request }) => {
        const search = new URL(request.url).searchParams;
        const state = readPaymentListState(search);
        const data = await getPaymentsPage(deps, state, new Date());
        const filtered = Boolean(state.kind || state.method || state.period || state.attention);
        const month = new Date().toISOString().slice(0, 7);
        const query = search.toString();
        return page(
          deps,
          admin,
          { title: "Payments · Admin Console", description: "Payments, refunds and what customers owe." },
          <AdminFrame
            actor={admin}
            tab="payments"
            title="Payments"
            lead="Money received and returned, what is still owed, and what was deleted for non-payment."
          >
            <PaymentTotalsStrip totals={data.totals} />
            <section className="list-section" aria-label="Payment records">
              <div className="list-toolbar">
                <PaymentFilters state={state} openIssues={data.openIssues} />
                <a className="button" href={`/admin/payments.csv${query ? `?${query}` : ""}`} download>
                  Export CSV
                </a>
                <a className="button" href={`/admin/payments/statement.csv?month=${month}`} download>
                  Monthly statement
                </a>
              </div>
              {data.rows.length === 0 ? (
                <div className="empty-state">
                  <p className="empty-title">{filtered ? "No payments match these filters." : "No payments yet."}</p>
                  {filtered ? <a href="/admin/payments">Clear filters</a> : null}
                </div>
              ) : (
                <PaymentTable rows={data.rows} />
              )}
            </section>
            <IssueList items={data.issues} count={data.openIssues} />
            <InvoiceList items={data.invoices} />
            <DeletionList rows={data.deletions} />
          </AdminFrame>,
        );
      },
      { auth: "admin" },
    )
    .get(
      "/admin/payments.csv",
      async ({ request }) => {
        const now = new Date();
        const csv = await exportPaymentsCsv(deps, readPaymentListState(new URL(request.url).searchParams), now);
        return new Response(csv, {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="payments-${now.toISOString().slice(0, 10)}.csv"`,
            "cache-control": "private, no-store",
          },
        });
      },
      { auth: "admin" },
    )
    // The monthly statement (decision 084): ?month=2026-11, this month by default.
    .get(
      "/admin/payments/statement.csv",
      async ({ request }) => {
        const month = statementMonth(new URL(request.url).searchParams.get("month"), new Date());
        const csv = await exportStatementCsv(deps, month);
        return new Response(csv, {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="statement-${month.toISOString().slice(0, 7)}.csv"`,
            "cache-control": "private, no-store",
          },
        });
      },
      { auth: "admin" },
    )
    // The Needs attention list's Mark resolved form (a plain form POST, like the invoice's Void).
    .post(
      "/admin/payments/issues/:id/resolve",
      async ({ actor: admin, params, body, request, redirect }) => {
        await resolveIssueAsAdmin(deps, params.id, body.note ?? "", auditBy(admin, request));
        return redirect("/admin/payments?attention=1", 303);
      },
      { auth: "admin", body: t.Object({ note: t.Optional(t.String({ maxLength: 2000 })) }) },
    );
