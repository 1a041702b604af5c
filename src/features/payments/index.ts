// The payments feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
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
