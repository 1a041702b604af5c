// The system feature as the app assembles it.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { systemRoutes } from "./api";
import { assetRoutes } from "./assets";

/** The system feature as src/app.ts mounts it: its routes outside /api; no JSON API (src/http/feature.ts). */
export const systemFeature = (deps: AppDeps) => feature("system", {}, systemRoutes(deps), assetRoutes(deps));
