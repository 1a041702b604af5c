// SQL of the signed-in user's own account. Every statement names the user in its `where`, but for the
// orphaned-upload sweep's, which only answers which photo keys are still in use.
import { and, eq, inArray, ne } from "drizzle-orm";
import { messageAttachments, projectImages, projects, users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import type { UserSettings } from "../../shared/enums";

export async function setUserSettings(db: Db, userId: string, settings: UserSettings): Promise<void> {
  await db.update(users).set({ settings }).where(eq(users.id, userId));
}

/** Whether an account other than `userId` already uses `email`. */
export async function isEmailTakenByOther(db: Db, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

export async function updateUserProfile(db: Db, userId: string, changes: { displayName?: string; email?: string }): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

export async function setUserPhoto(db: Db, userId: string, photo: { photoURL: string; photoKey: string }): Promise<void> {
  await db.update(users).set(photo).where(eq(users.id, userId));
}

/** Whether a super admin of this install (same key) other than `userId` exists. */
export async function hasOtherSuperAdmin(db: Db, userId: string, superAdminKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isSuperAdmin, true), eq(users.superAdminKey, superAdminKey), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** The storage keys of every image and message attachment of the projects `creatorId` created. */
export async function listCreatorImageKeys(db: Db, creatorId: string): Promise<string[]> {
  const images = await db
    .select({ key: projectImages.storageKey })
    .from(projectImages)
    .innerJoin(projects, eq(projects.id, projectImages.projectId))
    .where(eq(projects.creatorId, creatorId));
  const attachments = await db
    .select({ key: messageAttachments.storageKey })
    .from(messageAttachments)
    .innerJoin(projects, eq(projects.id, messageAttachments.projectId))
    .where(eq(projects.creatorId, creatorId));
  return [...images, ...attachments].map((row) => row.key);
}

/** Deletes the user (the schema's cascades do the rest); answers their photo's key, or null when there was none or no such user. */
export async function deleteUserRow(db: Db, userId: string): Promise<{ photoKey: string | null } | null> {
  const [deleted] = await db.delete(users).where(eq(users.id, userId)).returning({ photoKey: users.photoKey });
  return deleted ?? null;
}

/** The photo keys among `keys` that an account still names (the orphaned-upload sweep). */
export async function selectHeldPhotoKeys(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.select({ key: users.photoKey }).from(users).where(inArray(users.photoKey, keys));
  return rows.flatMap((row) => (row.key === null ? [] : [row.key]));
}
