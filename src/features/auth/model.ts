// Request bodies of /api/auth. Lengths are capped here; the rules (format, minimum length)
// live in service.ts so the JSON API and the HTML forms give the same messages.
import { t } from "elysia";

const Email = t.String({ maxLength: 320, error: "E-mail must be text." });
const Password = t.String({ maxLength: 1000, error: "Password must be text." });

export const RegisterBody = t.Object({ email: Email, displayName: t.String({ maxLength: 300, error: "Full name must be text." }), password: Password });
export const LoginBody = t.Object({ email: Email, password: Password });
export const ResetRequestBody = t.Object({ email: Email });
export const ResetConfirmBody = t.Object({ token: t.String({ maxLength: 400 }), password: Password });
export const NewPasswordBody = t.Object({ ticket: t.String({ maxLength: 2000 }), password: Password });
export const ChoosePasswordBody = t.Object({ password: Password }, { additionalProperties: false });
export const MfaCodeBody = t.Object(
  { ticket: t.String({ maxLength: 2000 }), code: t.String({ maxLength: 40, error: "Code must be text." }) },
  { additionalProperties: false },
);
