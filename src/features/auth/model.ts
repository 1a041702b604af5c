// Request bodies of /api/auth. Lengths are capped here; the rules (format, minimum length)
// live in service.ts so the JSON API and the HTML forms give the same messages.
import { t } from "elysia";

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
