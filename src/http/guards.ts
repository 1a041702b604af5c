// Guards that read like sentences. Pages redirect; the API answers 401 or 403.
import type { Actor } from "./actor";
import { HttpError, forbidden, unauthorized } from "./errors";

/** Thrown by page guards; the error mapper turns it into a 303. */
export class Redirect extends HttpError {
  constructor(readonly location: string) {
    super(303, `Redirect to ${location}`);
  }
}

export function requireUser(actor: Actor | null): Actor {
  if (!actor) throw unauthorized();
  return actor;
}

export function requireAdmin(actor: Actor | null): Actor {
  const signedIn = requireUser(actor);
  if (!signedIn.isAdmin) throw forbidden("Only admins can do that.");
  return signedIn;
}

export function requireSuperAdmin(actor: Actor | null): Actor {
  const signedIn = requireUser(actor);
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
  if (!actor.isAdmin) throw new Redirect("/dashboard");
  return actor;
}
