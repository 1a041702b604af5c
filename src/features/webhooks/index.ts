// Outgoing webhooks (decision 087): what the app assembles and what other features call to emit events.
export { adminWebhooksApi } from "./api";
export { startWebhookWorker } from "./delivery";
export { type WebhookEmitter, emitWebhookEvent } from "./events";
export { describeWebhooks } from "./openapi";
export { adminWebhookPages } from "./pages";
