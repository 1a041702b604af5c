// Settings → API tokens (decision 086). Signed-in pages only: a token never opens a page.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { notFound } from "../../http/errors";
import { Island } from "../../render/island";
import { AdminFrame } from "../../render/layout/admin-frame";
import { page } from "../../render/layout/page";
import { findUser } from "../auth";
import { SettingsCard, SettingsFrame } from "../settings";
import { listApiTokens } from "./service";

export const apiTokenPages = (deps: AppDeps) =>
  new Elysia({ name: "api-token-pages" }).use(context(deps)).get(
    "/settings/tokens",
    async ({ actor: signedIn }) => {
      const tokens = await listApiTokens(deps, signedIn.user.id);
      return page(
        deps,
        signedIn,
        { title: "API tokens", description: "Personal tokens for scripts and tools that call the API as you." },
        <SettingsFrame actor={signedIn} current="api-tokens">
          <SettingsCard
            id="api-tokens-title"
            title="API tokens"
            description="A token lets a script or tool call the API as you, with your role, by sending it as Authorization: Bearer. Treat it like a password."
          >
            <Island name="api-tokens" props={{ tokens }} hydrate="idle" />
          </SettingsCard>
        </SettingsFrame>,
      );
    },
    { auth: "user" },
  );

/** An admin's view of one user's tokens, to revoke one that leaked. */
export const adminApiTokenPages = (deps: AppDeps) =>
  new Elysia({ name: "admin-api-token-pages" }).use(context(deps)).get(
    "/admin/users/:userId/tokens",
    async ({ actor: admin, params }) => {
      const user = await findUser(deps.database.db, params.userId);
      if (!user) throw notFound("There is no such user.");
      const tokens = await listApiTokens(deps, user.id);
      return page(
        deps,
        admin,
        { title: `API tokens of ${user.displayName}`, description: "A user's personal API tokens." },
        <AdminFrame actor={admin} tab="general" title={`API tokens of ${user.displayName}`} lead={`${user.email}: revoking a token refuses it at once.`}>
          <section className="card admin-card">
            <Island name="api-tokens" props={{ tokens, adminUserId: user.id }} hydrate="idle" />
          </section>
        </AdminFrame>,
      );
    },
    { auth: "admin" },
  );
