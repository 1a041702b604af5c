// GET /api/projects/{id}/activity: a project's timeline for its customer and the admins.
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { operation } from "../../http/openapi";
import { ActivityPage, ActivityQuery } from "./model";
import { listActivity } from "./service";

export const activityApi = (deps: AppDeps) =>
  new Elysia({ name: "activity-api", prefix: "/api/projects" })
    .use(context(deps))
    .guard({ auth: "user" })
    .get("/:id/activity", ({ actor, params, query }) => listActivity(deps, actor, params.id, query.page), {
      params: t.Object({ id: t.String({ maxLength: 100 }) }),
      query: ActivityQuery,
      response: ActivityPage,
      detail: operation("Projects", "signed-in", "A project's timeline, newest first (its customer and admins)"),
    });
