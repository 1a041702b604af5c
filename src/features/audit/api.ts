// GET /api/admin/audit: the audit log for admins and super admins, filtered like /admin/audit.
// Read-only by design: no route edits or deletes entries (the database refuses it as well).
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { operation } from "../../http/openapi";
import { AuditPage, AuditSearchQuery } from "./model";
import { searchAudit } from "./service";

export const adminAuditApi = (deps: AppDeps) =>
  new Elysia({ name: "admin-audit-api", prefix: "/api/admin/audit" })
    .use(context(deps))
    // The role is checked before the query is validated, so outsiders learn nothing of its shape.
    .guard({ auth: "admin" })
    .get("", ({ query }) => searchAudit(deps.database.db, query), {
      query: AuditSearchQuery,
      response: AuditPage,
      detail: operation("Audit log (admin)", "admin", "Search the audit log of admins' changes"),
    });
