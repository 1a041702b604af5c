// The bug-reports feature as the app assembles it.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { adminBugReportsApi } from "./admin-api";
import { adminBugReportPages } from "./admin-pages";
import { bugReportsApi } from "./api";
import { ownBugReportPages } from "./pages";

/** The bug-reports feature as src/app.ts mounts it: its pages, and its JSON API as `.api` (src/http/feature.ts). */
export const bugReportsFeature = (deps: AppDeps) =>
  feature(
    "bug-reports",
    { api: new Elysia({ name: "bug-reports-feature-api" }).use(bugReportsApi(deps)).use(adminBugReportsApi(deps)) },
    adminBugReportPages(deps),
    ownBugReportPages(deps),
  );
