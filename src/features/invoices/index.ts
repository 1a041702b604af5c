// The invoices feature as the app assembles it.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { adminInvoicesApi } from "./api";
import { invoicePages } from "./pages";

/** The invoices feature as src/app.ts mounts it: its pages, and its JSON API as `.api` (src/http/feature.ts). */
export const invoicesFeature = (deps: AppDeps) => feature("invoices", { api: adminInvoicesApi(deps) }, invoicePages(deps));
