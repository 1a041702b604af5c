// The contact form: checks the message, counts it against the sender's budget and queues a mail
// to the provider with the sender as Reply-To, so answering is one click in any mail client.
import type { AppDeps } from "../../deps";
import { badRequest } from "../../http/errors";
import { type Limit, enforceRateLimit } from "../../http/rate-limit";
import { enqueueMail } from "../mail";
import { contactMail } from "./mails";
import { type ContactFields, MAX_EMAIL_LENGTH, MAX_MESSAGE_LENGTH } from "./model";

export const CONTACT_LIMIT: Limit = { name: "contact", max: 5, windowMs: 15 * 60_000 };
export const CONTACT_SENT_MESSAGE = "Thanks for reaching out! Your message is on its way and we will reply by email within one business day.";
export const MISSING_FIELDS_MESSAGE = "You are missing one or more required fields.";

// One address, no display name, nothing a mail header could misread.
const EMAIL = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/;

/** Trims both fields and throws 400 with a message per bad field. */
export function checkContactFields(input: Partial<Record<keyof ContactFields, unknown>>): ContactFields {
  const userEmail = typeof input.userEmail === "string" ? input.userEmail.trim() : "";
  const message = typeof input.message === "string" ? input.message.trim() : "";
  const fields: Record<string, string> = {};
  if (!userEmail) fields.userEmail = "Your email is required.";
  else if (userEmail.length > MAX_EMAIL_LENGTH || !EMAIL.test(userEmail)) fields.userEmail = "Enter a valid email address, like name@example.com.";
  if (!message) fields.message = "A message is required.";
  else if (message.length > MAX_MESSAGE_LENGTH) fields.message = `Your message is too long (${MAX_MESSAGE_LENGTH.toLocaleString("en-US")} characters at most).`;
  if (Object.keys(fields).length > 0) {
    const missing = !userEmail || !message;
    throw badRequest(missing ? MISSING_FIELDS_MESSAGE : (Object.values(fields)[0] ?? MISSING_FIELDS_MESSAGE), fields);
  }
  return { userEmail, message };
}

/** Queues the message for PROVIDER_EMAIL; answers the confirmation shown to the sender. */
export async function sendContactMessage(deps: AppDeps, senderIp: string, input: Partial<Record<keyof ContactFields, unknown>>): Promise<string> {
  const { userEmail, message } = checkContactFields(input);
  await enforceRateLimit(deps.database.db, CONTACT_LIMIT, senderIp);
  await enqueueMail(deps.jobs, deps.database.db, await contactMail(deps, userEmail, message));
  return CONTACT_SENT_MESSAGE;
}
