// A customer's billing details (decision 085): what they want on their invoices as the Bill-to
// block. Saving changes only invoices issued afterwards; an issued invoice keeps its copy.
import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { badRequest } from "../../http/errors";
import { BILLING_ADDRESS_LINES, type BillingDetailsBody, type BillingDetailsView } from "./model";
import { findBillingDetails, saveBillingDetails } from "./queries";

export const NO_BILLING_DETAILS: BillingDetailsView = { name: null, company: null, address: null, taxId: null };

/** Trimmed; an address keeps its lines (without blank ones); empty means none. */
function clean(value: string, multiline: boolean): string | null {
  const tidy = multiline
    ? value
        .split(/\r\n|\r|\n/)
        .map((line) => line.replace(/\s+/g, " ").trim())
        .filter(Boolean)
        .join("\n")
    : value.replace(/\s+/g, " ").trim();
  return tidy === "" ? null : tidy;
}

export async function getBillingDetails(deps: Pick<AppDeps, "database">, actor: Actor): Promise<BillingDetailsView> {
  return (await findBillingDetails(deps.database.db, actor.user.id)) ?? NO_BILLING_DETAILS;
}

/** Sets the fields the body names (an empty one clears it) and keeps the others. */
export async function updateBillingDetails(
  deps: Pick<AppDeps, "database">,
  actor: Actor,
  body: BillingDetailsBody,
): Promise<{ message: string; billingDetails: BillingDetailsView }> {
  const current = await getBillingDetails(deps, actor);
  const next: BillingDetailsView = {
    name: body.name === undefined ? current.name : clean(body.name, false),
    company: body.company === undefined ? current.company : clean(body.company, false),
    address: body.address === undefined ? current.address : clean(body.address, true),
    taxId: body.taxId === undefined ? current.taxId : clean(body.taxId, false),
  };
  if (next.address && next.address.split("\n").length > BILLING_ADDRESS_LINES) {
    const message = `address must be at most ${BILLING_ADDRESS_LINES} lines.`;
    throw badRequest(`Invalid address: ${message}`, { address: message });
  }
  await saveBillingDetails(deps.database.db, actor.user.id, next);
  const empty = Object.values(next).every((value) => value === null);
  return {
    message: empty
      ? "Billing details cleared. New invoices show your name and e-mail."
      : "Billing details saved. New invoices will show them; invoices already issued keep theirs.",
    billingDetails: next,
  };
}
