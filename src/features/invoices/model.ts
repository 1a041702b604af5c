// Request and response bodies of the invoice call (SPEC.md §7 PATCH /admin/projects/sendinvoice).
import { t } from "elysia";
import { AnsweredInteger } from "../../http/schemas";
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

export const SentInvoice = t.Object({ message: t.String(), invoiceID: t.String(), invoiceNumber: AnsweredInteger() });

export const InvoiceIdParams = t.Object({ id: Id });

export const VoidInvoiceBody = t.Object(
  { reason: t.String({ maxLength: 2000, error: "reason must be a text saying why the invoice is void." }) },
  { additionalProperties: false },
);

export const VoidedInvoice = t.Object({ message: t.String() });
