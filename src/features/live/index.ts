// The live feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { liveApi } from "./api";

export { pruneLiveEvents } from "./service";

/** The live feature as src/app.ts mounts it: no pages, only its JSON API as `.api` (src/http/feature.ts). */
export const liveFeature = (deps: AppDeps) => feature("live", { api: liveApi(deps) });
