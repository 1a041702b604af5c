// Everything the admin console serves, as one plugin: its APIs and its pages. Grouped so app.ts
// registers it with one line and the App type (which Eden instantiates for the islands) grows
// by one step instead of five: a longer `.use` chain hits TypeScript's instantiation depth limit.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { adminBugReportsApi } from "../admin-bug-reports/api";
import { adminBugReportPages } from "../admin-bug-reports/pages";
import { adminFaqApi } from "../admin-faq/api";
import { adminFaqPages } from "../admin-faq/pages";
import { adminConsolePages } from "./pages";

export const adminConsole = (deps: AppDeps) =>
  new Elysia({ name: "admin-console" })
    .use(adminFaqApi(deps))
    .use(adminBugReportsApi(deps))
    .use(adminConsolePages(deps))
    .use(adminFaqPages(deps))
    .use(adminBugReportPages(deps));
