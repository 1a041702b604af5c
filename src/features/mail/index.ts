// The mail feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { adminMailApi } from "./admin-api";
import { adminMailPages } from "./admin-pages";

export { ActionButton, Code, Details, LinkLine, Note, P, Quote, Url, composeMail, mailMarkdownStyles } from "./compose";
export { type MailQueue, enqueueAnnouncementMails, enqueueMail, enqueueMails } from "./outbox";
export { startMailWorkers } from "./worker";

/** The mail feature as src/app.ts mounts it: its pages, and its JSON API as `.api` (src/http/feature.ts). */
export const mailFeature = (deps: AppDeps) => feature("mail", { api: adminMailApi(deps) }, adminMailPages(deps));
