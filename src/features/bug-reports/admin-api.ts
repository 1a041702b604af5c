// /api/admin/bugreports (SPEC.md §7 Bug reports; DESIGN.md adds POST for admins). Admins only;
// the role is checked before the request is validated, so outsiders learn nothing of its shape.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { operation } from "../../http/openapi";
import { strictBody } from "../../http/unknown-fields";
import { auditBy } from "../audit";
import { createBugReportAsAdmin, deleteBugReports, getBugReport, getBugReportStats, searchBugReports, updateBugReports } from "./admin-service";
import {
  BugReportIdParams,
  BugReportModel,
  BugReportSearchQuery,
  BugReportStats,
  BugReportsBulkAnswer,
  BugReportsDeleteQuery,
  BugReportsPage,
  BugReportsPatch,
  CreatedBugReport,
  NewBugReport,
  StatsQuery,
} from "./model";

export const adminBugReportsApi = (deps: AppDeps) => {
  const db = deps.database.db;
  return new Elysia({ name: "admin-bug-reports-api", prefix: "/api/admin/bugreports" })
    .use(context(deps))
    .guard({ auth: "admin" })
    .get("/search", ({ query }) => searchBugReports(db, query), {
      query: BugReportSearchQuery,
      response: BugReportsPage,
      detail: operation("Bug reports (admin)", "admin", "Search bug reports"),
    })
    .get("/stats", ({ query }) => getBugReportStats(db, query.timeframe ?? "week"), {
      query: StatsQuery,
      response: BugReportStats,
      detail: operation("Bug reports (admin)", "admin", "Bug-report counts against the window before"),
    })
    .get("/:id", ({ params }) => getBugReport(db, params.id), {
      params: BugReportIdParams,
      response: BugReportModel,
      detail: operation("Bug reports (admin)", "admin", "Read a bug report"),
    })
    .post("", async ({ actor, body, request, status }) => status(201, await createBugReportAsAdmin(db, actor.user.id, body, auditBy(actor, request), deps)), {
      ...strictBody(NewBugReport),
      response: { 201: CreatedBugReport },
      detail: operation("Bug reports (admin)", "admin", "Log a bug report"),
    })
    .patch("", ({ actor, body, request }) => updateBugReports(db, body.bugReportIDs, body.updatedFields, auditBy(actor, request)), {
      ...strictBody(BugReportsPatch),
      response: BugReportsBulkAnswer,
      detail: operation("Bug reports (admin)", "admin", "Change several bug reports"),
    })
    .delete("", ({ actor, query, request }) => deleteBugReports(db, query.bugReportIDs, auditBy(actor, request)), {
      query: BugReportsDeleteQuery,
      response: BugReportsBulkAnswer,
      detail: operation("Bug reports (admin)", "admin", "Delete several bug reports"),
    });
};
