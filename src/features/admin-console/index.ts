// The admin-console feature as the app assembles it.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { adminSearchApi } from "./api";
import type { ApiDocument } from "./api-docs";
import { apiDocsPages } from "./api-docs";
import { adminConsolePages } from "./pages";

/** The admin-console feature as src/app.ts mounts it: its pages, and its JSON API as `.api` (src/http/feature.ts). */
export const adminConsoleFeature = (deps: AppDeps, readApiDocument: () => ApiDocument) =>
  feature("admin-console", { api: adminSearchApi(deps) }, adminConsolePages(deps), apiDocsPages(deps, readApiDocument));
