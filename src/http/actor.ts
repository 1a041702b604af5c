// Roles are decided on the server on every request: a flag alone is not enough, the stored
// key must equal the configured one, so rotating ADMIN_KEY or SUPER_ADMIN_KEY revokes roles.
import { timingSafeEqual } from "node:crypto";
import type { User } from "../../db/schema";

export type RoleKeys = { adminKey: string; superAdminKey: string };
export type Actor = { user: User; isAdmin: boolean; isSuperAdmin: boolean; sessionId: string };

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

export function toActor(user: User, sessionId: string, keys: RoleKeys): Actor {
  return { user, sessionId, isAdmin: isAdmin(user, keys), isSuperAdmin: isSuperAdmin(user, keys) };
}
