import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { operation } from "../../http/openapi";
import { strictBody } from "../../http/unknown-fields";
import { auditBy } from "../audit";
import { voidInvoiceAsAdmin } from "../payments";
import { InvoiceIdParams, SendInvoiceBody, SentInvoice, VoidInvoiceBody, VoidedInvoice } from "./model";
import { sendInvoice } from "./service";

export const adminInvoicesApi = (deps: AppDeps) =>
  new Elysia({ name: "admin-invoices-api", prefix: "/api/admin" })
    .use(context(deps))
    .guard({ auth: "admin" })
    .patch("/projects/sendinvoice", ({ actor, body, request }) => sendInvoice(deps, body, auditBy(actor, request)), {
      ...strictBody(SendInvoiceBody),
      response: SentInvoice,
      detail: operation("Projects (admin)", "admin", "Send a project's invoice"),
    })
    // The same as the invoice page's Void form: open → void, with the reason the customer reads.
    .post("/invoices/:id/void", ({ actor, params, body, request }) => voidInvoiceAsAdmin(deps, params.id, body.reason, auditBy(actor, request)), {
      ...strictBody(VoidInvoiceBody),
      params: InvoiceIdParams,
      response: VoidedInvoice,
      detail: operation("Projects (admin)", "admin", "Void an open invoice, with the reason the customer reads"),
    });
