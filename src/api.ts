// The JSON API alone: every feature's API plugin, and a 404 for any other /api path. Its type is
// what Eden gives the islands (islands/api.ts), so the browser's client never sees the pages.
// Its OpenAPI document (GET /api/openapi.json, admins only) is generated from the routes' own `t`
// schemas; what a schema cannot say (tag, summary, role) is listed in OPERATIONS below, and a test
// (tests/platform.test.ts) fails when a route is missing from it.
import { toOpenAPISchema, unwrapSchema } from "@elysiajs/openapi/openapi";
import { type AnyElysia, Elysia } from "elysia";
import type { AppDeps } from "./deps";
import { accessCodesApi, adminAccessCodesApi } from "./features/access-codes/api";
import { activityApi } from "./features/activity/api";
import { adminSearchApi } from "./features/admin-console/api";
import type { ApiDocument, ApiOperation, ApiRole } from "./features/admin-console/api-docs";
import { adminAuditApi } from "./features/audit/api";
import { authApi, oauthRoutes } from "./features/auth/api";
import { adminBugReportsApi } from "./features/bug-reports/admin-api";
import { bugReportsApi } from "./features/bug-reports/api";
import { contactApi } from "./features/contact/api";
import { adminFaqApi } from "./features/faq/admin-api";
import { faqApi } from "./features/faq/api";
import { adminInvoicesApi } from "./features/invoices/api";
import { liveApi } from "./features/live/api";
import { adminMailApi } from "./features/mail/admin-api";
import { messagesApi } from "./features/messages/api";
import { adminNotificationsApi, notificationsApi } from "./features/notifications/api";
import { stripeWebhookApi } from "./features/payments/api";
import { adminProjectsApi, ordersApi, projectsApi, wizardDraftApi } from "./features/projects/api";
import { settingsApi } from "./features/settings/api";
import { adminUsersApi } from "./features/users/api";
import { context } from "./http/context";
import { notFound } from "./http/errors";
import { requireAdmin } from "./http/guards";

export const OPENAPI_PATH = "/api/openapi.json";

// The Stripe webhook comes first: its deliveries carry no session, and its raw body must stay unread.
export function createApi(deps: AppDeps) {
  const api = new Elysia({ name: "api" })
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
    .use(wizardDraftApi(deps))
    .use(adminProjectsApi(deps))
    .use(activityApi(deps))
    .use(messagesApi(deps))
    .use(adminSearchApi(deps))
    .use(accessCodesApi(deps))
    .use(adminAccessCodesApi(deps))
    .use(adminInvoicesApi(deps))
    .use(adminMailApi(deps))
    .use(adminAuditApi(deps))
    .use(notificationsApi(deps))
    .use(adminNotificationsApi(deps))
    .use(liveApi(deps));
  return api
    .get(
      OPENAPI_PATH,
      ({ actor }) => {
        requireAdmin(actor);
        return describeApi(api);
      },
      { detail: { hide: true } },
    )
    .all(
      "/api/*",
      () => {
        throw notFound("There is no such API endpoint.");
      },
      { detail: { hide: true } },
    );
}

export type Api = ReturnType<typeof createApi>;

declare module "../islands/api" {
  /** The islands' Eden client is typed from this API (islands/api.ts). */
  interface ApiRegistry {
    api: Api;
  }
}

type Row = [tag: string, role: ApiRole, summary: string];

