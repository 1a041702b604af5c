// A project's message thread: limits and wording the server and the Messages island share, and
// how plain text becomes clickable links (as segments: React escapes the text, so no HTML from a
// message ever reaches the page).
import { MAX_IMAGE_BYTES } from "./uploads";

export const MAX_MESSAGE_LENGTH = 5_000;
export const MAX_ATTACHMENTS = 5;
export const MAX_ATTACHMENT_BYTES = MAX_IMAGE_BYTES;
/** Messages per page of the thread (the latest on open, earlier ones on demand). */
export const MESSAGES_PAGE_SIZE = 50;
export const ATTACHMENT_TYPES = "image/png,image/jpeg,image/webp,image/gif,application/pdf";

export const MESSAGE_TOO_LONG = "A message can be at most 5,000 characters.";
export const MESSAGE_EMPTY = "Write a message or attach a file.";
export const TOO_MANY_ATTACHMENTS = `Attach at most ${MAX_ATTACHMENTS} files to one message.`;
export const ATTACHMENT_TOO_LARGE = "Each attachment must be 5 MB or smaller.";
export const ATTACHMENT_WRONG_TYPE = "Only images (PNG, JPEG, WebP, GIF) and PDF files can be attached.";

export type TextSegment = { text: string; href?: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
// Punctuation that ends a sentence rather than the link ("see https://example.com.").
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** The text cut into plain runs and http(s) links; nothing else becomes a link. */
export function linkSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const trailing = TRAILING.exec(match[0])?.[0] ?? "";
    const url = match[0].slice(0, match[0].length - trailing.length);
    if (start > last) segments.push({ text: text.slice(last, start) });
    segments.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) segments.push({ text: text.slice(last) });
  return segments;
}
