// The messages feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { messagesApi } from "./api";

export { attachmentKeysOfProjects, countUnreadMessages, messageAttachmentUploads, readThread, startMessageWorker } from "./service";

/** The messages feature as src/app.ts mounts it: no pages, only its JSON API as `.api` (src/http/feature.ts). */
export const messagesFeature = (deps: AppDeps) => feature("messages", { api: messagesApi(deps) });