/** Tag, required role and summary of every operation, keyed `METHOD /path` as the document spells it. */
const OPERATIONS: Record<string, Row> = {
  "POST /api/auth/register": ["Auth", "public", "Create an account and sign in"],
  "POST /api/auth/login": ["Auth", "public", "Sign in with e-mail and password"],
  "POST /api/auth/login/code": ["Auth", "public", "Finish signing in with a two-factor or recovery code"],
  "POST /api/auth/login/new-password": ["Auth", "public", "Replace a temporary password with a sign-in ticket"],
  "POST /api/auth/choose-password": ["Auth", "signed-in", "Choose your own password (after ordering as a visitor)"],
  "POST /api/auth/logout": ["Auth", "public", "Sign out"],
  "POST /api/auth/reset": ["Auth", "public", "Request a password-reset e-mail"],
  "POST /api/auth/reset/confirm": ["Auth", "public", "Set a new password with a reset token"],
  "GET /api/auth/{provider}": ["Auth", "public", "Start signing in with Google or OIDC (redirect)"],
  "GET /api/auth/{provider}/callback": ["Auth", "public", "Return from Google or OIDC (redirect)"],
  "GET /api/users/me": ["Account", "signed-in", "Your own account"],
  "GET /api/users/me/mfa": ["Account", "signed-in", "Whether two-factor authentication is on"],
  "POST /api/users/me/mfa/setup": ["Account", "signed-in", "Start setting up two-factor authentication (QR code and key)"],
  "POST /api/users/me/mfa/enable": ["Account", "signed-in", "Turn on two-factor authentication with a first code"],
  "POST /api/users/me/mfa/disable": ["Account", "signed-in", "Turn off two-factor authentication (needs a code)"],
  "POST /api/users/me/mfa/recovery-codes": ["Account", "signed-in", "Replace your recovery codes (needs a code)"],
  "GET /api/users/me/sessions": ["Account", "signed-in", "Your signed-in devices"],
  "DELETE /api/users/me/sessions": ["Account", "signed-in", "Sign out every other device"],
  "DELETE /api/users/me/sessions/{id}": ["Account", "signed-in", "Sign out one device"],
  "GET /api/events": ["Live updates", "signed-in", "Server-Sent Events about your notifications and projects (admins: new orders and bug reports)"],
  "POST /api/payments/stripe/webhook": ["Payments", "public", "Stripe's events, verified by their signature (not for browsers)"],
  "POST /api/admin/mail/failed/{id}/retry": ["Mail (admin)", "admin", "Send a failed mail again"],
  "GET /api/admin/audit": ["Audit log (admin)", "admin", "Search the audit log of admins' changes"],
  "PATCH /api/users/me": ["Account", "signed-in", "Change your name or e-mail"],
  "DELETE /api/users/me": ["Account", "signed-in", "Delete your account and everything in it"],
  "PATCH /api/users/me/password": ["Account", "signed-in", "Change your password"],
  "POST /api/users/me/photo": ["Account", "signed-in", "Replace your profile photo"],
  "PATCH /api/users/me/settings": ["Account", "signed-in", "Change your settings (theme, notification switches)"],
  "GET /api/users/me/wizard-draft": ["Projects", "signed-in", "Your unfinished order, as last autosaved"],
  "PUT /api/users/me/wizard-draft": ["Projects", "signed-in", "Autosave your unfinished order (never its domain password)"],
  "DELETE /api/users/me/wizard-draft": ["Projects", "signed-in", "Discard your unfinished order"],
  "POST /api/projects": ["Projects", "public", "Order a project (multipart: data and images); visitors get an account"],
  "GET /api/projects/search": ["Projects", "signed-in", "Search your projects"],
  "GET /api/projects/{id}": ["Projects", "signed-in", "Read one of your projects"],
  "PATCH /api/projects/{id}": ["Projects", "signed-in", "Edit one of your projects"],
  "DELETE /api/projects/{id}": ["Projects", "signed-in", "Delete one of your projects"],
  "POST /api/projects/{id}/images": ["Projects", "signed-in", "Add images to one of your projects (multipart)"],
  "GET /api/projects/{id}/activity": ["Projects", "signed-in", "A project's timeline, newest first (its customer and admins)"],
  "GET /api/projects/{id}/messages": ["Messages", "signed-in", "A project's thread, latest first page (or before a message); marks it read"],
  "POST /api/projects/{id}/messages": ["Messages", "signed-in", "Post to a project's thread (multipart: body, up to 5 images or PDFs)"],
  "POST /api/projects/{id}/messages/read": ["Messages", "signed-in", "Mark a project's thread read"],
  "GET /api/projects/{id}/messages/attachments/{attachmentId}": ["Messages", "signed-in", "A message attachment (its project's customer and admins only)"],
  "GET /api/admin/projects/search": ["Projects (admin)", "admin", "Search every project"],
  "PATCH /api/admin/projects": ["Projects (admin)", "admin", "Change status, payment, archive of several projects"],
  "POST /api/admin/projects/{id}/revision-round": [
    "Projects (admin)",
    "admin",
    "Open another revision round for 10 days (after the request, or after the window)",
  ],
  "DELETE /api/admin/projects": ["Projects (admin)", "admin", "Delete several projects"],
  "PATCH /api/admin/projects/sendinvoice": ["Projects (admin)", "admin", "Send a project's invoice"],
  "POST /api/admin/invoices/{id}/void": ["Projects (admin)", "admin", "Void an open invoice, with the reason the customer reads"],
  "GET /api/accesscodes/isvalid": ["Access codes", "public", "Check an access code"],
  "POST /api/admin/accesscodes": ["Access codes", "admin", "Create an access code"],
  "GET /api/admin/accesscodes/search": ["Access codes", "admin", "Search access codes"],
  "GET /api/admin/accesscodes/{id}": ["Access codes", "admin", "Read an access code"],
  "DELETE /api/admin/accesscodes": ["Access codes", "admin", "Delete several unclaimed access codes"],
  "GET /api/admin/search": ["Admin console", "admin", "Find projects, customers, access codes, bug reports and console pages"],
  "GET /api/faq": ["FAQ", "public", "Every FAQ, grouped by section"],
  "GET /api/faq/{id}": ["FAQ", "public", "Read one FAQ"],
  "GET /api/admin/faq/search": ["FAQ (admin)", "admin", "Search FAQs"],
  "GET /api/admin/faq/{id}": ["FAQ (admin)", "admin", "Read an FAQ with its admin fields"],
  "POST /api/admin/faq": ["FAQ (admin)", "admin", "Create an FAQ"],
  "PATCH /api/admin/faq": ["FAQ (admin)", "admin", "Change several FAQs"],
  "DELETE /api/admin/faq": ["FAQ (admin)", "admin", "Delete several FAQs"],
  "POST /api/bugreports": ["Bug reports", "signed-in", "Report a bug"],
  "GET /api/admin/bugreports/search": ["Bug reports (admin)", "admin", "Search bug reports"],
  "GET /api/admin/bugreports/stats": ["Bug reports (admin)", "admin", "Bug-report counts against the window before"],
  "GET /api/admin/bugreports/{id}": ["Bug reports (admin)", "admin", "Read a bug report"],
  "POST /api/admin/bugreports": ["Bug reports (admin)", "admin", "Log a bug report"],
  "PATCH /api/admin/bugreports": ["Bug reports (admin)", "admin", "Change several bug reports"],
  "DELETE /api/admin/bugreports": ["Bug reports (admin)", "admin", "Delete several bug reports"],
  "POST /api/contact-us/send-contact-email": ["Contact", "public", "Send the studio a message"],
  "GET /api/notifications": ["Notifications", "signed-in", "Your notifications, newest first"],
  "GET /api/notifications/channels": ["Notifications", "signed-in", "Your notification channels with unread counts"],
  "GET /api/notifications/channel/{channelId}": ["Notifications", "signed-in", "Your notifications in one channel"],
  "PATCH /api/notifications/markasread": ["Notifications", "signed-in", "Mark notifications read"],
  "PATCH /api/notifications/markallasread": ["Notifications", "signed-in", "Mark all your notifications read"],
  "POST /api/admin/notifications/appannouncement": ["Notifications (admin)", "admin", "Announce to every user in the app"],
  "POST /api/admin/notifications/emailannouncement": ["Notifications (admin)", "admin", "Announce to every user by e-mail"],
  "GET /api/admin/users": ["Users (admin)", "admin", "List admins and super admins"],
  "GET /api/admin/users/searchnonadmin": ["Users (admin)", "admin", "Find users who are not admins"],
  "PATCH /api/admin/users/makeadmin": ["Users (admin)", "admin", "Make a user an admin"],
  "PATCH /api/admin/users/resetmfa": ["Users (admin)", "super-admin", "Reset another admin's two-factor authentication"],
  "PATCH /api/admin/users/removeadmin": ["Users (admin)", "super-admin", "Take a user's admin role away"],
  "PATCH /api/admin/users/makesuperadmin": ["Users (admin)", "super-admin", "Make an admin a super admin"],
};

