// The faq feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.

import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { adminFaqApi } from "./admin-api";
import { adminFaqPages } from "./admin-pages";
import { faqApi } from "./api";
import { faqPages } from "./pages";

export { listAllFaqs } from "./service";

/** The faq feature as src/app.ts mounts it: its pages, and its JSON API as `.api` (src/http/feature.ts). */
export const faqFeature = (deps: AppDeps) =>
  feature("faq", { api: new Elysia({ name: "faq-feature-api" }).use(adminFaqApi(deps)).use(faqApi(deps)) }, adminFaqPages(deps), faqPages(deps));
