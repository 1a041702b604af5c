// The projects feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.

import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { adminProjectsApi, ordersApi, projectsApi, wizardDraftApi } from "./api";
import { orderConfirmationPages } from "./confirmation";
import { dashboardPages } from "./dashboard-pages";
import { projectPages } from "./pages";
import { wizardPages } from "./wizard-pages";

export { projectImageUploads } from "./images";
export { deleteOverdueProjects } from "./overdue";
export { PROJECT_NOT_FOUND, lockProjectForUpdate, markProjectInvoiced } from "./service";

/** The projects feature as src/app.ts mounts it: its pages, and its JSON API as `.api` (src/http/feature.ts). */
export const projectsFeature = (deps: AppDeps) =>
  feature(
    "projects",
    { api: new Elysia({ name: "projects-feature-api" }).use(ordersApi(deps)).use(projectsApi(deps)).use(wizardDraftApi(deps)).use(adminProjectsApi(deps)) },
    wizardPages(deps),
    projectPages(deps),
    orderConfirmationPages(deps),
    dashboardPages(deps),
  );
