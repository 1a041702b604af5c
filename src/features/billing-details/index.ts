// The billing-details feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
export { billingDetailsOf, getBillingDetails } from "./service";
