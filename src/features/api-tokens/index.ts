// Personal API tokens (decision 086): what the app assembles.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { apiTokensApi } from "./api";
import { adminApiTokenPages, apiTokenPages } from "./pages";

/** The api-tokens feature as src/app.ts mounts it: its pages, and its JSON API as `.api` (src/http/feature.ts). */
export const apiTokensFeature = (deps: AppDeps) => feature("api-tokens", { api: apiTokensApi(deps) }, adminApiTokenPages(deps), apiTokenPages(deps));
