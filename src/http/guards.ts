// Guards that read like sentences. Pages redirect; the API answers 401 or 403.
import type { Actor } from "./actor";
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

/**
 * A visitor's order signs them in while their password is the temporary one from the mail (README
 * decision 008). Until they choose their own, that session opens only the choose-a-password page and
 * its API: other pages redirect there, other API calls answer 403.
 */
export function holdTemporarySession(actor: Actor | null, request: Request): void {
  if (!actor?.user.mustChangePassword) return;
  const path = new URL(request.url).pathname;
  if (OPEN_TO_TEMPORARY_SESSIONS.has(path)) return;
  if (path === "/api" || path.startsWith("/api/")) throw forbidden(CHOOSE_PASSWORD_FIRST_MESSAGE);
  throw new Redirect(`/choose-password?next=${encodeURIComponent(path)}`);
}

/** Who may call a route: any signed-in user, an admin, or a super admin (the `auth` macro, src/http/context.ts). */
export type AuthLevel = "user" | "admin" | "super-admin";

export const MFA_SETUP_REQUIRED_MESSAGE = "Set up two-factor authentication in Settings → Security to open the admin console.";

/** Where an admin without a second factor is sent instead of the console. */
export const MFA_SETUP_PATH = "/settings/security?setup=required";

/** The actor when it may call a route of `level`; else 401 (nobody signed in) or 403 (a role missing). */
export function authorize(level: AuthLevel, actor: Actor | null): Actor {
  if (!actor) throw unauthorized();
  if (level === "user") return actor;
  if (actor.mfaSetupRequired) throw forbidden(MFA_SETUP_REQUIRED_MESSAGE);
  if (level === "admin" && !actor.isAdmin) throw forbidden("Only admins can do that.");
  if (level === "super-admin" && !actor.isSuperAdmin) throw forbidden("Only super admins can do that.");
  return actor;
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

// The hand guards the `auth` macro replaces, kept until every route declares its level.
export const requireUser = (actor: Actor | null): Actor => authorize("user", actor);
export const requireAdmin = (actor: Actor | null): Actor => authorize("admin", actor);
export const requireSuperAdmin = (actor: Actor | null): Actor => authorize("super-admin", actor);
