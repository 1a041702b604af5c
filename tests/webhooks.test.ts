// Outgoing webhooks against a real receiver on loopback that checks every delivery with the
// `standardwebhooks` library as an integrator would: signatures, a tampered body refused, retries
// and Resend keeping the webhook-id, both secrets signing after a rotation. Addresses a webhook
// may not reach are judged with an injected resolver: no traffic ever goes to them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { auditLog, webhookDeliveries, webhookEndpoints } from "../db/schema";
import { loadConfig } from "../src/config";
import { attemptDelivery } from "../src/features/webhooks/delivery";
import { emitWebhookEvent } from "../src/features/webhooks/events";
import { isPrivateAddress, refuseTarget } from "../src/features/webhooks/targets";
import { queuedMails } from "./helpers/mail-jobs";
import { type TestServer, startTestServer } from "./helpers/server";
import { waitFor } from "./helpers/wait";
import { approve, sendInvoice } from "./payments/helpers";
import { createProjectAs } from "./projects/fixtures";

type Received = { path: string; body: string; headers: Record<string, string> };
type Endpoint = { id: string; secret: string; url: string; previousSecretExpiresAt: string | null };
type Deliveries = {
  deliveries: {
    id: string;
    eventType: string;
    status: string;
    nextAttemptAt: string | null;
    attempts: { responseStatus: number | null; responseBody: string; error: string | null }[];
  }[];
};

