// Outgoing webhooks (decision 087): what the app assembles and what other features call to emit events.
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { adminWebhooksApi } from "./api";
import { adminWebhookPages } from "./pages";

export { startWebhookWorker } from "./delivery";
export { type WebhookEmitter, emitWebhookEvent } from "./events";
export { describeWebhooks } from "./openapi";

/** The webhooks feature as src/app.ts mounts it: its pages, and its JSON API as `.api` (src/http/feature.ts). */
export const webhooksFeature = (deps: AppDeps) => feature("webhooks", { api: adminWebhooksApi(deps) }, adminWebhookPages(deps));
