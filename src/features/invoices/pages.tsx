// /invoices/{id}: the printable invoice with its Pay button and receipt; /invoices/{id}/pay
// (a plain form POST, so it works without JavaScript) opens Stripe Checkout; /invoices/{id}/pdf.
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { page } from "../../render/layout/page";
import { PageShell } from "../../render/layout/views";
import { formatInvoiceNumber } from "../../shared/invoices";
import { auditBy } from "../audit";
import { confirmCheckoutReturn, receiptFor, startCheckout, voidInvoiceAsAdmin } from "../payments";
import { studioOf } from "./money";
import { renderInvoicePdf } from "./pdf";
import { getInvoiceForViewer } from "./service";
import { InvoiceView } from "./views";

const InvoiceQuery = t.Object({
  checkout: t.Optional(t.String({ maxLength: 20 })),
  session: t.Optional(t.String({ maxLength: 200 })),
});

export const invoicePages = (deps: AppDeps) =>
  new Elysia({ name: "invoice-pages" })
    .use(context(deps))
    .guard({ auth: "user" })
    .get(
      "/invoices/:id",
      async ({ actor: signedIn, params, query }) => {
        // Back from Stripe: record the payment now if the webhook has not yet (same record either way).
        if (query.checkout === "success" && query.session) await confirmCheckoutReturn(deps, signedIn, params.id, query.session);
        const details = await getInvoiceForViewer(deps, signedIn, params.id);
        const paid = details.invoice.status === "paid";
        const open = details.invoice.status === "open";
        const current = details.project?.invoiceId === details.invoice.id;
        const notice = query.checkout === "success" ? (paid ? "paid" : "confirming") : query.checkout === "cancelled" && open ? "cancelled" : null;
        return page(
          deps,
          signedIn,
          { title: `Invoice ${formatInvoiceNumber(details.invoice.number)}`, description: `Invoice for ${details.invoice.projectName}.`, noIndex: true },
          <PageShell actor={signedIn}>
            <InvoiceView
              details={details}
              studio={studioOf(details.invoice, deps.config)}
              now={new Date()}
              canVoid={signedIn.isAdmin && open}
              payment={{
                canPayByCard: deps.payments !== null && current && open && details.project?.receivedPayment === false,
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
    .post("/invoices/:id/pay", async ({ actor: signedIn, params, redirect }) => {
      return redirect(await startCheckout(deps, signedIn, params.id), 303);
    })
    // The admin's Void form on the invoice page (a plain form POST, like Pay).
    .post(
      "/invoices/:id/void",
      async ({ actor: admin, params, body, request, redirect }) => {
        await voidInvoiceAsAdmin(deps, params.id, body.reason ?? "", auditBy(admin, request));
        return redirect(`/invoices/${params.id}`, 303);
      },
      { auth: "admin", body: t.Object({ reason: t.Optional(t.String({ maxLength: 2000 })) }) },
    )
    .get("/invoices/:id/pdf", async ({ actor: signedIn, params }) => {
      const details = await getInvoiceForViewer(deps, signedIn, params.id);
      const number = formatInvoiceNumber(details.invoice.number);
      const pdf = await renderInvoicePdf(details, number, {
        studio: studioOf(details.invoice, deps.config),
        paymentInstructions: deps.config.providerPaymentInstructions,
        payUrl: deps.payments && details.invoice.status === "open" && details.project ? `${deps.config.publicUrl}/invoices/${details.invoice.id}` : null,
      });
      return new Response(Buffer.from(pdf), {
        headers: { "content-type": "application/pdf", "content-disposition": `inline; filename="${number}.pdf"`, "cache-control": "private, no-store" },
      });
    });
