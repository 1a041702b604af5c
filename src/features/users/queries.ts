// Admin user queries. "Admin" here means what roles.ts means: the flag plus the current key,
// so a user whose key was rotated away counts as a non-admin again.
import { and, asc, eq, ilike, not, sql } from "drizzle-orm";
import { type User, users } from "../../../db/schema";
import type { RoleKeys } from "../../http/actor";
import { type Db, likePattern } from "../../lib/db";

// coalesce: a null key must count as "not admin", never as SQL null (which `not` keeps null).
const effectiveAdmin = (keys: RoleKeys) =>
  sql`coalesce((${users.isAdmin} and ${users.adminKey} = ${keys.adminKey}) or (${users.isSuperAdmin} and ${users.superAdminKey} = ${keys.superAdminKey}), false)`;

export async function listAdmins(db: Db, keys: RoleKeys): Promise<User[]> {
  return db.select().from(users).where(effectiveAdmin(keys)).orderBy(sql`${users.isSuperAdmin} desc`, asc(users.displayName), asc(users.id));
}

export async function searchNonAdmins(db: Db, keys: RoleKeys, text: string, limit: number): Promise<User[]> {
  return db
    .select()
    .from(users)
    .where(and(not(effectiveAdmin(keys)), ilike(users.displayName, likePattern(text))))
    .orderBy(asc(users.displayName), asc(users.id))
    .limit(limit);
}

export async function findUser(db: Db, id: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

export async function setRoles(db: Db, id: string, values: Partial<Pick<User, "isAdmin" | "adminKey" | "isSuperAdmin" | "superAdminKey">>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}
