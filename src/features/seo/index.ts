// The seo feature as the app assembles it.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { seoRoutes } from "./api";

/** The seo feature as src/app.ts mounts it: its routes outside /api; no JSON API (src/http/feature.ts). */
export const seoFeature = (deps: AppDeps) => feature("seo", {}, seoRoutes(deps));
