// The JSON side of our identity provider (DESIGN.md "API contract").
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { hasMfa } from "../../http/actor";
import { clientIp } from "../../http/client-ip";
import { context } from "../../http/context";
import { readCookie } from "../../http/cookies";
import { notFound } from "../../http/errors";
import { MessageAnswer, operation, redirectTo } from "../../http/openapi";
import { clearSessionCookie, revokeSession, sessionCookieName } from "../../http/sessions";
import { strictBody } from "../../http/unknown-fields";
import { completeMfaSignIn, mfaTicketCookie } from "./mfa";
import {
  ChoosePasswordBody,
  LoginAnswer,
  LoginBody,
  MfaCodeBody,
  NewPasswordBody,
  RegisterBody,
  ResetConfirmAnswer,
  ResetConfirmBody,
  ResetRequestBody,
  SignedInAnswer,
  UserAnswer,
  UserMessageAnswer,
} from "./model";
import { OAUTH_STATE_COOKIE, OAUTH_VERIFIER_COOKIE, OAuthFailure, clearOAuthCookies, createOAuthProviders, resolveOAuthUser, startOAuth } from "./oauth";
import { confirmPasswordReset, requestPasswordReset } from "./reset";
import { chooseOwnPassword, completePasswordChange, createSignInTicket, homeAfterSignIn, loginUser, registerUser, signInUser, toPublicUser } from "./service";

export const authApi = (deps: AppDeps) =>
  new Elysia({ name: "auth-api", prefix: "/api/auth" })
    .use(context(deps))
    .post(
      "/register",
      async ({ body, request, set }) => {
        const { user, cookie } = await registerUser(deps, body, clientIp(request));
        set.status = 201;
        set.headers["set-cookie"] = cookie;
        return { user: toPublicUser(user, deps.config) };
      },
      {
        ...strictBody(RegisterBody),
        response: { 201: UserAnswer },
        detail: operation("Auth", "public", "Create an account and sign in"),
      },
    )
    .post(
      "/login",
      async ({ body, request, set }) => {
        const result = await loginUser(deps, body, clientIp(request));
        if (result.kind === "choose-password") {
          return {
            user: null,
            mustChangePassword: true as const,
            ticket: result.ticket,
            message: "Choose a new password to finish signing in.",
          };
        }
        if (result.kind === "second-factor") {
          return {
            user: null,
            mfaRequired: true as const,
            ticket: result.ticket,
            message: "Enter the 6-digit code from your authenticator app, or a recovery code.",
          };
        }
        set.headers["set-cookie"] = result.cookie;
        return { user: toPublicUser(result.user, deps.config), mustChangePassword: false as const, next: homeAfterSignIn(deps.config, result.user) };
      },
      {
        ...strictBody(LoginBody),
        response: LoginAnswer,
        detail: operation("Auth", "public", "Sign in with e-mail and password"),
      },
    )
    .post(
      "/login/code",
      async ({ body, request, set }) => {
        const { user, cookie } = await completeMfaSignIn(deps, body, clientIp(request));
        set.headers["set-cookie"] = cookie;
        return { user: toPublicUser(user, deps.config), next: homeAfterSignIn(deps.config, user) };
      },
      {
        ...strictBody(MfaCodeBody),
        response: SignedInAnswer,
        detail: operation("Auth", "public", "Finish signing in with a two-factor or recovery code"),
      },
    )
    .post(
      "/login/new-password",
      async ({ body, set }) => {
        const { user, cookie } = await completePasswordChange(deps, body);
        set.headers["set-cookie"] = cookie;
        return { user: toPublicUser(user, deps.config), message: "Your password has been saved." };
      },
      {
        ...strictBody(NewPasswordBody),
        response: UserMessageAnswer,
        detail: operation("Auth", "public", "Replace a temporary password with a sign-in ticket"),
      },
    )
    .post(
      "/choose-password",
      async ({ actor, body, set }) => {
        const { user, cookie } = await chooseOwnPassword(deps, actor, body);
        set.headers["set-cookie"] = cookie;
        return { user: toPublicUser(user, deps.config), message: "Your password has been saved." };
      },
      {
        ...strictBody(ChoosePasswordBody),
        response: UserMessageAnswer,
        auth: "user",
        detail: operation("Auth", "signed-in", "Choose your own password (after ordering as a visitor)"),
      },
    )
    .post(
      "/logout",
      async ({ request, set }) => {
        const token = readCookie(request, sessionCookieName(deps.config.secureCookies));
        if (token) await revokeSession(deps.database.db, token);
        set.headers["set-cookie"] = clearSessionCookie(deps.config.secureCookies);
        return { message: "You are signed out." };
      },
      { response: MessageAnswer, detail: operation("Auth", "public", "Sign out") },
    )
    .post("/reset", async ({ body, request }) => ({ message: await requestPasswordReset(deps, body, clientIp(request)) }), {
      ...strictBody(ResetRequestBody),
      response: MessageAnswer,
      detail: operation("Auth", "public", "Request a password-reset e-mail"),
    })
    .post(
      "/reset/confirm",
      async ({ body, request, set }) => {
        const result = await confirmPasswordReset(deps, body, clientIp(request));
        if (result.cookie === null) {
          return {
            message: "Your password has been reset. Enter a code from your authenticator app to finish signing in.",
            user: null,
            mfaRequired: true as const,
            ticket: result.ticket,
          };
        }
        set.headers["set-cookie"] = result.cookie;
        return { message: "Your password has been reset.", user: toPublicUser(result.user, deps.config) };
      },
      {
        ...strictBody(ResetConfirmBody),
        response: ResetConfirmAnswer,
        detail: operation("Auth", "public", "Set a new password with a reset token"),
      },
    );

