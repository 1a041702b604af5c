import { eq } from "drizzle-orm";
import { type UserSettings, users } from "../../../db/schema";
import { badRequest } from "../../http/errors";
import type { Db } from "../../lib/db";
import type { SettingsPatch } from "./model";

export function applySettingsPatch(settings: UserSettings, patch: SettingsPatch): UserSettings {
  const [group, key] = patch.path.split(".") as [keyof UserSettings, string];
  if (patch.path === "appNotifications.generalEnabled" && patch.value === false) {
    throw badRequest("General app notifications cannot be turned off.");
  }
  return { ...settings, [group]: { ...settings[group], [key]: patch.value } };
}

export async function updateUserSettings(db: Db, userId: string, current: UserSettings, patch: SettingsPatch): Promise<UserSettings> {
  const next = applySettingsPatch(current, patch);
  await db.update(users).set({ settings: next }).where(eq(users.id, userId));
  return next;
}
