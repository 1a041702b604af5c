// The contact form's message, mailed to the studio with the sender as Reply-To. Its subject and
// words live here only; compose.tsx in mail/ derives the text part.
import type { AppDeps } from "../../deps";
import type { MailMessage } from "../../lib/mail";
import { Note, Quote, composeMail } from "../mail";

export function contactMail(deps: Pick<AppDeps, "config">, userEmail: string, message: string): Promise<MailMessage> {
  return composeMail({
    to: deps.config.providerEmail,
    replyTo: userEmail,
    subject: `Contact form: message from ${userEmail}`,
    publicUrl: deps.config.publicUrl,
    body: (
      <>
        <Quote>{message}</Quote>
        <Note>
          --
          <br />
          Sent from the contact form by {userEmail}.
          <br />
          Reply to this email to answer them.
        </Note>
      </>
    ),
  });
}