/** GET /api/auth/{google,oidc} and their callbacks: redirects, never JSON. */
export const oauthRoutes = (deps: AppDeps) => {
  const providers = createOAuthProviders(deps);
  const redirect = (location: string, cookies: string[]): Response => {
    const headers = new Headers({ location, "cache-control": "no-store" });
    for (const value of cookies) headers.append("set-cookie", value);
    return new Response(null, { status: 302, headers });
  };

  return new Elysia({ name: "oauth-routes", prefix: "/api/auth" })
    .get(
      "/:provider",
      async ({ params }) => {
        const name = params.provider;
        if (name !== "google" && name !== "oidc") throw notFound("There is no such API endpoint.");
        const provider = providers[name];
        if (!provider) return redirect("/login?error=unavailable", []);
        try {
          const { location, cookies } = await startOAuth(deps, name, provider);
          return redirect(location, cookies);
        } catch (error) {
          deps.log(`oauth ${name} start failed: ${error instanceof Error ? error.message : String(error)}`);
          return redirect(`/login?error=${error instanceof OAuthFailure ? error.code : "unavailable"}`, []);
        }
      },
      {
        detail: operation("Auth", "public", "Start signing in with Google or OIDC (redirect)", {
          302: redirectTo("To the provider, or back to /login with an error"),
        }),
      },
    )
    .get(
      "/:provider/callback",
      async ({ params, query, request }) => {
        const name = params.provider;
        if (name !== "google" && name !== "oidc") throw notFound("There is no such API endpoint.");
        const provider = providers[name];
        const cleared = clearOAuthCookies(deps, name);
        if (!provider) return redirect("/login?error=unavailable", cleared);
        const state = readCookie(request, OAUTH_STATE_COOKIE);
        const verifier = readCookie(request, OAUTH_VERIFIER_COOKIE);
        const code = typeof query.code === "string" ? query.code : null;
        if (!state || !verifier || !code || query.state !== state) return redirect("/login?error=state", cleared);
        try {
          const profile = await provider.profile(code, verifier);
          const user = await resolveOAuthUser(deps, name, profile);
          // The provider stands in for the password only: an account with a second factor still needs its code.
          if (hasMfa(user)) return redirect("/login/code", [...cleared, mfaTicketCookie(deps, await createSignInTicket(deps, user))]);
          return redirect(homeAfterSignIn(deps.config, user), [...cleared, await signInUser(deps, user.id)]);
        } catch (error) {
          deps.log(`oauth ${name} callback failed: ${error instanceof Error ? error.message : String(error)}`);
          return redirect(`/login?error=${error instanceof OAuthFailure ? error.code : "provider"}`, cleared);
        }
      },
      {
        detail: operation("Auth", "public", "Return from Google or OIDC (redirect)", {
          302: redirectTo("To the home page signed in, to /login/code for a second factor, or to /login with an error"),
        }),
      },
    );
};
