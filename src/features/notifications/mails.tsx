// The notifications' mails: a project event for a customer whose general e-mail is on, and an
// e-mail announcement. Their words live here only (an announcement's are the admin's, stored
// with its signature); compose.tsx in mail/ derives the text part.
import type { MailMessage } from "../../lib/mail";
import { Markdown } from "../../shared/markdown-view";
import { LinkLine, Note, P, composeMail, mailMarkdownStyles } from "../mail";

export function projectEventMail(to: { email: string; displayName: string }, event: { subject: string; message: string; link: string }): Promise<MailMessage> {
  return composeMail({
    to: to.email,
    subject: event.subject,
    // The link is on the site: the footer names the same site.
    publicUrl: new URL(event.link).origin,
    body: (
      <>
        <P>Hello {to.displayName},</P>
        <P>{event.message}</P>
        <LinkLine label="See your project" href={event.link} />
        <Note>You can turn these e-mails off in your notification settings.</Note>
      </>
    ),
  });
}

/**
 * An e-mail announcement, the same for every recipient: the stored source (the admin's Markdown,
 * signature and why the reader gets it; see emailAnnouncementSource) rendered by the Markdown
 * subset's renderer, so it is escaped and its links carry rel="noopener nofollow".
 */
export function announcementMail(publicUrl: string, subject: string, source: string): Promise<MailMessage> {
  // Rendered once per batch; each recipient's copy gets its own `to`.
  return composeMail({ to: "", subject, publicUrl, body: <Markdown source={source} styles={mailMarkdownStyles} /> });
}
