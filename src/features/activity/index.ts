// The activity feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
export { changedFields, listActivity, recordActivity, recordAdminChanges } from "./service";
export { ActivityTimeline } from "./views";
