// Request bodies of /api/auth. Lengths are capped here; the rules (format, minimum length)
// live in service.ts so the JSON API and the HTML forms give the same messages.
import { t } from "elysia";
import { AnsweredInteger } from "../../http/schemas";

const Email = t.String({ maxLength: 320, error: "E-mail must be text." });
const Password = t.String({ maxLength: 1000, error: "Password must be text." });

// Every body refuses fields it does not declare (decision 007): a forged `isAdmin` on registration is a 400, not silently dropped.
const closed = { additionalProperties: false } as const;
export const RegisterBody = t.Object({ email: Email, displayName: t.String({ maxLength: 300, error: "Full name must be text." }), password: Password }, closed);
export const LoginBody = t.Object({ email: Email, password: Password }, closed);
export const ResetRequestBody = t.Object({ email: Email }, closed);
export const ResetConfirmBody = t.Object({ token: t.String({ maxLength: 400 }), password: Password }, closed);
export const NewPasswordBody = t.Object({ ticket: t.String({ maxLength: 2000 }), password: Password }, closed);
export const ChoosePasswordBody = t.Object({ password: Password }, { additionalProperties: false });
export const MfaCodeBody = t.Object(
  { ticket: t.String({ maxLength: 2000 }), code: t.String({ maxLength: 40, error: "Code must be text." }) },
  { additionalProperties: false },
);

// Answers.
const ChannelSwitches = t.Object({ generalEnabled: t.Boolean(), announcementsEnabled: t.Boolean(), socialEnabled: t.Boolean() });

export const UserSettingsModel = t.Object({
  theme: t.Object({ themeColor: AnsweredInteger(), tintColor: AnsweredInteger() }),
  appNotifications: ChannelSwitches,
  emailNotifications: ChannelSwitches,
});

/** What a client may see of a user: never the hash, the keys or the storage key. */
export const PublicUserModel = t.Object({
  _id: t.String(),
  email: t.String(),
  displayName: t.String(),
  photoURL: t.Union([t.String(), t.Null()]),
  createdAt: t.String({ description: "ISO 8601" }),
  isAdmin: t.Boolean(),
  isSuperAdmin: t.Boolean(),
  hasPassword: t.Boolean(),
  mfaEnabled: t.Boolean(),
  settings: UserSettingsModel,
});
export type PublicUser = typeof PublicUserModel.static;

export const UserAnswer = t.Object({ user: PublicUserModel });
export const UserMessageAnswer = t.Object({ user: PublicUserModel, message: t.String() });
/** Signed in: the user and the page to go to next. */
export const SignedInAnswer = t.Object({ user: PublicUserModel, next: t.String() });
/** Not signed in yet: the ticket that finishes signing in with a new password (`mustChangePassword`) or a second factor (`mfaRequired`). */
const ChoosePasswordFirst = t.Object({ user: t.Null(), mustChangePassword: t.Literal(true), ticket: t.String(), message: t.String() });
const SecondFactorFirst = t.Object({ user: t.Null(), mfaRequired: t.Literal(true), ticket: t.String(), message: t.String() });
export const LoginAnswer = t.Union([
  ChoosePasswordFirst,
  SecondFactorFirst,
  t.Object({ user: PublicUserModel, mustChangePassword: t.Literal(false), next: t.String() }),
]);
export const ResetConfirmAnswer = t.Union([
  t.Object({ message: t.String(), user: t.Null(), mfaRequired: t.Literal(true), ticket: t.String() }),
  t.Object({ message: t.String(), user: PublicUserModel }),
]);

/** A new secret to scan (as a key, an otpauth URI and its QR code as SVG), sealed in `ticket` for the first code. */
export const MfaSetupAnswer = t.Object({ secret: t.String(), otpauthUri: t.String(), qrSvg: t.String(), ticket: t.String() });
export type MfaSetup = typeof MfaSetupAnswer.static;
