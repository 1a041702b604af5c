// The live feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
export { pruneLiveEvents } from "./service";
