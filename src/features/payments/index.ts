// The payments feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { adminPaymentsApi, stripeWebhookApi } from "./api";
import { paymentPages } from "./pages";

export { reconcilePayments, startPaymentWorkers } from "./checks";
export { listProjectBilling, listProjectMoneyRows } from "./lists";
export { listOverdueForDeletion, recordOverdueDeletion, sendInvoiceReminders } from "./reminders";
export {
  type PendingCardRefund,
  type ProjectBilling,
  applyAdminPaymentChange,
  confirmCheckoutReturn,
  getProjectBilling,
  moneyNoteForDeletion,
  receiptFor,
  recordAccessCodePayment,
  startCheckout,
  voidInvoiceAsAdmin,
  voidInvoicesOfDeniedProject,
} from "./service";
export { BillingList, ProjectMoneyRecords } from "./views";

/** The payments feature as src/app.ts mounts it: its pages, its JSON API as `.api`, and Stripe's webhook apart (src/http/feature.ts). */
export const paymentsFeature = (deps: AppDeps) =>
  feature("payments", { api: adminPaymentsApi(deps), stripeWebhookApi: stripeWebhookApi(deps) }, paymentPages(deps));
