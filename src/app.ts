// Assembles the application: the error mapper first, then system routes and assets, the request
// context, the JSON API (src/api.ts), then every feature's pages. The HTTP concerns that wrap
// every response live in src/http/server.ts.
import { Elysia } from "elysia";
import { createApi, describeApi } from "./api";
import type { AppDeps } from "./deps";
import { accessCodePages } from "./features/access-codes/pages";
import { apiDocsPages } from "./features/admin-console/api-docs";
import { adminConsolePages } from "./features/admin-console/pages";
import { adminApiTokenPages, apiTokenPages } from "./features/api-tokens";
import { adminAuditPages } from "./features/audit/pages";
import { authPages } from "./features/auth/pages";
import { adminBugReportPages } from "./features/bug-reports/admin-pages";
import { ownBugReportPages } from "./features/bug-reports/pages";
import { contactPages } from "./features/contact/pages";
import { adminFaqPages } from "./features/faq/admin-pages";
import { faqPages } from "./features/faq/pages";
import { invoicePages } from "./features/invoices/pages";
import { landingPages } from "./features/landing/pages";
import { adminMailPages } from "./features/mail/admin-pages";
import { metricsRoutes } from "./features/metrics";
import { notificationsPages } from "./features/notifications/pages";
import { paymentPages } from "./features/payments/pages";
import { orderConfirmationPages } from "./features/projects/confirmation";
import { dashboardPages } from "./features/projects/dashboard-pages";
import { projectPages } from "./features/projects/pages";
import { wizardPages } from "./features/projects/wizard-pages";
import { seoRoutes } from "./features/seo/api";
import { settingsPages } from "./features/settings/pages";
import { systemRoutes } from "./features/system/api";
import { assetRoutes } from "./features/system/assets";
import { termsPages } from "./features/terms/pages";
import { adminWebhookPages } from "./features/webhooks";
import { context } from "./http/context";
import { crossOrigin } from "./http/cors";
import { handleError } from "./http/error-handler";
import { routeLabels } from "./http/route-label";
import { textGuard } from "./http/text-guard";
import { errorPageRenderer } from "./render/layout/error-pages";

export function createApp(deps: AppDeps) {
  const renderErrorPage = errorPageRenderer(deps);
  const api = createApi(deps);
  return new Elysia({ name: "app" })
    .use(routeLabels(deps.metrics !== null))
    .onError({ as: "global" }, ({ code, error, request }) => handleError(request, code, error, renderErrorPage, deps.log))
    .use(textGuard())
    .use(crossOrigin(deps.config.corsOrigins))
    .use(systemRoutes(deps))
    .use(metricsRoutes(deps))
    .use(assetRoutes(deps))
    .use(context(deps))
    .use(api)
    .use(authPages(deps))
    .use(adminConsolePages(deps))
    .use(apiDocsPages(deps, () => describeApi(api, deps.config.publicUrl)))
    .use(adminFaqPages(deps))
    .use(adminBugReportPages(deps))
    .use(adminMailPages(deps))
    .use(adminAuditPages(deps))
    .use(adminWebhookPages(deps))
    .use(adminApiTokenPages(deps))
    .use(ownBugReportPages(deps))
    .use(wizardPages(deps))
    .use(projectPages(deps))
    .use(orderConfirmationPages(deps))
    .use(dashboardPages(deps))
    .use(accessCodePages(deps))
    .use(settingsPages(deps))
    .use(apiTokenPages(deps))
    .use(landingPages(deps))
    .use(faqPages(deps))
    .use(contactPages(deps))
    .use(termsPages(deps))
    .use(seoRoutes(deps))
    .use(invoicePages(deps))
    .use(paymentPages(deps))
    .use(notificationsPages(deps));
}
