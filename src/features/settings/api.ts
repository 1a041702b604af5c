// /api/users/me: the signed-in user's own record, profile, password, photo, settings, deletion.
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { clientIp } from "../../http/client-ip";
import { context } from "../../http/context";
import { MessageAnswer, operation } from "../../http/openapi";
import { clearSessionCookie } from "../../http/sessions";
import { strictBody } from "../../http/unknown-fields";
import {
  changePassword,
  confirmMfaSetup,
  findUser,
  mfaStatus,
  regenerateRecoveryCodes,
  sendConfirmationCode,
  startMfaSetup,
  toPublicUser,
  turnOffOwnMfa,
} from "../auth";
import { MfaSetupAnswer, UserAnswer, UserMessageAnswer, UserSettingsModel } from "../auth/model";
import {
  MfaCodeOnlyBody,
  MfaEnableBody,
  MfaStatusAnswer,
  PhotoAnswer,
  ProfilePatch,
  ProofBody,
  RecoveryCodesAnswer,
  SessionsAnswer,
  SettingsPatch,
} from "./model";
import { deleteAccount, replacePhoto, updateProfile, updateUserSettings } from "./service";
import { listOwnSessions, signOutOtherSessions, signOutSession } from "./sessions";

const PasswordChangeBody = t.Object(
  { currentPassword: t.String({ maxLength: 1000 }), password: t.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);

export const settingsApi = (deps: AppDeps) =>
  new Elysia({ name: "settings-api", prefix: "/api/users/me" })
    .use(context(deps))
    .guard({ auth: "user" })
    .get("/", ({ actor }) => ({ user: toPublicUser(actor.user, deps.config) }), {
      response: UserAnswer,
      detail: operation("Account", "signed-in", "Your own account"),
    })
    .patch(
      "/",
      async ({ actor: signedIn, body, request }) => {
        const { changed } = await updateProfile(deps, signedIn, body, clientIp(request));
        const user = (await findUser(deps.database.db, signedIn.user.id)) ?? signedIn.user;
        const message =
          changed.length === 0 ? "Nothing changed." : changed.includes("email") ? "Your e-mail has been updated." : "Your profile has been updated.";
        return { message, user: toPublicUser(user, deps.config) };
      },
      // Only these names: a body that tries to set isAdmin (or anything else) is refused.
      {
        ...strictBody(ProfilePatch),
        response: UserMessageAnswer,
        detail: operation(
          "Account",
          "signed-in",
          "Change your name or e-mail (a new e-mail needs currentPassword, or emailCode without a password, plus code when two-factor authentication is on)",
        ),
      },
    )
    .patch(
      "/password",
      async ({ actor, body }) => {
        await changePassword(deps, actor, body);
        return { message: "Your password has been changed." };
      },
      {
        ...strictBody(PasswordChangeBody),
        response: MessageAnswer,
        detail: operation("Account", "signed-in", "Change your password"),
      },
    )
    .post(
      "/photo",
      async ({ actor, body }) => {
        const photoURL = await replacePhoto(deps, actor, body.photo);
        return { message: "Your photo has been updated.", photoURL };
      },
      {
        body: t.Object({ photo: t.File({ error: "Choose an image file to upload." }) }),
        response: PhotoAnswer,
        detail: operation("Account", "signed-in", "Replace your profile photo"),
      },
    )
    .patch(
      "/settings",
      async ({ actor, body }) => {
        const user = actor.user;
        const settings = await updateUserSettings(deps.database.db, user.id, user.settings, body);
        return { settings };
      },
      {
        ...strictBody(SettingsPatch),
        response: t.Object({ settings: UserSettingsModel }),
        detail: operation("Account", "signed-in", "Change your settings (theme, notification switches)"),
      },
    )
    // Two-factor authentication (decision 028).
    .get("/mfa", async ({ actor }) => mfaStatus(deps, actor.user), {
      response: MfaStatusAnswer,
      detail: operation("Account", "signed-in", "Whether two-factor authentication is on"),
    })
    .post("/mfa/setup", ({ actor }) => startMfaSetup(deps, actor), {
      response: MfaSetupAnswer,
      detail: operation("Account", "signed-in", "Start setting up two-factor authentication (QR code and key)"),
    })
    .post(
      "/mfa/enable",
      async ({ actor, body }) => ({
        message: "Two-factor authentication is on. Keep these recovery codes somewhere safe: each works once, and they are not shown again.",
        recoveryCodes: await confirmMfaSetup(deps, actor, body),
      }),
      {
        ...strictBody(MfaEnableBody),
        response: RecoveryCodesAnswer,
        detail: operation("Account", "signed-in", "Turn on two-factor authentication with a first code"),
      },
    )
    .post(
      "/mfa/disable",
      async ({ actor, body, request }) => {
        await turnOffOwnMfa(deps, actor, body, clientIp(request));
        return { message: "Two-factor authentication is off." };
      },
      {
        ...strictBody(ProofBody),
        response: MessageAnswer,
        detail: operation("Account", "signed-in", "Turn off two-factor authentication (needs currentPassword, or emailCode without a password, and code)"),
      },
    )
    .post("/confirmation-code", async ({ actor }) => ({ message: await sendConfirmationCode(deps, actor) }), {
      response: MessageAnswer,
      detail: operation("Account", "signed-in", "E-mail a 6-digit code that confirms a dangerous action (accounts without a password)"),
    })
    .post(
      "/mfa/recovery-codes",
      async ({ actor, body, request }) => ({
        message: "New recovery codes: the old ones no longer work. Keep these somewhere safe.",
        recoveryCodes: await regenerateRecoveryCodes(deps, actor, body, clientIp(request)),
      }),
      {
        ...strictBody(MfaCodeOnlyBody),
        response: RecoveryCodesAnswer,
        detail: operation("Account", "signed-in", "Replace your recovery codes (needs a code)"),
      },
    )
    // Signed-in devices.
    .get("/sessions", async ({ actor }) => ({ sessions: await listOwnSessions(deps, actor) }), {
      response: SessionsAnswer,
      detail: operation("Account", "signed-in", "Your signed-in devices"),
    })
    .delete(
      "/sessions",
      async ({ actor }) => {
        await signOutOtherSessions(deps, actor);
        return { message: "Every other session is signed out." };
      },
      { response: MessageAnswer, detail: operation("Account", "signed-in", "Sign out every other device") },
    )
    .delete(
      "/sessions/:id",
      async ({ actor, params, set }) => {
        const { current } = await signOutSession(deps, actor, params.id);
        if (current) set.headers["set-cookie"] = clearSessionCookie(deps.config.secureCookies);
        return { message: "That session is signed out." };
      },
      { params: t.Object({ id: t.String({ maxLength: 64 }) }), response: MessageAnswer, detail: operation("Account", "signed-in", "Sign out one device") },
    )
    .delete(
      "/",
      async ({ actor, body, request, set }) => {
        await deleteAccount(deps, actor, body ?? {}, clientIp(request));
        set.headers["set-cookie"] = clearSessionCookie(deps.config.secureCookies);
        return { message: "Your account has been deleted." };
      },
      {
        // Optional, so a bare DELETE (the old call) hears what proof is missing.
        ...strictBody(t.Optional(ProofBody)),
        response: MessageAnswer,
        detail: operation(
          "Account",
          "signed-in",
          "Delete your account and everything in it (needs currentPassword, or emailCode without a password, plus code when two-factor authentication is on)",
        ),
      },
    );
