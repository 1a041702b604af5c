// The settings feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
export { profilePhotoUploads } from "./service";
export { SettingsCard, SettingsFrame } from "./views";
