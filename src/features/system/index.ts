// The system feature as the app assembles it.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { systemRoutes } from "./api";
import { assetRoutes } from "./assets";

/** The system feature as src/app.ts mounts it: its pages, and its JSON API as `.api` (src/http/feature.ts). */
export const systemFeature = (deps: AppDeps) => feature("system", {}, systemRoutes(deps), assetRoutes(deps));
