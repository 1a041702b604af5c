// POST /api/bugreports: a signed-in user reports a bug (SPEC.md §7). The admin side of bug
// reports (search, stats, edit) belongs to the admin console.
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { requireUser } from "../../http/guards";
import { createBugReport } from "./service";

export const bugReportsApi = (deps: AppDeps) =>
  new Elysia({ name: "bug-reports-api", prefix: "/api/bugreports" }).use(context(deps)).post(
    "/",
    async ({ actor, body, set }) => {
      const reporter = requireUser(actor);
      const bugReportID = await createBugReport(deps.database.db, reporter.user.id, body);
      set.status = 201;
      return { bugReportID, message: "Thank you! Your bug report has been sent." };
    },
    {
      body: t.Object({
        title: t.String({ maxLength: 200, error: "Title must be text of at most 200 characters." }),
        description: t.String({ maxLength: 5000, error: "Description must be text of at most 5000 characters." }),
      }),
    },
  );
