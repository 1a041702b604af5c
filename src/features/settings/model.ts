import { t } from "elysia";
import { AnsweredInteger } from "../../http/schemas";

const switches = (group: "appNotifications" | "emailNotifications") =>
  t.Union([t.Literal(`${group}.generalEnabled`), t.Literal(`${group}.announcementsEnabled`), t.Literal(`${group}.socialEnabled`)]);

// Every path a user may set, and only those: a body naming anything else (isAdmin, say) is refused.
export const SettingsPatch = t.Union([
  t.Object({ path: t.Literal("theme.themeColor"), value: t.Integer({ minimum: 0, maximum: 2 }) }, { additionalProperties: false }),
  t.Object({ path: t.Literal("theme.tintColor"), value: t.Integer({ minimum: 0, maximum: 3 }) }, { additionalProperties: false }),
  t.Object({ path: switches("appNotifications"), value: t.Boolean() }, { additionalProperties: false }),
  t.Object({ path: switches("emailNotifications"), value: t.Boolean() }, { additionalProperties: false }),
]);
export type SettingsPatch = typeof SettingsPatch.static;

const Code = t.String({ maxLength: 40, error: "Code must be text." });
export const MfaEnableBody = t.Object({ ticket: t.String({ maxLength: 2000 }), code: Code }, { additionalProperties: false });
export const MfaCodeOnlyBody = t.Object({ code: Code }, { additionalProperties: false });

// Re-proving the person before a dangerous action (decision 088): the current password, or for an
// account without one the code e-mailed by POST /api/users/me/confirmation-code; plus a code from
// the authenticator app (or a recovery code) when two-factor authentication is on.
const ProofFields = {
  currentPassword: t.Optional(t.String({ maxLength: 1000, error: "Password must be text." })),
  code: t.Optional(Code),
  emailCode: t.Optional(t.String({ maxLength: 40, error: "Code must be text." })),
};
export const ProofBody = t.Object(ProofFields, { additionalProperties: false });
export const ProfilePatch = t.Object(
  {
    displayName: t.Optional(t.String({ maxLength: 300 })),
    email: t.Optional(t.String({ maxLength: 320 })),
    ...ProofFields,
  },
  { additionalProperties: false },
);

// Answers.
export const PhotoAnswer = t.Object({ message: t.String(), photoURL: t.String() });
export const MfaStatusAnswer = t.Object({ enabled: t.Boolean(), recoveryCodesLeft: AnsweredInteger() });
export const RecoveryCodesAnswer = t.Object({ message: t.String(), recoveryCodes: t.Array(t.String()) });
/** One signed-in device; `id` is a handle for signing it out, never the session's token. */
const SessionView = t.Object({ id: t.String(), device: t.String(), createdAt: t.String(), lastSeenAt: t.String(), current: t.Boolean() });
export type SessionView = typeof SessionView.static;
export const SessionsAnswer = t.Object({ sessions: t.Array(SessionView) });
