// /invoices/{id}: the printable invoice with its Pay button and receipt; /invoices/{id}/pay
// (a plain form POST, so it works without JavaScript) opens Stripe Checkout; /invoices/{id}/pdf.
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { requireSignedInPage } from "../../http/guards";
import { page } from "../layout/page";
import { PageShell } from "../layout/views";
import { confirmCheckoutReturn, receiptFor, startCheckout } from "../payments/service";
import { renderInvoicePdf } from "./pdf";
import { formatInvoiceNumber, getInvoiceForViewer } from "./service";
import { InvoiceView } from "./views";

const InvoiceQuery = t.Object({
  checkout: t.Optional(t.String({ maxLength: 20 })),
  session: t.Optional(t.String({ maxLength: 200 })),
});

export const invoicePages = (deps: AppDeps) =>
  new Elysia({ name: "invoice-pages" })
    .use(context(deps))
    .get(
      "/invoices/:id",
      async ({ actor, params, query }) => {
        const signedIn = requireSignedInPage(actor);
        // Back from Stripe: record the payment now if the webhook has not yet (same record either way).
        if (query.checkout === "success" && query.session) await confirmCheckoutReturn(deps, signedIn, params.id, query.session);
        const details = await getInvoiceForViewer(deps, signedIn, params.id);
        const paid = details.project.receivedPayment;
        const current = details.project.invoiceId === details.invoice.id;
        const notice = query.checkout === "success" ? (paid ? "paid" : "confirming") : query.checkout === "cancelled" && !paid ? "cancelled" : null;
        return page(
          deps,
          signedIn,
          { title: `Invoice ${formatInvoiceNumber(details.invoice.number)}`, description: `Invoice for ${details.project.projectName}.`, noIndex: true },
          <PageShell actor={signedIn}>
            <InvoiceView
              details={details}
              provider={{ email: deps.config.providerEmail, address: deps.config.providerAddress }}
              now={new Date()}
              payment={{
                canPayByCard: deps.payments !== null && current && !paid,
                instructions: deps.config.providerPaymentInstructions,
                notice,
                receipt: await receiptFor(deps, details.invoice.id),
              }}
            />
          </PageShell>,
        );
      },
      { query: InvoiceQuery },
    )
    .post("/invoices/:id/pay", async ({ actor, params, redirect }) => {
      const signedIn = requireSignedInPage(actor);
      return redirect(await startCheckout(deps, signedIn, params.id), 303);
    })
    .get("/invoices/:id/pdf", async ({ actor, params }) => {
      const signedIn = requireSignedInPage(actor);
      const details = await getInvoiceForViewer(deps, signedIn, params.id);
      const number = formatInvoiceNumber(details.invoice.number);
      const pdf = await renderInvoicePdf(details, number, {
        email: deps.config.providerEmail,
        address: deps.config.providerAddress,
        paymentInstructions: deps.config.providerPaymentInstructions,
        payUrl: deps.payments && !details.project.receivedPayment ? `${deps.config.publicUrl}/invoices/${details.invoice.id}` : null,
      });
      return new Response(Buffer.from(pdf), {
        headers: { "content-type": "application/pdf", "content-disposition": `inline; filename="${number}.pdf"`, "cache-control": "private, no-store" },
      });
    });
