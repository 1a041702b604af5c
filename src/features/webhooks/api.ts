// /api/admin/webhooks: the studio's outgoing webhook endpoints and their delivery log (admins).
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { notFound } from "../../http/errors";
import { MessageAnswer, operation } from "../../http/openapi";
import { strictBody } from "../../http/unknown-fields";
import { auditBy } from "../audit";
import { CreateWebhookBody, SentDeliveryAnswer, UpdateWebhookBody, WebhookDeliveriesAnswer, WebhookEndpointWithSecret, WebhookEndpointsAnswer } from "./model";
import {
  NO_SUCH_ENDPOINT,
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rotateSecret,
  sendTestEvent,
  showEndpoint,
  updateEndpoint,
} from "./service";

const Id = t.String({ minLength: 1, maxLength: 64 });
const EndpointParams = t.Object({ id: Id });

export const adminWebhooksApi = (deps: AppDeps) =>
  new Elysia({ name: "admin-webhooks-api", prefix: "/api/admin/webhooks" })
    .use(context(deps))
    .guard({ auth: "admin" })
    .post("/", async ({ actor, body, status, request }) => status(201, await createEndpoint(deps, body, auditBy(actor, request))), {
      ...strictBody(CreateWebhookBody),
      response: { 201: WebhookEndpointWithSecret },
      detail: operation("Webhooks (admin)", "admin", "Add a webhook endpoint (answers its signing secret)"),
    })
    .get(
      "/",
      async ({ request }) => {
        // Elysia answers "/webhooks/" as "/webhooks": here it is an endpoint with an empty id, not the list.
        if (new URL(request.url).pathname.endsWith("/")) throw notFound(NO_SUCH_ENDPOINT);
        return { endpoints: await listEndpoints(deps) };
      },
      { response: WebhookEndpointsAnswer, detail: operation("Webhooks (admin)", "admin", "List webhook endpoints") },
    )
    .get("/:id", async ({ params }) => showEndpoint(deps, params.id), {
      params: EndpointParams,
      response: WebhookEndpointWithSecret,
      detail: operation("Webhooks (admin)", "admin", "One webhook endpoint with its signing secret"),
    })
    .patch("/:id", async ({ actor, params, body, request }) => updateEndpoint(deps, params.id, body, auditBy(actor, request)), {
      params: EndpointParams,
      ...strictBody(UpdateWebhookBody),
      response: WebhookEndpointWithSecret,
      detail: operation("Webhooks (admin)", "admin", "Change, disable or enable a webhook endpoint"),
    })
    .delete(
      "/:id",
      async ({ actor, params, request }) => {
        await deleteEndpoint(deps, params.id, auditBy(actor, request));
        return { message: "The webhook endpoint has been deleted." };
      },
      { params: EndpointParams, response: MessageAnswer, detail: operation("Webhooks (admin)", "admin", "Delete a webhook endpoint and its log") },
    )
    .post("/:id/rotate", async ({ actor, params, request }) => rotateSecret(deps, params.id, auditBy(actor, request)), {
      params: EndpointParams,
      response: WebhookEndpointWithSecret,
      detail: operation("Webhooks (admin)", "admin", "Rotate the signing secret (the previous one signs too for 24 hours)"),
    })
    .post("/:id/test", async ({ params }) => ({ message: "A test event is on its way.", deliveryId: await sendTestEvent(deps, params.id) }), {
      params: EndpointParams,
      response: SentDeliveryAnswer,
      detail: operation("Webhooks (admin)", "admin", "Send a test event to the endpoint"),
    })
    .get("/:id/deliveries", async ({ params }) => ({ deliveries: await listDeliveries(deps, params.id) }), {
      params: EndpointParams,
      response: WebhookDeliveriesAnswer,
      detail: operation("Webhooks (admin)", "admin", "The endpoint's delivery log: each attempt's time, status, latency and first KB of the answer"),
    })
    .post(
      "/:id/deliveries/:deliveryId/resend",
      async ({ params }) => {
        await resendDelivery(deps, params.id, params.deliveryId);
        return { message: "The delivery is being sent again.", deliveryId: params.deliveryId };
      },
      {
        params: t.Object({ id: Id, deliveryId: Id }),
        response: SentDeliveryAnswer,
        detail: operation("Webhooks (admin)", "admin", "Send a delivery again with the same webhook-id"),
      },
    );
