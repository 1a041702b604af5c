// The mail feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
export { ActionButton, Code, Details, LinkLine, Note, P, Quote, Url, composeMail, mailMarkdownStyles } from "./compose";
export { type MailQueue, enqueueAnnouncementMails, enqueueMail, enqueueMails } from "./outbox";
export { startMailWorkers } from "./worker";
