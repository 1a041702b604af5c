// The users feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { adminUsersApi } from "./api";

export { listAdminUsers } from "./service";

/** The users feature as src/app.ts mounts it: no pages, only its JSON API as `.api` (src/http/feature.ts). */
export const usersFeature = (deps: AppDeps) => feature("users", { api: adminUsersApi(deps) });
