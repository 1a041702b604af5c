// The admin's announcement messages (SPEC.md §4, §8) and the e-mail's words, shared by the server and
// the announcements island (whose preview shows that mail as sent). Apart from the notification
// constants: the bell, on every signed-in page, needs none of them.
import { escapeMarkdown, markdownToText, parseMarkdown } from "./markdown";

export const BLANK_APP_ANNOUNCEMENT = "Announcment message cannot be blank.";
export const BLANK_EMAIL_SUBJECT = "Email subject cannot be blank.";
export const BLANK_EMAIL_MESSAGE = "Email message cannot be blank.";
export const ANNOUNCEMENT_NOTICE = "This operation might take a while. You can safely exit this page and we'll notify you once the operation is complete";

export const announcementSentMessage = (count: number): string => `Your announcement was sent to ${count} ${count === 1 ? "user" : "users"}.`;

/**
 * An e-mail announcement as stored: the admin's message (Markdown, decision 083), signed with the
 * admin's name (escaped: a name is never formatting) and saying why the reader gets it. The whole
 * text is kept, so the mail reads the same if the admin is renamed or leaves meanwhile.
 */
export const emailAnnouncementSource = (message: string, creatorName: string): string =>
  `${message}\n\n${escapeMarkdown(creatorName)}\nWebstudio\n\nYou get this e-mail because announcements are on in your notification settings.`;

/** The e-mail's text part: the stored source without its markers, links as "text (address)". */
export const emailAnnouncementText = (source: string): string => markdownToText(parseMarkdown(source));
