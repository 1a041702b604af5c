// Assembles the application: the error mapper first, then the request context, then every
// feature's plugin. The HTTP concerns that wrap every response live in src/http/server.ts.
import { Elysia } from "elysia";
import type { AppDeps } from "./deps";
import { accessCodePages } from "./features/access-code-pages/pages";
import { accessCodesApi, adminAccessCodesApi } from "./features/access-codes/api";
import { adminConsole } from "./features/admin-console/plugin";
import { adminUsersApi } from "./features/admin-users/api";
import { authApi, oauthRoutes } from "./features/auth/api";
import { authPages } from "./features/auth/pages";
import { bugReportsApi } from "./features/bug-reports/api";
import { contactApi } from "./features/contact/api";
import { contactPages } from "./features/contact/pages";
import { dashboardPages } from "./features/dashboard/pages";
import { handleError } from "./features/errors/handler";
import { faqApi } from "./features/faq/api";
import { faqPages } from "./features/faq/pages";
import { adminInvoicesApi } from "./features/invoices/api";
import { invoicePages } from "./features/invoices/pages";
import { landingPages } from "./features/landing/pages";
import { adminNotificationsApi, notificationsApi } from "./features/notifications/api";
import { notificationsPages } from "./features/notifications/pages";
import { projectPages } from "./features/project-pages/pages";
import { adminProjectsApi, ordersApi, projectsApi } from "./features/projects/api";
import { seoRoutes } from "./features/seo/api";
import { settingsApi } from "./features/settings/api";
import { settingsPages } from "./features/settings/pages";
import { systemRoutes } from "./features/system/api";
import { assetRoutes } from "./features/system/assets";
import { termsPages } from "./features/terms/pages";
import { wizardPages } from "./features/wizard/pages";
import { context } from "./http/context";
import { notFound } from "./http/errors";

export function createApp(deps: AppDeps) {
  return new Elysia({ name: "app" })
    .onError({ as: "global" }, ({ code, error, request }) => handleError(deps, request, code, error))
    .use(systemRoutes(deps))
    .use(assetRoutes(deps))
    .use(context(deps))
    .use(authApi(deps))
    .use(oauthRoutes(deps))
    .use(authPages(deps))
    .use(adminUsersApi(deps))
    .use(bugReportsApi(deps))
    .use(adminConsole(deps))
    .use(wizardPages(deps))
    .use(projectPages(deps))
    .use(dashboardPages(deps))
    .use(accessCodePages(deps))
    .use(settingsApi(deps))
    .use(settingsPages(deps))
    .use(landingPages(deps))
    .use(faqApi(deps))
    .use(faqPages(deps))
    .use(contactApi(deps))
    .use(contactPages(deps))
    .use(termsPages(deps))
    .use(seoRoutes(deps))
    .use(ordersApi(deps))
    .use(projectsApi(deps))
    .use(adminProjectsApi(deps))
    .use(accessCodesApi(deps))
    .use(adminAccessCodesApi(deps))
    .use(adminInvoicesApi(deps))
    .use(invoicePages(deps))
    .use(notificationsApi(deps))
    .use(adminNotificationsApi(deps))
    .use(notificationsPages(deps))
    .all("/api/*", () => {
      throw notFound("There is no such API endpoint.");
    });
}

export type App = ReturnType<typeof createApp>;
