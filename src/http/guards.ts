// Guards that read like sentences. Pages redirect; the API answers 401 or 403.
import type { Actor } from "./actor";
import { readCookie } from "./cookies";
import { HttpError, forbidden, unauthorized } from "./errors";

/** Thrown by page guards; the error mapper turns it into a 303. */
export class Redirect extends HttpError {
  constructor(readonly location: string) {
    super(303, `Redirect to ${location}`);
  }
}

export const CHOOSE_PASSWORD_FIRST_MESSAGE = "Choose your own password first: your account still has its temporary password.";

/** Where a session that still holds its temporary password may go: choosing a password, signing out. */
const OPEN_TO_TEMPORARY_SESSIONS = new Set(["/choose-password", "/api/auth/choose-password", "/api/auth/logout", "/logout"]);
/** The order's own confirmation page, where the wizard leads right after the order (decision 097). */
const ORDER_CONFIRMATION = /^\/orders\/[^/]+\/confirmation$/;

/**
 * A visitor's order signs them in while their password is the temporary one from the mail (README
 * decision 008). Until they choose their own, that session opens only the choose-a-password page and
 * its API: other pages redirect there, other API calls answer 403.
 */
export function holdTemporarySession(actor: Actor | null, request: Request): void {
  if (!actor?.user.mustChangePassword) return;
  const path = new URL(request.url).pathname;
  if (OPEN_TO_TEMPORARY_SESSIONS.has(path) || ORDER_CONFIRMATION.test(path)) return;
  if (path === "/api" || path.startsWith("/api/")) throw forbidden(CHOOSE_PASSWORD_FIRST_MESSAGE);
  throw new Redirect(`/choose-password?next=${encodeURIComponent(path)}`);
}

/**
 * The cookie of a first sign-in's pending step (decision 096): signing in with a temporary password
 * gives no session, only this ticket, good until the step expires.
 */
export const PASSWORD_STEP_COOKIE = "password-step";
export const PASSWORD_STEP_PATH = "/choose-password";

/**
 * A browser with a pending "choose a new password" step and no session is sent back to that step
 * from any page (a detour, a reload, a second tab), never to a signed-out page. Writes and the API
 * go on as for any visitor; signing out or signing in ends the step.
 */
export function holdPasswordStep(actor: Actor | null, request: Request): void {
  if (actor || (request.method !== "GET" && request.method !== "HEAD")) return;
  const path = new URL(request.url).pathname;
  if (path === PASSWORD_STEP_PATH || path === "/api" || path.startsWith("/api/")) return;
  if (readCookie(request, PASSWORD_STEP_COOKIE)) throw new Redirect(PASSWORD_STEP_PATH);
}

/** Who may open a route: any signed-in user, an admin, or a super admin (the `auth` macro, src/http/context.ts). */
export type AuthLevel = "user" | "admin" | "super-admin";

export const MFA_SETUP_REQUIRED_MESSAGE = "Set up two-factor authentication in Settings → Security to open the admin console.";

/** Where an admin without a second factor is sent instead of the console. */
export const MFA_SETUP_PATH = "/settings/security?setup=required";

/**
 * The actor when it may open a route of `level` at `path`. Else the API answers 401 (nobody signed
 * in) or 403 (a role missing), and a page redirects (SPEC.md §2): a visitor to the home page, an
 * admin without a second factor to set one up, anyone else to their dashboard.
 */
export function authorize(level: AuthLevel, actor: Actor | null, path: string): Actor {
  const api = path === "/api" || path.startsWith("/api/");
  if (!actor) throw api ? unauthorized() : new Redirect("/");
  if (level === "user") return actor;
  if (actor.mfaSetupRequired) throw api ? forbidden(MFA_SETUP_REQUIRED_MESSAGE) : new Redirect(MFA_SETUP_PATH);
  if (level === "admin" ? actor.isAdmin : actor.isSuperAdmin) return actor;
  if (!api) throw new Redirect("/dashboard");
  throw forbidden(level === "admin" ? "Only admins can do that." : "Only super admins can do that.");
}

/** A page for visitors only (signing in, registering): the signed-in go to their dashboard. */
export function requireGuestPage(actor: Actor | null): void {
  if (actor) throw new Redirect("/dashboard");
}
