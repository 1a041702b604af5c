// The body and answer of /api/users/me/billing-details (decision 085). Every field is optional
// text; an empty one clears it. The limits keep the invoice's Bill-to block on one A4 page.
import { t } from "elysia";

export const BILLING_LIMITS = { name: 200, company: 200, address: 500, taxId: 50 } as const;
/** Lines of the address block on the invoice. */
export const BILLING_ADDRESS_LINES = 6;

const text = (field: string, max: number) =>
  t.Optional(t.String({ maxLength: max, error: `${field} must be text of at most ${max} characters (an empty one clears it).` }));

export const BillingDetailsBody = t.Object(
  {
    name: text("name", BILLING_LIMITS.name),
    company: text("company", BILLING_LIMITS.company),
    address: text("address", BILLING_LIMITS.address),
    taxId: text("taxId", BILLING_LIMITS.taxId),
  },
  { additionalProperties: false },
);
export type BillingDetailsBody = typeof BillingDetailsBody.static;

export const BillingDetailsModel = t.Object({
  name: t.Union([t.String(), t.Null()]),
  company: t.Union([t.String(), t.Null()]),
  address: t.Union([t.String(), t.Null()]),
  taxId: t.Union([t.String(), t.Null()]),
});
export type BillingDetailsView = typeof BillingDetailsModel.static;

export const BillingDetailsAnswer = t.Object({ billingDetails: BillingDetailsModel });
export const BillingDetailsSaved = t.Object({ message: t.String(), billingDetails: BillingDetailsModel });
