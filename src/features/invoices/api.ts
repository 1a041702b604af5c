import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { requireAdmin } from "../../http/guards";
import { operation } from "../../http/openapi";
import { refuseUnknownFields } from "../../http/unknown-fields";
import { auditBy } from "../audit/record";
import { SendInvoiceBody, SentInvoice } from "./model";
import { sendInvoice } from "./service";

export const adminInvoicesApi = (deps: AppDeps) =>
  new Elysia({ name: "admin-invoices-api", prefix: "/api/admin/projects" })
    .use(context(deps))
    .onTransform(({ actor }) => void requireAdmin(actor))
    .patch("/sendinvoice", ({ actor, body, request }) => sendInvoice(deps, body, auditBy(requireAdmin(actor), request)), {
      transform: refuseUnknownFields(SendInvoiceBody),
      body: SendInvoiceBody,
      response: SentInvoice,
      detail: operation("Projects (admin)", "admin", "Send a project's invoice"),
    });
