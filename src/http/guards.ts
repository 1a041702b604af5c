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
/** The order's own confirmation page, where the wizard leads right after the order (issue 35). */
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

export function requireUser(actor: Actor | null): Actor {
  if (!actor) throw unauthorized();
  return actor;
}

export const MFA_SETUP_REQUIRED_MESSAGE = "Set up two-factor authentication in Settings → Security to open the admin console.";

/** Where an admin without a second factor is sent instead of the console. */
export const MFA_SETUP_PATH = "/settings/security?setup=required";

export function requireAdmin(actor: Actor | null): Actor {
  const signedIn = requireUser(actor);
  if (signedIn.mfaSetupRequired) throw forbidden(MFA_SETUP_REQUIRED_MESSAGE);
  if (!signedIn.isAdmin) throw forbidden("Only admins can do that.");
  return signedIn;
}

export function requireSuperAdmin(actor: Actor | null): Actor {
  const signedIn = requireUser(actor);
  if (signedIn.mfaSetupRequired) throw forbidden(MFA_SETUP_REQUIRED_MESSAGE);
  if (!signedIn.isSuperAdmin) throw forbidden("Only super admins can do that.");
  return signedIn;
}

// Page guards (SPEC.md §2).
export function requireSignedInPage(actor: Actor | null): Actor {
  if (!actor) throw new Redirect("/");
  return actor;
}

export function requireGuestPage(actor: Actor | null): void {
  if (actor) throw new Redirect("/dashboard");
}

export function requireAdminPage(actor: Actor | null): Actor {
  if (!actor) throw new Redirect("/");
  if (actor.mfaSetupRequired) throw new Redirect(MFA_SETUP_PATH);
  if (!actor.isAdmin) throw new Redirect("/dashboard");
  return actor;
}
