// The billing-details feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { billingDetailsApi } from "./api";

export { billingDetailsOf, getBillingDetails } from "./service";

/** The billing-details feature as src/app.ts mounts it: no pages, only its JSON API as `.api` (src/http/feature.ts). */
export const billingDetailsFeature = (deps: AppDeps) => feature("billing-details", { api: billingDetailsApi(deps) });
