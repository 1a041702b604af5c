// The mails about unread project messages: to the studio, and to the customer whose general
// e-mail is on. Their subjects and words live here only; compose.tsx in mail/ derives the text part.
import type { AppDeps } from "../../deps";
import type { MailMessage } from "../../lib/mail";
import { ActionButton, LinkLine, Note, P, Quote, composeMail } from "../mail";

type Unread = { projectName: string; count: string; excerpt: string; link: string };

export function studioUnreadMail(deps: Pick<AppDeps, "config">, unread: Unread): Promise<MailMessage> {
  return composeMail({
    to: deps.config.providerEmail,
    subject: `Unread messages on ${unread.projectName}`,
    publicUrl: deps.config.publicUrl,
    body: (
      <>
        <P>
          The customer sent {unread.count} on "{unread.projectName}" that nobody has read yet.
        </P>
        <Quote>{unread.excerpt}</Quote>
        <LinkLine label="Answer" href={unread.link} />
      </>
    ),
  });
}

export function customerUnreadMail(deps: Pick<AppDeps, "config">, customer: { email: string; displayName: string }, unread: Unread): Promise<MailMessage> {
  return composeMail({
    to: customer.email,
    subject: `New message about ${unread.projectName}`,
    publicUrl: deps.config.publicUrl,
    body: (
      <>
        <P>Hello {customer.displayName},</P>
        <P>
          The studio sent you {unread.count} about your project "{unread.projectName}".
        </P>
        <Quote>{unread.excerpt}</Quote>
        <ActionButton href={unread.link}>Read and answer</ActionButton>
        <LinkLine label="Read and answer" href={unread.link} />
        <Note>You can turn these e-mails off in your notification settings.</Note>
      </>
    ),
  });
}
