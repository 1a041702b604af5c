import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { requireAdmin } from "../../http/guards";
import { operation } from "../../http/openapi";
import { refuseUnknownFields } from "../../http/unknown-fields";
import { auditBy } from "../audit/record";
import { voidInvoiceAsAdmin } from "../payments/service";
import { InvoiceIdParams, SendInvoiceBody, SentInvoice, VoidInvoiceBody, VoidedInvoice } from "./model";
import { sendInvoice } from "./service";

export const adminInvoicesApi = (deps: AppDeps) =>
  new Elysia({ name: "admin-invoices-api", prefix: "/api/admin" })
    .use(context(deps))
    .onTransform(({ actor }) => void requireAdmin(actor))
    .patch("/projects/sendinvoice", ({ actor, body, request }) => sendInvoice(deps, body, auditBy(requireAdmin(actor), request)), {
      transform: refuseUnknownFields(SendInvoiceBody),
      body: SendInvoiceBody,
      response: SentInvoice,
      detail: operation("Projects (admin)", "admin", "Send a project's invoice"),
    })
    // The same as the invoice page's Void form: open → void, with the reason the customer reads.
    .post("/invoices/:id/void", ({ actor, params, body, request }) => voidInvoiceAsAdmin(deps, params.id, body.reason, auditBy(requireAdmin(actor), request)), {
      transform: refuseUnknownFields(VoidInvoiceBody),
      params: InvoiceIdParams,
      body: VoidInvoiceBody,
      response: VoidedInvoice,
      detail: operation("Projects (admin)", "admin", "Void an open invoice, with the reason the customer reads"),
    });
