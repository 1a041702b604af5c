// /login, /register, /reset and /logout as plain HTML forms (POST, then a redirect, or the
// page again with the error and the typed values). They call the same services as the API.
import { Elysia } from "elysia";
import type { User } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import { clientIp } from "../../http/client-ip";
import { context } from "../../http/context";
import { readCookie } from "../../http/cookies";
import { HttpError, badRequest } from "../../http/errors";
import { PASSWORD_STEP_COOKIE, Redirect, requireGuestPage } from "../../http/guards";
import { clearSessionCookie, revokeSession, sessionCookieName } from "../../http/sessions";
import { page } from "../../render/layout/page";
import { servePublicPage } from "../../render/page-cache";
import { MFA_TICKET_COOKIE, clearMfaTicketCookie, completeMfaSignIn } from "./mfa";
import { oauthErrorMessage } from "./oauth";
import { checkNewPassword } from "./passwords";
import { RESET_LINK_INVALID_MESSAGE, confirmPasswordReset, isResetTokenUsable, requestPasswordReset } from "./reset";
import {
  TICKET_INVALID_MESSAGE,
  chooseOwnPassword,
  clearPasswordStepCookie,
  completePasswordChange,
  homeAfterSignIn,
  loginUser,
  openPasswordStep,
  passwordStepCookie,
  registerUser,
} from "./service";
import {
  ChooseOwnPasswordView,
  ChoosePasswordView,
  type FormState,
  LoginView,
  MfaCodeView,
  RegisterView,
  ResetConfirmView,
  ResetLinkInvalidView,
  ResetRequestView,
  type SocialProviders,
} from "./views";

/** Reads named text fields from a parsed form body; anything else is ignored. */
function readForm<K extends string>(body: unknown, names: readonly K[]): Record<K, string> {
  const source = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const form = {} as Record<K, string>;
  for (const name of names) {
    const value = source[name];
    form[name] = typeof value === "string" ? value.slice(0, 1000) : "";
  }
  return form;
}

/** The error of a refused form as something to show; server faults still go to the error screen. */
function formError(error: unknown): { status: number; state: FormState; headers?: Record<string, string> } {
  if (error instanceof HttpError && error.status < 500) {
    return { status: error.status, state: { error: error.message, fields: error.fields }, headers: error.headers };
  }
  throw error;
}

/** Where to go after choosing a password: a path on this site, never another origin. */
function localPath(value: unknown): string {
  return typeof value === "string" && /^\/(?![/\\])/.test(value) && value.length < 500 ? value : "/dashboard";
}

function redirect(location: string, ...cookies: string[]): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}

const PASSWORDS_DIFFER_MESSAGE = "The two passwords do not match.";

/** The form's second field: checked once the password itself passes, so only one error shows at a time. */
function requireSamePassword(form: { password: string; confirm: string }): void {
  const fields: Record<string, string> = {};
  checkNewPassword(form.password, fields);
  if (!fields.password && form.password !== form.confirm) throw badRequest(PASSWORDS_DIFFER_MESSAGE, { confirm: PASSWORDS_DIFFER_MESSAGE });
}

/** Where a first password leads: an admin's required two-factor set-up, else `next`; the dashboard greets a first visit. */
function afterFirstPassword(deps: AppDeps, user: User, next = "/dashboard"): string {
  const home = homeAfterSignIn(deps.config, user);
  if (home !== "/dashboard") return home;
  return next === "/dashboard" ? "/dashboard?welcome=first" : next;
}

async function withHeaders(response: Promise<Response>, headers?: Record<string, string>): Promise<Response> {
  const resolved = await response;
  for (const [name, value] of Object.entries(headers ?? {})) resolved.headers.set(name, value);
  return resolved;
}

