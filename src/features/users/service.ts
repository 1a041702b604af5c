// Role changes (SPEC.md §4, §6): any admin may make an admin; only a super admin may remove an
// admin or promote one to super admin; a super admin can be neither removed nor promoted again.

import type { User } from "../../../db/schema";
import { type Actor, type RoleKeys, isAdmin, isSuperAdmin } from "../../http/actor";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { Db } from "../../lib/db";
import { type AuditBy, recordAudit, userTarget } from "../audit/record";
import type { PublicUser } from "../auth/model";
import { toPublicUser } from "../auth/service";
import { findUser, listAdmins, searchNonAdmins, setRoles } from "./queries";

export const NO_USER_MESSAGE = "No users matched those filters.";
const SEARCH_LIMIT = 20;

export async function listAdminUsers(db: Db, keys: RoleKeys): Promise<PublicUser[]> {
  return (await listAdmins(db, keys)).map((user) => toPublicUser(user, keys));
}

export async function searchNonAdminUsers(db: Db, keys: RoleKeys, searchText: string): Promise<PublicUser[]> {
  const text = searchText.trim();
  if (!text) throw badRequest("Search text cannot be empty.", { searchText: "Search text cannot be empty." });
  return (await searchNonAdmins(db, keys, text, SEARCH_LIMIT)).map((user) => toPublicUser(user, keys));
}

async function targetOf(db: Db, userID: string) {
  const user = await findUser(db, userID);
  if (!user) throw notFound(NO_USER_MESSAGE);
  return user;
}

const rolesOf = (user: User, keys: RoleKeys) => ({ isAdmin: isAdmin(user, keys), isSuperAdmin: isSuperAdmin(user, keys) });

/** Writes the new role flags and their audit entry (the roles as they read before and after, never the keys) together. */
async function changeRoles(
  db: Db,
  keys: RoleKeys,
  by: AuditBy,
  user: User,
  action: "user.make_admin" | "user.remove_admin" | "user.make_super_admin",
  values: Parameters<typeof setRoles>[2],
): Promise<void> {
  await db.transaction(async (tx) => {
    await setRoles(tx, user.id, values);
    await recordAudit(tx, by, { action, target: userTarget(user), before: rolesOf(user, keys), after: rolesOf({ ...user, ...values }, keys) });
  });
}

export async function makeAdmin(db: Db, keys: RoleKeys, userID: string, by: AuditBy): Promise<string> {
  const user = await targetOf(db, userID);
  if (isAdmin(user, keys)) throw conflict(`${user.displayName} is already an admin.`);
  await changeRoles(db, keys, by, user, "user.make_admin", { isAdmin: true, adminKey: keys.adminKey });
  return `${user.displayName} is now an admin.`;
}

export async function removeAdmin(db: Db, keys: RoleKeys, actor: Actor, userID: string, by: AuditBy): Promise<string> {
  if (!actor.isSuperAdmin) throw forbidden("Only super admins can remove an admin.");
  const user = await targetOf(db, userID);
  if (isSuperAdmin(user, keys)) throw forbidden("A super admin cannot be removed.");
  if (!isAdmin(user, keys)) throw conflict(`${user.displayName} is not an admin.`);
  await changeRoles(db, keys, by, user, "user.remove_admin", { isAdmin: false, adminKey: null });
  return `${user.displayName} is no longer an admin.`;
}

export async function makeSuperAdmin(db: Db, keys: RoleKeys, actor: Actor, userID: string, by: AuditBy): Promise<string> {
  if (!actor.isSuperAdmin) throw forbidden("Only super admins can promote an admin to super admin.");
  const user = await targetOf(db, userID);
  if (isSuperAdmin(user, keys)) throw conflict(`${user.displayName} is already a super admin.`);
  if (!isAdmin(user, keys)) throw conflict("Only admins can be promoted to super admin. Make this user an admin first.");
  await changeRoles(db, keys, by, user, "user.make_super_admin", {
    isAdmin: true,
    adminKey: keys.adminKey,
    isSuperAdmin: true,
    superAdminKey: keys.superAdminKey,
  });
  return `${user.displayName} is now a super admin.`;
}
