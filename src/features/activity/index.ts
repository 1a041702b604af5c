// The activity feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { activityApi } from "./api";

export { changedFields, listActivity, recordActivity, recordAdminChanges } from "./service";
export { ActivityTimeline } from "./views";

/** The activity feature as src/app.ts mounts it: no pages, only its JSON API as `.api` (src/http/feature.ts). */
export const activityFeature = (deps: AppDeps) => feature("activity", { api: activityApi(deps) });
