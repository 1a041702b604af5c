// The mail that tells a user a token was made for their account. Its subject and words live here
// only; compose.tsx in mail/ derives the text part.
import type { User } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import type { MailMessage } from "../../lib/mail";
import { Note, P, Url, composeMail } from "../mail";

export function tokenCreatedMail(
  deps: Pick<AppDeps, "config">,
  user: User,
  token: { name: string; createdAt: Date; expiresAt: Date | null },
): Promise<MailMessage> {
  const { name, createdAt, expiresAt } = token;
  return composeMail({
    to: user.email,
    subject: `A new API token was created: ${name}`,
    publicUrl: deps.config.publicUrl,
    body: (
      <>
        <P>Hello {user.displayName},</P>
        <P>
          A personal API token named "{name}" was created for your account on {createdAt.toUTCString()}
          {expiresAt ? `; it expires on ${expiresAt.toUTCString()}` : "; it does not expire"}.
          <br />
          It can do everything your account can do through the API.
        </P>
        <Note>
          If this was not you, revoke it at once in Settings → API tokens (<Url href={`${deps.config.publicUrl}/settings/tokens`} />) and change your password.
        </Note>
      </>
    ),
  });
}
