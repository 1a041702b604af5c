// The landing feature as the app assembles it.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { landingPages } from "./pages";

/** The landing feature as src/app.ts mounts it: its pages; no JSON API (src/http/feature.ts). */
export const landingFeature = (deps: AppDeps) => feature("landing", {}, landingPages(deps));
