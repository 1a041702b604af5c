import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { requireUser } from "../../http/guards";
import { SettingsPatch } from "./model";
import { updateUserSettings } from "./service";

export const settingsApi = (deps: AppDeps) =>
  new Elysia({ name: "settings-api", prefix: "/api/users/me" })
    .use(context(deps))
    .patch(
      "/settings",
      async ({ actor, body }) => {
        const user = requireUser(actor).user;
        const settings = await updateUserSettings(deps.database.db, user.id, user.settings, body);
        return { settings };
      },
      { body: SettingsPatch },
    );
