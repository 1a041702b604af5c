// Roles are decided on the server on every request: a flag alone is not enough, the stored
// key must equal the configured one, so rotating ADMIN_KEY or SUPER_ADMIN_KEY revokes roles.
import { timingSafeEqual } from "node:crypto";
import type { User } from "../../db/schema";

export type RoleKeys = { adminKey: string; superAdminKey: string };
export type Actor = {
  user: User;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  sessionId: string;
  /** Holds an admin role that stays closed until a second factor is set up (REQUIRE_ADMIN_MFA). */
  mfaSetupRequired: boolean;
  /** Set when the request came with a personal API token (decision 086) instead of a session cookie. */
  apiTokenId?: string;
};

function sameKey(stored: string | null, configured: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(configured);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function isSuperAdmin(user: User, keys: RoleKeys): boolean {
  return user.isSuperAdmin && sameKey(user.superAdminKey, keys.superAdminKey);
}

export function isAdmin(user: User, keys: RoleKeys): boolean {
  return (user.isAdmin && sameKey(user.adminKey, keys.adminKey)) || isSuperAdmin(user, keys);
}

export function hasMfa(user: User): boolean {
  return user.totpSecretEnc !== null;
}

/**
 * The powers of this request. When REQUIRE_ADMIN_MFA is on, an admin without a second factor is
 * a customer here, so no admin route, page or admin-only branch of a shared route can open for them.
 */
export function toActor(user: User, sessionId: string, keys: RoleKeys & { requireAdminMfa: boolean }): Actor {
  const admin = isAdmin(user, keys);
  const held = keys.requireAdminMfa && admin && !hasMfa(user);
  return { user, sessionId, isAdmin: admin && !held, isSuperAdmin: isSuperAdmin(user, keys) && !held, mfaSetupRequired: held };
}