const ERROR_SCHEMA = {
  type: "object",
  description: "Every refusal: `fields` names each refused field by its path, `limit` is a 413's byte limit.",
  required: ["message"],
  additionalProperties: false,
  properties: {
    message: { type: "string" },
    fields: { type: "object", additionalProperties: { type: "string" } },
    limit: { type: "integer" },
  },
};

const SECURITY: Record<ApiRole, Record<string, string[]>[]> = {
  public: [],
  "signed-in": [{ session: [] }],
  admin: [{ session: ["admin"] }],
  "super-admin": [{ session: ["super-admin"] }],
};

const documents = new WeakMap<AnyElysia, ApiDocument>();

/** The OpenAPI 3.1 document of `api`'s routes, built once per app. */
export function describeApi(api: AnyElysia): ApiDocument {
  const cached = documents.get(api);
  if (cached) return cached;
  const version = "3.1.2";
  const generated = toOpenAPISchema(api, undefined, undefined, undefined, version);
  const paths: ApiDocument["paths"] = {};
  allowNullInEnums(generated.paths);
  for (const [rawPath, operations] of Object.entries(generated.paths)) {
    // Elysia answers `/api/faq` and `/api/faq/` alike; the document names the one without the slash.
    const path = rawPath.length > 1 ? rawPath.replace(/\/$/, "") : rawPath;
    if (!path.startsWith("/api/")) continue;
    for (const [method, generatedOperation] of Object.entries(operations ?? {})) {
      const operation = { ...(generatedOperation as ApiOperation) };
      const row = OPERATIONS[`${method.toUpperCase()} ${path}`];
      if (row) {
        const [tag, role, summary] = row;
        Object.assign(operation, { tags: [tag], summary, security: SECURITY[role] });
      }
      fillMultipartBody(api, method, path, operation, version);
      operation.responses = {
        ...(operation.responses ?? {}),
        "4XX": { description: "Refused: `{ message, fields?, limit? }`", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
      };
      // Bun refuses a request line or headers over 16 KiB itself, before this app, with no body.
      operation.responses["431"] = { description: "URL or headers over 16 KiB, refused by the HTTP server (no body)" };
      if (path.startsWith("/api/auth/{provider}")) operation.responses["302"] = { description: "Redirect (to the provider, /login or /dashboard)" };
      paths[path] = { ...paths[path], [method]: operation };
    }
  }
  const document: ApiDocument = {
    openapi: version,
    info: {
      title: "Webstudio API",
      version: "1",
      description:
        "The JSON API under /api. Signed-in calls carry the `session` cookie; writes from a browser must come from the site's own origin (Origin header).",
    },
    tags: [...new Set(Object.values(OPERATIONS).map(([tag]) => tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...generated.components.schemas, Error: ERROR_SCHEMA },
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: "session",
          description: "The session cookie. An operation's list names the role it needs beyond signing in: admin or super-admin.",
        },
      },
    },
  };
  documents.set(api, document);
  return document;
}

