// Admin console → Webhooks (decision 087).
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { Island } from "../../render/island";
import { AdminFrame } from "../../render/layout/admin-frame";
import { page } from "../../render/layout/page";
import { WEBHOOK_EVENTS } from "./events";
import { listEndpoints } from "./service";

export const adminWebhookPages = (deps: AppDeps) =>
  new Elysia({ name: "admin-webhook-pages" })
    .use(context(deps))
    .guard({ auth: "admin" })
    .get("/admin/webhooks", async ({ actor: admin }) => {
      const endpoints = await listEndpoints(deps);
      return page(
        deps,
        admin,
        { title: "Webhooks", description: "Endpoints that receive the studio's events." },
        <AdminFrame
          actor={admin}
          tab="webhooks"
          title="Webhooks"
          lead="Send the studio's events to your own tools: each delivery is signed (Standard Webhooks), retried for about a day and logged."
        >
          <Island name="webhooks-admin" props={{ endpoints, events: [...WEBHOOK_EVENTS] }} hydrate="idle" />
        </AdminFrame>,
      );
    });
