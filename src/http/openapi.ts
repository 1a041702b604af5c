// What the JSON API's OpenAPI document (src/api.ts) says beyond the routes' own schemas: each
// route's tag, role and summary (`operation(…)` in its `detail`), the tags' descriptions, the one
// error body every refusal answers, and the answers that are not JSON (redirects, files, streams).
import { type Static, t } from "elysia";
import { AnsweredInteger } from "./schemas";

export type ApiRole = "public" | "signed-in" | "admin" | "super-admin";

/** The document's tags in the order the admin console's API page lists them, each with what it groups. */
export const API_TAGS = {
  Auth: "Registering, signing in (password, second factor, Google or OIDC), signing out and password resets.",
  "API tokens":
    "Personal API tokens: send `Authorization: Bearer wst_…` instead of the session cookie to call any /api route as the token's owner, with the owner's current role.",
  Account: "The signed-in user's own account: profile, password, photo, settings, two-factor authentication, devices, deletion.",
  Projects: "Ordering a project, the autosaved unfinished order, and the customer's own projects with their images and timeline.",
  Messages: "A project's message thread between its customer and the studio, with attachments.",
  Notifications: "The signed-in user's notifications by channel, and marking them read.",
  "Live updates": "Server-Sent Events that tell an open page what changed.",
  FAQ: "The public help centre's questions and answers.",
  "Bug reports": "Signed-in users report bugs to the studio.",
  Contact: "Anyone may write to the studio.",
  "Access codes": "Codes that unlock ordering: checking one (anyone) and managing them (admins).",
  Payments: "Stripe's webhook deliveries; card payments themselves happen on Stripe Checkout.",
  "Admin console": "The console's one search across projects, customers, access codes, bug reports and console pages.",
  "Projects (admin)": "Every project, for admins: search, bulk changes, revision rounds, invoices, deletion.",
  "FAQ (admin)": "Writing the help centre's questions and answers.",
  "Bug reports (admin)": "Triage of bug reports: search, statistics, bulk changes.",
  "Notifications (admin)": "Announcements to every user, in the app or by e-mail.",
  "Users (admin)": "Admin and super-admin roles, and resetting another admin's two-factor authentication.",
  "Mail (admin)": "Outgoing mail that failed.",
  "Payments (admin)": "Money that needs an admin's attention: resolving an entry with a note.",
  "Audit log (admin)": "The read-only log of admins' changes.",
  "Webhooks (admin)": "Outgoing webhooks: endpoints that receive the studio's events, signed per Standard Webhooks 1.0, with their delivery log.",
} as const;

export type ApiTag = keyof typeof API_TAGS;

/** An answer that is not JSON, as OpenAPI spells it (a route's `response` schemas describe its JSON answers only). */
type RawResponse = {
  description: string;
  headers?: Record<string, { description: string; schema: { type: "string" } }>;
  content?: Record<string, { schema: object }>;
};

// The role as the operation's `security`: the session cookie or a personal API token, with the
// role it needs as its scope.
const SECURITY: Record<ApiRole, Record<string, string[]>[]> = {
  public: [],
  "signed-in": [{ session: [] }, { bearer: [] }],
  admin: [{ session: ["admin"] }, { bearer: ["admin"] }],
  "super-admin": [{ session: ["super-admin"] }, { bearer: ["super-admin"] }],
};

/** A route's `detail`: its tag, the role it needs and what it does, and any answer that is not JSON. */
export const operation = (tag: ApiTag, role: ApiRole, summary: string, responses?: Record<number, RawResponse>) => ({
  tags: [tag],
  summary,
  security: SECURITY[role],
  ...(responses ? { responses } : {}),
});

/** A redirect answer (its target in `Location`). */
export const redirectTo = (description: string): RawResponse => ({
  description,
  headers: { Location: { description: "Where to go next", schema: { type: "string" } } },
});

/** An answer whose body is not JSON: a file, or a stream, of one of `types`. */
export const bodyOf = (description: string, types: string[]): RawResponse => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: { type: "string", contentMediaType: type } }])),
});

/** Every refusal's body under /api (the error mapper, src/http/error-handler.ts, and the HTTP server's own 403/413/415). */
export const ErrorBody = t.Object(
  {
    message: t.String(),
    fields: t.Optional(t.Record(t.String(), t.String(), { description: "Each refused field by its path (`data.projectName`, `query.page`)" })),
    limit: t.Optional(AnsweredInteger({ description: "A 413's byte limit" })),
    requestId: t.Optional(t.String({ description: "A 5xx's request id, as the server's log names it" })),
  },
  { additionalProperties: false },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** The answer of routes that only confirm: a sentence to show. */
export const MessageAnswer = t.Object({ message: t.String() });
