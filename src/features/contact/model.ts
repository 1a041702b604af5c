// The contact message of SPEC.md §3 (userEmail, message) and its limits.
import { t } from "elysia";

export const MAX_EMAIL_LENGTH = 254;
export const MAX_MESSAGE_LENGTH = 5_000;

export const ContactBody = t.Object(
  {
    userEmail: t.String({ maxLength: MAX_EMAIL_LENGTH, error: "Enter your email address (254 characters at most)." }),
    message: t.String({ maxLength: MAX_MESSAGE_LENGTH, error: `Enter a message (${MAX_MESSAGE_LENGTH} characters at most).` }),
  },
  { additionalProperties: false },
);
export type ContactBody = typeof ContactBody.static;

export type ContactFields = { userEmail: string; message: string };
