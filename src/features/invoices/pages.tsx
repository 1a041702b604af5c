import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { requireSignedInPage } from "../../http/guards";
import { page } from "../layout/page";
import { PageShell } from "../layout/views";
import { formatInvoiceNumber, getInvoiceForViewer } from "./service";
import { InvoiceView } from "./views";

export const invoicePages = (deps: AppDeps) =>
  new Elysia({ name: "invoice-pages" }).use(context(deps)).get("/invoices/:id", async ({ actor, params }) => {
    const signedIn = requireSignedInPage(actor);
    const details = await getInvoiceForViewer(deps, signedIn, params.id);
    return page(
      deps,
      signedIn,
      { title: `Invoice ${formatInvoiceNumber(details.invoice.number)}`, description: `Invoice for ${details.project.projectName}.` },
      <PageShell actor={signedIn}>
        <InvoiceView details={details} provider={{ email: deps.config.providerEmail, address: deps.config.providerAddress }} now={new Date()} />
      </PageShell>,
    );
  });
