// The messages feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
export { attachmentKeysOfProjects, countUnreadMessages, messageAttachmentUploads, readThread, startMessageWorker } from "./service";
