// The contact feature as the app assembles it.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { contactApi } from "./api";
import { contactPages } from "./pages";

/** The contact feature as src/app.ts mounts it: its pages, and its JSON API as `.api` (src/http/feature.ts). */
export const contactFeature = (deps: AppDeps) => feature("contact", { api: contactApi(deps) }, contactPages(deps));
