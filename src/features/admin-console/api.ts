// GET /api/admin/search: the command palette's one search. Admins only; the role is checked
// before the query is validated, so outsiders learn nothing of its shape.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { operation } from "../../http/openapi";
import { AdminSearchAnswer, AdminSearchQuery } from "./model";
import { searchConsole } from "./search";

export const adminSearchApi = (deps: AppDeps) =>
  new Elysia({ name: "admin-search-api", prefix: "/api/admin/search" })
    .use(context(deps))
    .guard({ auth: "admin" })
    .get("", ({ query }) => searchConsole(deps.database.db, query.q), {
      query: AdminSearchQuery,
      response: AdminSearchAnswer,
      detail: operation("Admin console", "admin", "Find projects, customers, access codes, bug reports and console pages"),
    });