describe("outgoing webhooks", () => {
  let server: TestServer;
  let admin: { cookie: string };
  let receiver: ReturnType<typeof Bun.serve>;
  const received: Received[] = [];
  /** What the receiver answers next, per path: a status and body. */
  const answers = new Map<string, { status: number; body?: string; headers?: Record<string, string> }[]>();

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createAdmin();
    receiver = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      async fetch(request) {
        const path = new URL(request.url).pathname;
        received.push({ path, body: await request.text(), headers: Object.fromEntries(request.headers) });
        const next = answers.get(path)?.shift() ?? { status: 204 };
        return new Response(next.body ?? null, { status: next.status, headers: next.headers });
      },
    });
  });
  afterAll(async () => {
    receiver.stop(true);
    await server.stop();
  });

  const receiverUrl = (path: string) => `http://127.0.0.1:${receiver.port}${path}`;
  const receivedAt = (path: string) => received.filter((item) => item.path === path);
  const addEndpoint = async (path: string, events: string[] = ["bug_report.created"], extra: object = {}) => {
    const response = await server.request("/api/admin/webhooks", { method: "POST", cookie: admin.cookie, json: { url: receiverUrl(path), events, ...extra } });
    expect(response.status).toBe(201);
    return (await response.json()) as Endpoint;
  };
  const deliveriesOf = async (id: string) =>
    ((await (await server.request(`/api/admin/webhooks/${id}/deliveries`, { cookie: admin.cookie })).json()) as Deliveries).deliveries;
  const emit = (type: Parameters<typeof emitWebhookEvent>[2], data: Parameters<typeof emitWebhookEvent>[3]) =>
    server.deps.database.db.transaction((tx) => emitWebhookEvent(server.deps, tx, type, data));

  test("an event is delivered signed per Standard Webhooks; the library verifies it and refuses a tampered body", async () => {
    const endpoint = await addEndpoint("/signed");
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{40,}={0,2}$/);
    const customer = await server.createUser({ displayName: "Ada" });
    const report = await server.request("/api/bugreports", {
      method: "POST",
      cookie: customer.cookie,
      json: { title: "Broken link", description: "On the FAQ" },
    });
    expect(report.status).toBe(201);
    await waitFor("the delivery", () => receivedAt("/signed").length === 1, 15_000);
    const [delivery] = receivedAt("/signed");
    if (!delivery) throw new Error("no delivery");
    const verified = new Webhook(endpoint.secret).verify(delivery.body, delivery.headers) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(verified.type).toBe("bug_report.created");
    expect(verified.data.title).toBe("Broken link");
    expect(delivery.headers["webhook-id"]).toMatch(/^msg_/);
    expect(() => new Webhook(endpoint.secret).verify(delivery.body.replace("Broken", "Fixed"), delivery.headers)).toThrow();
    await waitFor("the log", async () => (await deliveriesOf(endpoint.id))[0]?.status === "succeeded");
  });

  test("a failed attempt is retried with the same webhook-id on the schedule, and logged", async () => {
    const endpoint = await addEndpoint("/flaky");
    answers.set("/flaky", [{ status: 500, body: "x".repeat(5000) }]);
    await emit("bug_report.created", { bugReportId: "b1", title: "Flaky" });
    await waitFor("the first attempt", async () => (await deliveriesOf(endpoint.id))[0]?.attempts.length === 1, 15_000);
    const [first] = await deliveriesOf(endpoint.id);
    if (!first) throw new Error("no delivery");
    expect(first.status).toBe("pending");
    expect(first.attempts[0]?.responseStatus).toBe(500);
    expect(first.attempts[0]?.responseBody.length).toBe(1024);
    // The second attempt is queued 5 s out; run it now rather than wait.
    await attemptDelivery(server.deps, { deliveryId: first.id, attempt: 2, manual: false });
    const ids = receivedAt("/flaky").map((item) => item.headers["webhook-id"]);
    expect(ids).toEqual([first.id, first.id]);
    for (const item of receivedAt("/flaky")) expect(() => new Webhook(endpoint.secret).verify(item.body, item.headers)).not.toThrow();
    const [after] = await deliveriesOf(endpoint.id);
    expect(after?.status).toBe("succeeded");
    expect(after?.attempts.map((attempt) => attempt.responseStatus)).toEqual([500, 204]);
    // The queued retry finds its attempt already done and sends nothing.
    await attemptDelivery(server.deps, { deliveryId: first.id, attempt: 2, manual: false });
    expect(receivedAt("/flaky").length).toBe(2);
  });

  test("Resend sends the same webhook-id again", async () => {
    const endpoint = await addEndpoint("/resend");
    await emit("bug_report.created", { bugReportId: "b2", title: "Again" });
    await waitFor("the delivery", () => receivedAt("/resend").length === 1, 15_000);
    const [delivery] = await deliveriesOf(endpoint.id);
    await waitFor("its log", async () => (await deliveriesOf(endpoint.id))[0]?.status === "succeeded");
    const resend = await server.request(`/api/admin/webhooks/${endpoint.id}/deliveries/${delivery?.id}/resend`, { method: "POST", cookie: admin.cookie });
    expect(resend.status).toBe(200);
    await waitFor("the resend", () => receivedAt("/resend").length === 2, 15_000);
    expect(receivedAt("/resend").map((item) => item.headers["webhook-id"])).toEqual([delivery?.id, delivery?.id]);
  });

  test("after a rotation both secrets sign for 24 hours", async () => {
    const endpoint = await addEndpoint("/rotate");
    const rotated = await server.request(`/api/admin/webhooks/${endpoint.id}/rotate`, { method: "POST", cookie: admin.cookie });
    const fresh = (await rotated.json()) as Endpoint;
    expect(fresh.secret).not.toBe(endpoint.secret);
    expect(fresh.previousSecretExpiresAt).not.toBeNull();
    const test = await server.request(`/api/admin/webhooks/${endpoint.id}/test`, { method: "POST", cookie: admin.cookie });
    expect(test.status).toBe(200);
    await waitFor("the test event", () => receivedAt("/rotate").length === 1, 15_000);
    const [delivery] = receivedAt("/rotate");
    if (!delivery) throw new Error("no delivery");
    expect(delivery.headers["webhook-signature"]?.split(" ").length).toBe(2);
    expect((new Webhook(endpoint.secret).verify(delivery.body, delivery.headers) as { type: string }).type).toBe("webhook.test");
    expect(() => new Webhook(fresh.secret).verify(delivery.body, delivery.headers)).not.toThrow();
  });

  test("a redirect is not followed, and an endpoint failing for 5 days is disabled with admins mailed", async () => {
    const endpoint = await addEndpoint("/moved");
    answers.set("/moved", [{ status: 302, headers: { location: receiverUrl("/elsewhere") } }]);
    await server.deps.database.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - 5 * 24 * 3600 * 1000 - 1000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await emit("bug_report.created", { bugReportId: "b3", title: "Moved" });
    await waitFor("the attempt", async () => (await deliveriesOf(endpoint.id))[0]?.attempts.length === 1, 15_000);
    expect(receivedAt("/elsewhere").length).toBe(0);
    expect((await deliveriesOf(endpoint.id))[0]?.attempts[0]?.responseStatus).toBe(302);
    const [row] = await server.deps.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row?.enabled).toBe(false);
    const mails = await queuedMails(server.deps.database.db);
    expect(mails.some((mail) => mail.subject === `Webhook endpoint disabled: ${receiverUrl("/moved")}`)).toBe(true);
  });

  test("a Slack endpoint gets one line of text, unsigned", async () => {
    await addEndpoint("/slack", ["project.created"], { format: "slack" });
    await emit("project.created", {
      projectId: "p1",
      projectName: "Bakery website",
      packageName: "Medium Webapp",
      price: "$500",
      customerName: "Ada Lovelace",
    });
    await waitFor("the message", () => receivedAt("/slack").length === 1, 15_000);
    const [message] = receivedAt("/slack");
    expect(JSON.parse(message?.body ?? "{}")).toEqual({ text: "New order: Bakery website (Medium Webapp, $500) by Ada Lovelace" });
    expect(message?.headers["webhook-signature"]).toBeUndefined();
  });

  test("the studio's changes are events: an order, its approval, its invoice, a message, its deletion", async () => {
    const endpoint = await addEndpoint("/lifecycle", ["project.created", "project.status_changed", "invoice.sent", "message.posted", "project.deleted"]);
    const customer = await server.createUser({ displayName: "Ada Lovelace" });
    const projectID = await createProjectAs(server, customer.cookie, { projectName: "Bakery website" });
    await approve(server, admin.cookie, projectID);
    expect((await sendInvoice(server, admin.cookie, projectID)).status).toBe(200);
    const form = new FormData();
    form.set("body", "Hello from the studio");
    expect((await server.request(`/api/projects/${projectID}/messages`, { method: "POST", cookie: admin.cookie, body: form })).status).toBe(201);
    expect((await server.request(`/api/projects/${projectID}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    await waitFor("five events", () => receivedAt("/lifecycle").length === 5, 20_000);
    const events = receivedAt("/lifecycle").map(
      (item) => new Webhook(endpoint.secret).verify(item.body, item.headers) as { type: string; data: Record<string, unknown> },
    );
    expect(events.map((event) => event.type).sort()).toEqual([
      "invoice.sent",
      "message.posted",
      "project.created",
      "project.deleted",
      "project.status_changed",
    ]);
    const created = events.find((event) => event.type === "project.created");
    expect(created?.data).toMatchObject({ projectId: projectID, projectName: "Bakery website", customerName: "Ada Lovelace" });
    // The domain provider's password never leaves in an event.
    for (const item of receivedAt("/lifecycle")) expect(item.body.toLowerCase()).not.toContain("password");
  });

  test("admins' changes to endpoints are audited, never with the secret", async () => {
    const endpoint = await addEndpoint("/audited");
    await server.request(`/api/admin/webhooks/${endpoint.id}/rotate`, { method: "POST", cookie: admin.cookie });
    await server.request(`/api/admin/webhooks/${endpoint.id}`, { method: "PATCH", cookie: admin.cookie, json: { enabled: false } });
    await server.request(`/api/admin/webhooks/${endpoint.id}`, { method: "DELETE", cookie: admin.cookie });
    const entries = await server.deps.database.db.select().from(auditLog).where(eq(auditLog.targetId, endpoint.id));
    expect(entries.map((entry) => entry.action).sort()).toEqual(["webhook.create", "webhook.delete", "webhook.rotate_secret", "webhook.update"]);
    expect(JSON.stringify(entries)).not.toContain("whsec_");
  });

  test("an event over 256 KB is not sent, and the log says why", async () => {
    const endpoint = await addEndpoint("/huge");
    await emit("bug_report.created", { bugReportId: "b5", title: "Huge", description: "x".repeat(300 * 1024) });
    await waitFor("the attempt", async () => (await deliveriesOf(endpoint.id))[0]?.status === "failed", 15_000);
    expect((await deliveriesOf(endpoint.id))[0]?.attempts[0]?.error).toBe("The event is over 256 KB and was not sent.");
    expect(receivedAt("/huge").length).toBe(0);
  });

  test("admins only; bad URLs and events are refused", async () => {
    const customer = await server.createUser();
    expect((await server.request("/api/admin/webhooks", { cookie: customer.cookie })).status).toBe(403);
    for (const body of [
      { url: "ftp://example.com/hook", events: ["project.created"] },
      { url: "https://example.com/hook", events: ["nope"] },
      { url: "https://example.com/hook", events: [] },
    ]) {
      expect((await server.request("/api/admin/webhooks", { method: "POST", cookie: admin.cookie, json: body })).status).toBe(400);
    }
  });

  describe("in production, no private targets", () => {
    const resolver = (table: Record<string, string[]>) => async (host: string) => table[host] ?? [];
    const production = {
      allowPrivate: false,
      resolve: resolver({ "internal.example": ["127.0.0.1"], "hooks.example": ["93.184.216.34"], "mixed.example": ["93.184.216.34", "10.1.2.3"] }),
    };

    test("WEBHOOK_ALLOW_PRIVATE_TARGETS is off in production unless set, on elsewhere, and must be a boolean", () => {
      expect(loadConfig({}).webhookAllowPrivateTargets).toBe(true);
      expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "false" }).webhookAllowPrivateTargets).toBe(false);
      const production = { NODE_ENV: "production", APP_SECRET: "s".repeat(40), ADMIN_KEY: "a".repeat(20), SUPER_ADMIN_KEY: "b".repeat(20) };
      expect(loadConfig(production).webhookAllowPrivateTargets).toBe(false);
      expect(loadConfig({ ...production, WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" }).webhookAllowPrivateTargets).toBe(true);
      expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "maybe" })).toThrow("WEBHOOK_ALLOW_PRIVATE_TARGETS must be true or false");
    });

    test("loopback, private, link-local, metadata and names resolving inside are refused; http too", async () => {
      for (const url of [
        "https://127.0.0.1/hook",
        "https://10.0.0.1/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://internal.example/hook",
        "https://mixed.example/hook",
        "https://[::1]/hook",
        "https://[::ffff:127.0.0.1]/hook",
        "https://[fd00::1]/hook",
        "http://hooks.example/hook",
        "https://user:pass@hooks.example/hook",
      ]) {
        expect(await refuseTarget(url, production)).not.toBeNull();
      }
      expect(await refuseTarget("https://hooks.example/hook", production)).toBeNull();
      expect(isPrivateAddress("172.20.0.1")).toBe(true);
      expect(isPrivateAddress("8.8.8.8")).toBe(false);
    });

    test("a delivery to a name that resolves to loopback is refused at delivery time and logged, nothing sent", async () => {
      const endpoint = await addEndpoint("/never");
      // The endpoint was created in development; in production its name now points inside.
      await server.deps.database.db.update(webhookEndpoints).set({ url: "https://internal.example/hook" }).where(eq(webhookEndpoints.id, endpoint.id));
      const [deliveryId] = await server.deps.database.db.transaction(async (tx) => {
        await emitWebhookEvent(server.deps, tx, "bug_report.created", { bugReportId: "b4", title: "Inside" });
        return (await tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).map(
          (row) => row.id,
        );
      });
      if (!deliveryId) throw new Error("no delivery");
      const productionDeps = { ...server.deps, config: { ...server.deps.config, webhookAllowPrivateTargets: false } };
      await attemptDelivery(productionDeps, { deliveryId, attempt: 1, manual: false }, { resolve: production.resolve });
      const [logged] = await deliveriesOf(endpoint.id);
      expect(logged?.attempts[0]?.error).toBe("The host internal.example resolves to a private, loopback or link-local address.");
      expect(logged?.attempts[0]?.responseStatus).toBeNull();
      expect(receivedAt("/never").length).toBe(0);
    });
  });
});
