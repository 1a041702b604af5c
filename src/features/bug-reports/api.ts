// POST /api/bugreports: a signed-in user reports a bug (SPEC.md §7). The admin side of bug
// reports (search, stats, edit) belongs to the admin console.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { operation } from "../../http/openapi";
import { strictBody } from "../../http/unknown-fields";
import { CreatedBugReport, NewBugReport } from "./model";
import { createBugReport } from "./service";

export const bugReportsApi = (deps: AppDeps) =>
  new Elysia({ name: "bug-reports-api", prefix: "/api/bugreports" })
    .use(context(deps))
    // A visitor learns they must sign in before anything about the body.
    .guard({ auth: "user" })
    .post(
      "/",
      async ({ actor, body, set }) => {
        const reporter = actor;
        const bugReportID = await createBugReport(deps.database.db, reporter.user.id, body, deps);
        set.status = 201;
        return { bugReportID, message: "Thank you! Your bug report has been sent." };
      },
      {
        ...strictBody(NewBugReport),
        response: { 201: CreatedBugReport },
        detail: operation("Bug reports", "signed-in", "Report a bug"),
      },
    );
