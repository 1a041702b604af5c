// /api/users/me/tokens: the signed-in user's personal API tokens; /api/admin/users/{id}/tokens:
// an admin's view of anyone's, to revoke one that leaked.
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { MessageAnswer, operation } from "../../http/openapi";
import { strictBody } from "../../http/unknown-fields";
import { auditBy } from "../audit";
import { ApiTokensAnswer, CreateApiTokenBody, CreatedApiTokenAnswer } from "./model";
import { createApiToken, listApiTokens, revokeApiToken } from "./service";

const Id = t.String({ minLength: 1, maxLength: 64 });

export const apiTokensApi = (deps: AppDeps) =>
  new Elysia({ name: "api-tokens-api" })
    .use(context(deps))
    .post("/api/users/me/tokens", async ({ actor, body, status }) => status(201, await createApiToken(deps, actor, body)), {
      ...strictBody(CreateApiTokenBody),
      response: { 201: CreatedApiTokenAnswer },
      auth: "user",
      detail: operation("API tokens", "signed-in", "Create a personal API token (with a session only; the token is shown once)"),
    })
    .get("/api/users/me/tokens", async ({ actor }) => ({ tokens: await listApiTokens(deps, actor.user.id) }), {
      response: ApiTokensAnswer,
      auth: "user",
      detail: operation("API tokens", "signed-in", "List your personal API tokens (never their secrets)"),
    })
    .delete(
      "/api/users/me/tokens/:id",
      async ({ actor, params }) => {
        await revokeApiToken(deps, actor.user.id, params.id);
        return { message: "The token has been revoked." };
      },
      { params: t.Object({ id: Id }), response: MessageAnswer, auth: "user", detail: operation("API tokens", "signed-in", "Revoke one of your API tokens") },
    )
    .get("/api/admin/users/:userId/tokens", async ({ params }) => ({ tokens: await listApiTokens(deps, params.userId) }), {
      params: t.Object({ userId: Id }),
      response: ApiTokensAnswer,
      auth: "admin",
      detail: operation("API tokens", "admin", "List a user's API tokens"),
    })
    .delete(
      "/api/admin/users/:userId/tokens/:id",
      async ({ actor, params, request }) => {
        await revokeApiToken(deps, params.userId, params.id, auditBy(actor, request));
        return { message: "The token has been revoked." };
      },
      {
        params: t.Object({ userId: Id, id: Id }),
        response: MessageAnswer,
        auth: "admin",
        detail: operation("API tokens", "admin", "Revoke a user's API token"),
      },
    );