export const authPages = (deps: AppDeps) => {
  const providers: SocialProviders = { google: deps.config.google !== null, oidc: deps.config.oidc !== null };
  const meta = {
    login: { title: "Sign in", description: "Sign in to your Webstudio account.", path: "/login" },
    register: { title: "Create your account", description: "Create a Webstudio account to order and follow your web app.", path: "/register" },
    reset: { title: "Reset your password", description: "Get a link to choose a new password for your Webstudio account.", path: "/reset" },
    code: { title: "Enter your code", description: "The second step of signing in to your Webstudio account.", path: "/login/code" },
    choosePassword: { title: "Choose a new password", description: "Choose your own password for your Webstudio account.", path: "/choose-password" },
  };

  /** The step is over (expired, used, or the password changed): sign in again, and the browser forgets the step. */
  const stepExpired = () =>
    withHeaders(
      page(deps, null, meta.login, <LoginView state={{ error: TICKET_INVALID_MESSAGE }} providers={providers} />, { publicPage: true, status: 400 }),
      {
        "set-cookie": clearPasswordStepCookie(deps),
        "cache-control": "no-store",
      },
    );

  return new Elysia({ name: "auth-pages" })
    .use(context(deps))
    .get("/login", ({ actor, query, request }) => {
      requireGuestPage(actor);
      const error = typeof query.error === "string" ? oauthErrorMessage(query.error) : null;
      return servePublicPage(deps.database.db, request, () =>
        page(deps, null, meta.login, <LoginView state={{ error }} providers={providers} />, { publicPage: true }),
      );
    })
    .post("/login", async ({ body, request }) => {
      const form = readForm(body, ["email", "password"] as const);
      try {
        const result = await loginUser(deps, form, clientIp(request));
        if (result.kind === "signed-in") return redirect(homeAfterSignIn(deps.config, result.user), result.cookie);
        if (result.kind === "second-factor") return page(deps, null, meta.code, <MfaCodeView ticket={result.ticket} state={{}} />, { publicPage: true });
        // The step gets its own address and keeps its ticket in a cookie, so a detour or a reload comes back to it.
        return redirect("/choose-password", passwordStepCookie(deps, result.ticket));
      } catch (error) {
        const refused = formError(error);
        const state = { ...refused.state, values: { email: form.email } };
        return withHeaders(
          page(deps, null, meta.login, <LoginView state={state} providers={providers} />, { publicPage: true, status: refused.status }),
          refused.headers,
        );
      }
    })
    .get("/login/code", ({ actor, request }) => {
      requireGuestPage(actor);
      // Only a provider's sign-in comes here by GET, with its ticket in a cookie for this page.
      const ticket = readCookie(request, MFA_TICKET_COOKIE);
      if (!ticket) throw new Redirect("/login");
      return withHeaders(page(deps, null, meta.code, <MfaCodeView ticket={ticket} state={{}} />, { publicPage: true }), {
        "set-cookie": clearMfaTicketCookie(deps),
        "cache-control": "no-store",
      });
    })
    .post("/login/code", async ({ body, request }) => {
      const form = readForm(body, ["ticket", "code"] as const);
      try {
        const { user, cookie } = await completeMfaSignIn(deps, form, clientIp(request));
        return redirect(homeAfterSignIn(deps.config, user), cookie);
      } catch (error) {
        const refused = formError(error);
        // A dead ticket cannot be fixed on this form: start again from sign-in.
        if (!refused.state.fields) {
          return withHeaders(
            page(deps, null, meta.login, <LoginView state={refused.state} providers={providers} />, { publicPage: true, status: refused.status }),
            refused.headers,
          );
        }
        return page(deps, null, meta.code, <MfaCodeView ticket={form.ticket} state={refused.state} />, { publicPage: true, status: refused.status });
      }
    })
    .get("/choose-password", async ({ actor, query, request }) => {
      if (actor) {
        if (!actor.user.mustChangePassword) throw new Redirect("/dashboard");
        const next = localPath(query.next);
        return page(deps, null, meta.choosePassword, <ChooseOwnPasswordView next={next} email={actor.user.email} state={{}} />, { publicPage: true });
      }
      const ticket = readCookie(request, PASSWORD_STEP_COOKIE);
      if (!ticket) throw new Redirect("/login");
      const user = await openPasswordStep(deps, ticket);
      if (!user) return stepExpired();
      return withHeaders(page(deps, null, meta.choosePassword, <ChoosePasswordView email={user.email} state={{}} />, { publicPage: true }), {
        "cache-control": "no-store",
      });
    })
    .post("/choose-password", async ({ actor, body, request }) => {
      const form = readForm(body, ["password", "confirm", "next"] as const);
      if (actor) {
        // The password was chosen meanwhile (in another tab): nothing is left to do here.
        if (!actor.user.mustChangePassword) return redirect("/dashboard");
        const next = localPath(form.next);
        try {
          requireSamePassword(form);
          const { user, cookie } = await chooseOwnPassword(deps, actor, form);
          return redirect(afterFirstPassword(deps, user, next), cookie);
        } catch (error) {
          const refused = formError(error);
          return page(deps, null, meta.choosePassword, <ChooseOwnPasswordView next={next} email={actor.user.email} state={refused.state} />, {
            publicPage: true,
            status: refused.status,
          });
        }
      }
      const ticket = readCookie(request, PASSWORD_STEP_COOKIE);
      if (!ticket) throw new Redirect("/login");
      const user = await openPasswordStep(deps, ticket);
      if (!user) return stepExpired();
      try {
        requireSamePassword(form);
        const { cookie } = await completePasswordChange(deps, { ticket, password: form.password });
        return redirect(afterFirstPassword(deps, user), cookie, clearPasswordStepCookie(deps));
      } catch (error) {
        const refused = formError(error);
        // A ticket that died meanwhile (the password chosen in another tab) cannot be fixed on this form.
        if (!refused.state.fields) return stepExpired();
        return page(deps, null, meta.choosePassword, <ChoosePasswordView email={user.email} state={refused.state} />, {
          publicPage: true,
          status: refused.status,
        });
      }
    })
    .get("/register", ({ actor, request }) => {
      requireGuestPage(actor);
      return servePublicPage(deps.database.db, request, () =>
        page(deps, null, meta.register, <RegisterView state={{}} providers={providers} />, { publicPage: true }),
      );
    })
    .post("/register", async ({ body, request }) => {
      const form = readForm(body, ["email", "displayName", "password"] as const);
      try {
        const { cookie } = await registerUser(deps, form, clientIp(request));
        return redirect("/dashboard", cookie);
      } catch (error) {
        const refused = formError(error);
        const state = { ...refused.state, values: { email: form.email, displayName: form.displayName } };
        return withHeaders(
          page(deps, null, meta.register, <RegisterView state={state} providers={providers} />, { publicPage: true, status: refused.status }),
          refused.headers,
        );
      }
    })
    .get("/reset", async ({ actor, query }) => {
      requireGuestPage(actor);
      const token = typeof query.token === "string" ? query.token : null;
      if (token === null) return page(deps, null, meta.reset, <ResetRequestView state={{}} />, { publicPage: true });
      if (!(await isResetTokenUsable(deps, token))) {
        return page(deps, null, meta.reset, <ResetLinkInvalidView message={RESET_LINK_INVALID_MESSAGE} />, { publicPage: true, status: 400 });
      }
      return withHeaders(page(deps, null, meta.reset, <ResetConfirmView token={token} state={{}} />, { publicPage: true }), {
        // The token is in this page's URL: keep it out of other sites' Referer headers and out of
        // caches. (Not "no-referrer": that makes the form's POST send `Origin: null`, a CSRF refusal.)
        "referrer-policy": "same-origin",
        "cache-control": "no-store",
      });
    })
    .post("/reset", async ({ body, request }) => {
      const form = readForm(body, ["email"] as const);
      try {
        const notice = await requestPasswordReset(deps, form, clientIp(request));
        return page(deps, null, meta.reset, <ResetRequestView state={{ notice, values: form }} />, { publicPage: true });
      } catch (error) {
        const refused = formError(error);
        return withHeaders(
          page(deps, null, meta.reset, <ResetRequestView state={{ ...refused.state, values: form }} />, { publicPage: true, status: refused.status }),
          refused.headers,
        );
      }
    })
    .post("/reset/confirm", async ({ body, request }) => {
      const form = readForm(body, ["token", "password", "confirm"] as const);
      try {
        requireSamePassword(form);
        const result = await confirmPasswordReset(deps, form, clientIp(request));
        if (result.cookie === null) {
          const notice = "Your password has been reset. Enter a code from your authenticator app to finish signing in.";
          return page(deps, null, meta.code, <MfaCodeView ticket={result.ticket} state={{ notice }} />, { publicPage: true });
        }
        return redirect(homeAfterSignIn(deps.config, result.user), result.cookie);
      } catch (error) {
        const refused = formError(error);
        if (!refused.state.fields) {
          return page(deps, null, meta.reset, <ResetLinkInvalidView message={refused.state.error ?? RESET_LINK_INVALID_MESSAGE} />, {
            publicPage: true,
            status: refused.status,
          });
        }
        return page(deps, null, meta.reset, <ResetConfirmView token={form.token} state={refused.state} />, {
          publicPage: true,
          status: refused.status,
        });
      }
    })
    .post("/logout", async ({ request }) => {
      const token = readCookie(request, sessionCookieName(deps.config.secureCookies));
      if (token) await revokeSession(deps.database.db, token);
      // Signing out also leaves a pending first sign-in's step.
      return redirect("/", clearSessionCookie(deps.config.secureCookies), clearPasswordStepCookie(deps));
    });
};
