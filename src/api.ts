// The JSON API alone: every feature's API plugin, and a 404 for any other /api path. Its type is
// what Eden gives the islands (islands/api.ts), so the browser's client never sees the pages.
import { Elysia } from "elysia";
import type { AppDeps } from "./deps";
import { accessCodesApi, adminAccessCodesApi } from "./features/access-codes/api";
import { authApi, oauthRoutes } from "./features/auth/api";
import { adminBugReportsApi } from "./features/bug-reports/admin-api";
import { bugReportsApi } from "./features/bug-reports/api";
import { contactApi } from "./features/contact/api";
import { adminFaqApi } from "./features/faq/admin-api";
import { faqApi } from "./features/faq/api";
import { adminInvoicesApi } from "./features/invoices/api";
import { liveApi } from "./features/live/api";
import { adminMailApi } from "./features/mail/admin-api";
import { adminNotificationsApi, notificationsApi } from "./features/notifications/api";
import { stripeWebhookApi } from "./features/payments/api";
import { adminProjectsApi, ordersApi, projectsApi } from "./features/projects/api";
import { settingsApi } from "./features/settings/api";
import { adminUsersApi } from "./features/users/api";
import { context } from "./http/context";
import { notFound } from "./http/errors";

// The Stripe webhook comes first: its deliveries carry no session, and its raw body must stay unread.
export function createApi(deps: AppDeps) {
  return new Elysia({ name: "api" })
    .use(stripeWebhookApi(deps))
    .use(context(deps))
    .use(authApi(deps))
    .use(oauthRoutes(deps))
    .use(adminUsersApi(deps))
    .use(bugReportsApi(deps))
    .use(adminBugReportsApi(deps))
    .use(adminFaqApi(deps))
    .use(settingsApi(deps))
    .use(faqApi(deps))
    .use(contactApi(deps))
    .use(ordersApi(deps))
    .use(projectsApi(deps))
    .use(adminProjectsApi(deps))
    .use(accessCodesApi(deps))
    .use(adminAccessCodesApi(deps))
    .use(adminInvoicesApi(deps))
    .use(adminMailApi(deps))
    .use(notificationsApi(deps))
    .use(adminNotificationsApi(deps))
    .use(liveApi(deps))
    .all("/api/*", () => {
      throw notFound("There is no such API endpoint.");
    });
}

export type Api = ReturnType<typeof createApi>;
