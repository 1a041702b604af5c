// The notifications feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
export { countRecipients, startAnnouncementWorker } from "./announcements";
export { notifyProjectChanges, notifyProjectEvent, projectMessages, readProjectsBefore } from "./project-events";
export { addNotifications, findNoticeRecipient, notifyUser } from "./service";
