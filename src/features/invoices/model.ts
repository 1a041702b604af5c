// Request and response bodies of the invoice call (SPEC.md §7 PATCH /admin/projects/sendinvoice).
import { t } from "elysia";
import { Id } from "../projects/model";

export const SendInvoiceBody = t.Object(
  {
    projectID: Id,
    /** Without it, a project that already has an invoice is refused (409) and nothing is created. */
    resend: t.Optional(t.Boolean()),
  },
  { additionalProperties: false },
);
export type SendInvoiceBody = typeof SendInvoiceBody.static;

export const SentInvoice = t.Object({ message: t.String(), invoiceID: t.String(), invoiceNumber: t.Integer() });
