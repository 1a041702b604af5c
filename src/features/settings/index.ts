// The settings feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { settingsApi } from "./api";
import { settingsPages } from "./pages";

export { profilePhotoUploads } from "./service";
export { SettingsCard, SettingsFrame } from "./views";

/** The settings feature as src/app.ts mounts it: its pages, and its JSON API as `.api` (src/http/feature.ts). */
export const settingsFeature = (deps: AppDeps) => feature("settings", { api: settingsApi(deps) }, settingsPages(deps));
