// /api/admin/users (SPEC.md §7). Roles come from the session on the server; no key headers.
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { MessageAnswer, operation } from "../../http/openapi";
import { strictBody } from "../../http/unknown-fields";
import { auditBy } from "../audit";
import { resetUserMfa } from "../auth";
import { PublicUserModel } from "../auth/model";
import { listAdminUsers, makeAdmin, makeSuperAdmin, removeAdmin, searchNonAdminUsers } from "./service";

const UserIdBody = t.Object({ userID: t.String({ minLength: 1, maxLength: 64, error: "userID must be a user id." }) }, { additionalProperties: false });
const UsersAnswer = t.Object({ users: t.Array(PublicUserModel) });

export const adminUsersApi = (deps: AppDeps) => {
  const db = deps.database.db;
  const keys = deps.config;
  return (
    new Elysia({ name: "admin-users-api", prefix: "/api/admin/users" })
      .use(context(deps))
      .get("/", async () => ({ users: await listAdminUsers(db, keys) }), {
        response: UsersAnswer,
        auth: "admin",
        detail: operation("Users (admin)", "admin", "List admins and super admins"),
      })
      .get("/searchnonadmin", async ({ query }) => ({ users: await searchNonAdminUsers(db, keys, query.searchText ?? "") }), {
        query: t.Object({ searchText: t.Optional(t.String({ maxLength: 100 })) }),
        response: UsersAnswer,
        auth: "admin",
        detail: operation("Users (admin)", "admin", "Find users who are not admins"),
      })
      .patch("/makeadmin", async ({ actor, body, request }) => ({ message: await makeAdmin(db, keys, body.userID, auditBy(actor, request)) }), {
        ...strictBody(UserIdBody),
        response: MessageAnswer,
        auth: "admin",
        detail: operation("Users (admin)", "admin", "Make a user an admin"),
      })
      .patch(
        "/removeadmin",
        async ({ actor, body, request }) => ({
          message: await removeAdmin(db, keys, actor, body.userID, auditBy(actor, request)),
        }),
        {
          ...strictBody(UserIdBody),
          response: MessageAnswer,
          auth: "super-admin",
          detail: operation("Users (admin)", "super-admin", "Take a user's admin role away"),
        },
      )
      // A lost phone: a super admin turns another user's second factor off (decision 028).
      .patch(
        "/resetmfa",
        async ({ actor, body, request }) => ({
          message: await resetUserMfa(deps, actor, body.userID, auditBy(actor, request)),
        }),
        {
          ...strictBody(UserIdBody),
          response: MessageAnswer,
          auth: "super-admin",
          detail: operation("Users (admin)", "super-admin", "Reset another admin's two-factor authentication"),
        },
      )
      .patch(
        "/makesuperadmin",
        async ({ actor, body, request }) => ({
          message: await makeSuperAdmin(db, keys, actor, body.userID, auditBy(actor, request)),
        }),
        {
          ...strictBody(UserIdBody),
          response: MessageAnswer,
          auth: "super-admin",
          detail: operation("Users (admin)", "super-admin", "Make an admin a super admin"),
        },
      )
  );
};
