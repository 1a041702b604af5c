// The audit feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { adminAuditApi } from "./api";
import { adminAuditPages } from "./pages";

export { type AuditBy, adminAuditBy, auditBy, auditChanges, auditDeletions, auditProjectEdit, recordAudit, userTarget } from "./record";

/** The audit feature as src/app.ts mounts it: its pages, and its JSON API as `.api` (src/http/feature.ts). */
export const auditFeature = (deps: AppDeps) => feature("audit", { api: adminAuditApi(deps) }, adminAuditPages(deps));
