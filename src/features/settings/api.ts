// /api/users/me: the signed-in user's own record, profile, password, photo, settings, deletion.
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { clientIp } from "../../http/client-ip";
import { context } from "../../http/context";
import { requireUser } from "../../http/guards";
import { clearSessionCookie } from "../../http/sessions";
import { refuseUnknownFields } from "../../http/unknown-fields";
import { confirmMfaSetup, mfaStatus, regenerateRecoveryCodes, startMfaSetup, turnOffMfa } from "../auth/mfa";
import { findUserById } from "../auth/queries";
import { changePassword, toPublicUser } from "../auth/service";
import { MfaCodeOnlyBody, MfaEnableBody, SettingsPatch } from "./model";
import { deleteAccount, replacePhoto, updateProfile, updateUserSettings } from "./service";
import { listOwnSessions, signOutOtherSessions, signOutSession } from "./sessions";

const ProfilePatch = t.Object(
  {
    displayName: t.Optional(t.String({ maxLength: 300 })),
    email: t.Optional(t.String({ maxLength: 320 })),
    currentPassword: t.Optional(t.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);

const PasswordChangeBody = t.Object(
  { currentPassword: t.String({ maxLength: 1000 }), password: t.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);

export const settingsApi = (deps: AppDeps) =>
  new Elysia({ name: "settings-api", prefix: "/api/users/me" })
    .use(context(deps))
    .get("/", ({ actor }) => {
      return { user: toPublicUser(requireUser(actor).user, deps.config) };
    })
    .patch(
      "/",
      async ({ actor, body }) => {
        const signedIn = requireUser(actor);
        const { changed } = await updateProfile(deps, signedIn, body);
        const user = (await findUserById(deps.database.db, signedIn.user.id)) ?? signedIn.user;
        const message =
          changed.length === 0 ? "Nothing changed." : changed.includes("email") ? "Your e-mail has been updated." : "Your profile has been updated.";
        return { message, user: toPublicUser(user, deps.config) };
      },
      // Only these names: a body that tries to set isAdmin (or anything else) is refused.
      { transform: refuseUnknownFields(ProfilePatch), body: ProfilePatch },
    )
    .patch(
      "/password",
      async ({ actor, body }) => {
        await changePassword(deps, requireUser(actor), body);
        return { message: "Your password has been changed." };
      },
      { transform: refuseUnknownFields(PasswordChangeBody), body: PasswordChangeBody },
    )
    .post(
      "/photo",
      async ({ actor, body }) => {
        const photoURL = await replacePhoto(deps, requireUser(actor), body.photo);
        return { message: "Your photo has been updated.", photoURL };
      },
      { body: t.Object({ photo: t.File({ error: "Choose an image file to upload." }) }) },
    )
    .patch(
      "/settings",
      async ({ actor, body }) => {
        const user = requireUser(actor).user;
        const settings = await updateUserSettings(deps.database.db, user.id, user.settings, body);
        return { settings };
      },
      { transform: refuseUnknownFields(SettingsPatch), body: SettingsPatch },
    )
    // Two-factor authentication (decision 028).
    .get("/mfa", async ({ actor }) => mfaStatus(deps, requireUser(actor).user))
    .post("/mfa/setup", ({ actor }) => startMfaSetup(deps, requireUser(actor)))
    .post(
      "/mfa/enable",
      async ({ actor, body }) => ({
        message: "Two-factor authentication is on. Keep these recovery codes somewhere safe: each works once, and they are not shown again.",
        recoveryCodes: await confirmMfaSetup(deps, requireUser(actor), body),
      }),
      { transform: refuseUnknownFields(MfaEnableBody), body: MfaEnableBody },
    )
    .post(
      "/mfa/disable",
      async ({ actor, body, request }) => {
        await turnOffMfa(deps, requireUser(actor), body, clientIp(request));
        return { message: "Two-factor authentication is off." };
      },
      { transform: refuseUnknownFields(MfaCodeOnlyBody), body: MfaCodeOnlyBody },
    )
    .post(
      "/mfa/recovery-codes",
      async ({ actor, body, request }) => ({
        message: "New recovery codes: the old ones no longer work. Keep these somewhere safe.",
        recoveryCodes: await regenerateRecoveryCodes(deps, requireUser(actor), body, clientIp(request)),
      }),
      { transform: refuseUnknownFields(MfaCodeOnlyBody), body: MfaCodeOnlyBody },
    )
    // Signed-in devices.
    .get("/sessions", async ({ actor }) => ({ sessions: await listOwnSessions(deps, requireUser(actor)) }))
    .delete("/sessions", async ({ actor }) => {
      await signOutOtherSessions(deps, requireUser(actor));
      return { message: "Every other session is signed out." };
    })
    .delete(
      "/sessions/:id",
      async ({ actor, params, set }) => {
        const { current } = await signOutSession(deps, requireUser(actor), params.id);
        if (current) set.headers["set-cookie"] = clearSessionCookie(deps.config.secureCookies);
        return { message: "That session is signed out." };
      },
      { params: t.Object({ id: t.String({ maxLength: 64 }) }) },
    )
    .delete("/", async ({ actor, set }) => {
      await deleteAccount(deps, requireUser(actor));
      set.headers["set-cookie"] = clearSessionCookie(deps.config.secureCookies);
      return { message: "Your account has been deleted." };
    });
