// Assembles the application: the error mapper first, then the system routes and assets, the
// request context, the JSON API (every feature's `.api`), then every feature's own plugin with its
// pages. The HTTP concerns that wrap every response live in src/http/server.ts.
import { type AnyElysia, Elysia } from "elysia";
import { describeApi, endApi } from "./api";
import type { AppDeps } from "./deps";
import { accessCodesFeature } from "./features/access-codes";
import { activityFeature } from "./features/activity";
import { adminConsoleFeature } from "./features/admin-console";
import { apiTokensFeature } from "./features/api-tokens";
import { auditFeature } from "./features/audit";
import { authFeature } from "./features/auth";
import { billingDetailsFeature } from "./features/billing-details";
import { bugReportsFeature } from "./features/bug-reports";
import { contactFeature } from "./features/contact";
import { faqFeature } from "./features/faq";
import { invoicesFeature } from "./features/invoices";
import { landingFeature } from "./features/landing";
import { liveFeature } from "./features/live";
import { mailFeature } from "./features/mail";
import { messagesFeature } from "./features/messages";
import { metricsFeature } from "./features/metrics";
import { notificationsFeature } from "./features/notifications";
import { paymentsFeature } from "./features/payments";
import { projectsFeature } from "./features/projects";
import { seoFeature } from "./features/seo";
import { settingsFeature } from "./features/settings";
import { systemFeature } from "./features/system";
import { termsFeature } from "./features/terms";
import { usersFeature } from "./features/users";
import { webhooksFeature } from "./features/webhooks";
import { multipartOnlyForFiles } from "./http/body-types";
import { context } from "./http/context";
import { crossOrigin } from "./http/cors";
import { handleError } from "./http/error-handler";
import { routeLabels } from "./http/route-label";
import { textGuard } from "./http/text-guard";
import { errorPageRenderer } from "./render/layout/error-pages";

/** Every feature, each the one plugin its index.ts exports, in the order their pages are mounted. */
function createFeatures(deps: AppDeps, readApiDocument: () => ReturnType<typeof describeApi>) {
  return {
    auth: authFeature(deps),
    adminConsole: adminConsoleFeature(deps, readApiDocument),
    faq: faqFeature(deps),
    bugReports: bugReportsFeature(deps),
    mail: mailFeature(deps),
    audit: auditFeature(deps),
    webhooks: webhooksFeature(deps),
    apiTokens: apiTokensFeature(deps),
    projects: projectsFeature(deps),
    accessCodes: accessCodesFeature(deps),
    settings: settingsFeature(deps),
    landing: landingFeature(deps),
    contact: contactFeature(deps),
    terms: termsFeature(deps),
    seo: seoFeature(deps),
    invoices: invoicesFeature(deps),
    payments: paymentsFeature(deps),
    notifications: notificationsFeature(deps),
    activity: activityFeature(deps),
    billingDetails: billingDetailsFeature(deps),
    messages: messagesFeature(deps),
    live: liveFeature(deps),
    users: usersFeature(deps),
  };
}

type Features = ReturnType<typeof createFeatures>;

/**
 * The JSON API alone: every feature's `.api`, then src/api.ts's end (its OpenAPI document, a 404
 * for any other /api path). Its type is what Eden gives the islands (islands/api.ts), so the
 * browser's client never sees the pages.
 */
function createApi(deps: AppDeps, features: Features) {
  const api = new Elysia({ name: "api" })
    // Stripe's webhook reads its raw body itself (its signature covers the bytes), so it comes
    // before any parse hook: with one registered, Elysia would read the body for the route.
    .use(features.payments.stripeWebhookApi)
    // The body-type check runs before every other route's own parser, so it is registered before them.
    .onParse(multipartOnlyForFiles((): AnyElysia["routes"] => api.routes))
    .use(context(deps))
    .use(features.auth.api)
    .use(features.users.api)
    .use(features.bugReports.api)
    .use(features.faq.api)
    .use(features.settings.api)
    .use(features.apiTokens.api)
    .use(features.contact.api)
    .use(features.projects.api)
    .use(features.billingDetails.api)
    .use(features.activity.api)
    .use(features.messages.api)
    .use(features.adminConsole.api)
    .use(features.accessCodes.api)
    .use(features.invoices.api)
    .use(features.payments.api)
    .use(features.mail.api)
    .use(features.audit.api)
    .use(features.webhooks.api)
    .use(features.notifications.api)
    .use(features.live.api);
  endApi(api, deps.config.publicUrl);
  return api;
}

export type Api = ReturnType<typeof createApi>;

declare module "../islands/api" {
  /** The islands' Eden client is typed from this API (islands/api.ts). */
  interface ApiRegistry {
    api: Api;
  }
}

export function createApp(deps: AppDeps) {
  const renderErrorPage = errorPageRenderer(deps);
  const features = createFeatures(deps, () => describeApi(api, deps.config.publicUrl));
  const api = createApi(deps, features);
  return (
    new Elysia({ name: "app" })
      .use(routeLabels(deps.metrics !== null))
      .onError({ as: "global" }, ({ code, error, request }) => handleError(request, code, error, renderErrorPage, deps.log))
      .use(textGuard())
      .use(crossOrigin(deps.config.corsOrigins))
      // Before the request context: these routes need no session lookup.
      .use(systemFeature(deps))
      .use(metricsFeature(deps))
      .use(context(deps))
      .use(api)
      .use(Object.values(features))
  );
}
