// The terms feature as the app assembles it.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { termsPages } from "./pages";

/** The terms feature as src/app.ts mounts it: its pages; no JSON API (src/http/feature.ts). */
export const termsFeature = (deps: AppDeps) => feature("terms", {}, termsPages(deps));
