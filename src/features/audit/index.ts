// The audit feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
export { type AuditBy, adminAuditBy, auditBy, auditChanges, auditDeletions, auditProjectEdit, recordAudit, userTarget } from "./record";
