// The admin's announcement messages (SPEC.md §4, §8), shared by the server and the announcements
// island. Apart from the notification constants: the bell, on every signed-in page, needs none of them.
export const BLANK_APP_ANNOUNCEMENT = "Announcment message cannot be blank.";
export const BLANK_EMAIL_SUBJECT = "Email subject cannot be blank.";
export const BLANK_EMAIL_MESSAGE = "Email message cannot be blank.";
export const ANNOUNCEMENT_NOTICE = "This operation might take a while. You can safely exit this page and we'll notify you once the operation is complete";

export const announcementSentMessage = (count: number): string => `Your announcement was sent to ${count} ${count === 1 ? "user" : "users"}.`;