/**
 * The generator turns `t.Union([t.Literal("s"), …, t.Null()])` into `{ type: ["string", "null"],
 * enum: ["s", …] }`, whose enum then refuses the null the type allows: put null back in the enum.
 */
function allowNullInEnums(value: unknown): void {
  if (Array.isArray(value)) for (const item of value) allowNullInEnums(item);
  else if (value !== null && typeof value === "object") {
    const schema = value as { type?: unknown; enum?: unknown[] };
    if (Array.isArray(schema.type) && schema.type.includes("null") && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
    for (const item of Object.values(value)) allowNullInEnums(item);
  }
}

/**
 * Routes with their own multipart parser (orders, project images) come out with no content type,
 * and file uploads come out as JSON too: both are multipart only, described by the route's schema.
 */
function fillMultipartBody(api: AnyElysia, method: string, path: string, operation: ApiOperation, version: "3.1.2"): void {
  const body = operation.requestBody;
  if (!body) return;
  const elysiaPath = path.replace(/\{([^}]+)\}/g, ":$1");
  const route = api.routes.find((candidate) => candidate.method.toLowerCase() === method && candidate.path.replace(/\/$/, "") === elysiaPath);
  const schema = route?.hooks.body ? unwrapSchema(route.hooks.body, undefined, "input", version) : undefined;
  const text = JSON.stringify(body.content ?? {});
  if (schema && (Object.keys(body.content ?? {}).length === 0 || text.includes('"format":"binary"'))) {
    operation.requestBody = { ...body, content: { "multipart/form-data": { schema } } };
  }
}
