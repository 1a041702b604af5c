// POST /api/admin/mail/failed/:id/retry (admins only). The console's Retry buttons are plain HTML
// forms posting here; a form post is answered with a redirect back to /admin/mail, a JSON call
// with `{ message }`.
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { MessageAnswer, operation, redirectTo } from "../../http/openapi";
import { auditBy } from "../audit";
import { retryFailedMail } from "./admin-service";

const isFormPost = (request: Request): boolean => (request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded");

export const adminMailApi = (deps: AppDeps) =>
  new Elysia({ name: "admin-mail-api", prefix: "/api/admin/mail" })
    .use(context(deps))
    .guard({ auth: "admin" })
    .post("/failed/:id/retry", ({ actor, params, request }) => retryFailedMail(deps, params.id, auditBy(actor, request)), {
      // The console's form post goes back to the list once the mail is queued; a refusal (already a Response) stays as it is.
      mapResponse: ({ request, responseValue }) =>
        isFormPost(request) && !(responseValue instanceof Response)
          ? new Response(null, { status: 303, headers: { location: "/admin/mail?retried=1", "cache-control": "no-store" } })
          : undefined,
      params: t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) }),
      response: MessageAnswer,
      detail: operation("Mail (admin)", "admin", "Send a failed mail again", { 303: redirectTo("A form post: back to /admin/mail") }),
    });
