// The signed-in user's own account: settings switches, profile, e-mail, photo and deletion.

import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { badRequest, conflict, payloadTooLarge, unsupportedMediaType } from "../../http/errors";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import { detectImageType, imageExtension } from "../../lib/images";
import { isUniqueViolation } from "../../lib/sql-state";
import type { UploadOwner } from "../../lib/storage";
import type { UserSettings } from "../../shared/enums";
import { type Proof, confirmIdentity } from "../auth/reprove";
import { EMAIL_IN_USE_MESSAGE, checkDisplayName, checkEmail, throwIfInvalid } from "../auth/service";
import type { SettingsPatch } from "./model";
import {
  deleteUserRow,
  hasOtherSuperAdmin,
  isEmailTakenByOther,
  listCreatorImageKeys,
  selectHeldPhotoKeys,
  setUserPhoto,
  setUserSettings,
  updateUserProfile,
} from "./queries";

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

export function applySettingsPatch(settings: UserSettings, patch: SettingsPatch): UserSettings {
  const [group, key] = patch.path.split(".") as [keyof UserSettings, string];
  if (patch.path === "appNotifications.generalEnabled" && patch.value === false) {
    throw badRequest("General app notifications cannot be turned off.");
  }
  return { ...settings, [group]: { ...settings[group], [key]: patch.value } };
}

export async function updateUserSettings(db: Db, userId: string, current: UserSettings, patch: SettingsPatch): Promise<UserSettings> {
  const next = applySettingsPatch(current, patch);
  await setUserSettings(db, userId, next);
  return next;
}

/**
 * Changes the display name and/or e-mail; only values that differ are written (SPEC.md §5). A new
 * e-mail needs the person re-proved (decision 088): whoever controls it can reset the password.
 */
export async function updateProfile(
  deps: AppDeps,
  actor: Actor,
  input: { displayName?: string; email?: string } & Proof,
  clientIp: string,
): Promise<{ changed: string[] }> {
  const fields: Record<string, string> = {};
  const changes: { displayName?: string; email?: string } = {};
  if (input.displayName !== undefined) {
    const displayName = checkDisplayName(input.displayName, fields);
    if (displayName !== actor.user.displayName) changes.displayName = displayName;
  }
  if (input.email !== undefined) {
    const email = checkEmail(input.email, fields);
    if (email !== actor.user.email) changes.email = email;
  }
  throwIfInvalid(fields);
  const db = deps.database.db;
  if (changes.email) {
    // Proof first, so a borrowed session cannot ask which addresses have accounts.
    await confirmIdentity(deps, actor, input, clientIp);
    if (await isEmailTakenByOther(db, changes.email, actor.user.id)) throw conflict(EMAIL_IN_USE_MESSAGE);
  }
  if (Object.keys(changes).length === 0) return { changed: [] };
  try {
    await updateUserProfile(db, actor.user.id, changes);
  } catch (error) {
    // The unique index settles a race between two accounts taking the same e-mail.
    if (changes.email && isUniqueViolation(error)) {
      throw conflict(EMAIL_IN_USE_MESSAGE);
    }
    throw error;
  }
  return { changed: Object.keys(changes) };
}

const PHOTOS_PREFIX = "users/";

/** Every key under users/ is a profile photo: one no account names is an orphan (decision 082). */
export function profilePhotoUploads(db: Db): UploadOwner {
  return { prefix: PHOTOS_PREFIX, heldKeys: (keys) => selectHeldPhotoKeys(db, keys) };
}

/** Stores a new profile photo under users/{userId}/photo/ and removes the previous one. */
export async function replacePhoto(deps: AppDeps, actor: Actor, file: File): Promise<string> {
  if (file.size > PHOTO_MAX_BYTES) throw payloadTooLarge(`The photo is too large: the limit is ${PHOTO_MAX_BYTES / 1024 / 1024} MiB.`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectImageType(bytes);
  if (!type) throw unsupportedMediaType("The photo must be a PNG, JPEG, WebP or GIF image.");
  // A new key per upload: stored objects are immutable and cached forever.
  const key = `${PHOTOS_PREFIX}${actor.user.id}/photo/${newId()}.${imageExtension(type)}`;
  const url = await deps.storage.put(key, bytes, type);
  try {
    await setUserPhoto(deps.database.db, actor.user.id, { photoURL: url, photoKey: key });
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
  if (actor.user.photoKey) await deleteQuietly(deps, [actor.user.photoKey]);
  return url;
}

async function deleteQuietly(deps: AppDeps, keys: string[]): Promise<void> {
  for (const key of keys) {
    await deps.storage
      .delete(key)
      .catch((error: unknown) => deps.log(`storage: could not delete ${key}: ${error instanceof Error ? error.message : String(error)}`));
  }
}

/**
 * Deletes the account. The database cascades remove the user's sessions, reset tokens, linked
 * provider accounts, notifications, projects (with their images); bug reports stay for the
 * admins with no reporter, and access codes claimed by the deleted projects go back to
 * unclaimed-by-project (set null). Invoices and payments stay (decision 077): their links to the
 * user and projects become null, the names copied onto them remain, open invoices become void. Stored files (photo, project images) are removed
 * after the rows are gone, so nothing in the database points at a missing file. The person is
 * re-proved first (decision 088): the session cookie alone deletes nothing.
 */
export async function deleteAccount(deps: AppDeps, actor: Actor, proof: Proof, clientIp: string): Promise<void> {
  const db = deps.database.db;
  if (actor.isSuperAdmin && !(await hasOtherSuperAdmin(db, actor.user.id, deps.config.superAdminKey))) {
    throw conflict("You are the only super admin. Make another admin a super admin before deleting your account.");
  }
  await confirmIdentity(deps, actor, proof, clientIp);
  const keys = await db.transaction(async (tx) => {
    const imageKeys = await listCreatorImageKeys(tx, actor.user.id);
    const deleted = await deleteUserRow(tx, actor.user.id);
    return [...(deleted?.photoKey ? [deleted.photoKey] : []), ...imageKeys];
  });
  await deleteQuietly(deps, keys);
}
