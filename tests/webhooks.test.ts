// Outgoing webhooks against a real receiver on loopback that checks every delivery with the
// `standardwebhooks` library as an integrator would: signatures, a tampered body refused, retries
// and Resend keeping the webhook-id, both secrets signing after a rotation. Addresses a webhook
// may not reach are judged with an injected resolver: no traffic ever goes to them.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { auditLog, webhookDeliveries, webhookEndpoints } from "../db/schema";
import { loadConfig } from "../src/config";
import { attemptDelivery } from "../src/features/webhooks/delivery";
import { emitWebhookEvent, queueDeliveries } from "../src/features/webhooks/events";
import { checkTarget, isPrivateAddress, pinnedLookup } from "../src/features/webhooks/targets";
import { queuedMails } from "./helpers/mail-jobs";
import { type TestServer, startTestServer } from "./helpers/server";
import { waitFor } from "./helpers/wait";
import { approve, invoicedProject, sendInvoice } from "./payments/helpers";
import { createProjectAs } from "./projects/fixtures";

type Received = { path: string; body: string; headers: Record<string, string> };
type Endpoint = { id: string; secret: string; url: string; previousSecretExpiresAt: string | null };
type Deliveries = {
  deliveries: {
    id: string;
    eventType: string;
    status: string;
    nextAttemptAt: string | null;
    attempts: { attemptedAt: string; responseStatus: number | null; responseBody: string; error: string | null }[];
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
  /** A delivery to `endpointId` with no job queued for it: the test runs its attempts itself, with options of its own. */
  const queueUnworked = async (endpointId: string) => {
    const [deliveryId] = await server.deps.database.db.transaction((tx) =>
      queueDeliveries({ jobs: { send: async () => null } }, tx, [endpointId], "webhook.test", { message: "By hand" }),
    );
    if (!deliveryId) throw new Error("no delivery");
    return deliveryId;
  };
  const setUrl = (endpointId: string, url: string) => server.deps.database.db.update(webhookEndpoints).set({ url }).where(eq(webhookEndpoints.id, endpointId));
  /** Stops the queued retry of a test's failed attempt from going anywhere once the test is over. */
  const disable = (endpointId: string) => server.deps.database.db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, endpointId));

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
    // A day and a minute later only the new secret signs (the library signs the same message to compare).
    const later = new Date(Date.now() + 24 * 3600 * 1000 + 60_000);
    const deliveryId = await queueUnworked(endpoint.id);
    await attemptDelivery({ ...server.deps, now: () => later }, { deliveryId, attempt: 1, manual: true });
    const [, dayLater] = receivedAt("/rotate");
    if (!dayLater) throw new Error("no delivery a day later");
    const timestamp = new Date(Number(dayLater.headers["webhook-timestamp"]) * 1000);
    expect(timestamp.getTime()).toBe(Math.floor(later.getTime() / 1000) * 1000);
    expect(dayLater.headers["webhook-signature"]).toBe(new Webhook(fresh.secret).sign(deliveryId, timestamp, dayLater.body));
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

  test("money events: a payment marked received, refunded by hand, and a voided invoice", async () => {
    const endpoint = await addEndpoint("/money", ["payment.received", "payment.refunded", "invoice.voided"]);
    const customer = await server.createUser({ displayName: "Ada Lovelace" });
    const paid = await invoicedProject(server, customer.cookie, admin.cookie, "Paid Shop");
    const patch = (updatedFields: object) =>
      server.request("/api/admin/projects", { method: "PATCH", cookie: admin.cookie, json: { projectIDs: [paid.projectID], updatedFields } });
    expect((await patch({ receivedPayment: true, paymentMethod: "bank_transfer" })).status).toBe(200);
    expect((await patch({ refundIssued: true })).status).toBe(200);
    const voided = await invoicedProject(server, customer.cookie, admin.cookie, "Void Shop");
    const voiding = await server.request(`/api/admin/invoices/${voided.invoiceID}/void`, {
      method: "POST",
      cookie: admin.cookie,
      json: { reason: "Sent twice" },
    });
    expect(voiding.status).toBe(200);
    await waitFor("three events", () => receivedAt("/money").length === 3, 20_000);
    const events = receivedAt("/money").map(
      (item) => new Webhook(endpoint.secret).verify(item.body, item.headers) as { type: string; data: Record<string, unknown> },
    );
    expect(events.map((event) => event.type).sort()).toEqual(["invoice.voided", "payment.received", "payment.refunded"]);
    expect(events.find((event) => event.type === "payment.received")?.data).toMatchObject({ projectId: paid.projectID, method: "bank_transfer" });
    expect(events.find((event) => event.type === "invoice.voided")?.data).toMatchObject({ invoiceId: voided.invoiceID, projectId: voided.projectID });
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

  describe("the connection: the address that was checked, a deadline, a bounded answer", () => {
    // Each test runs its endpoint's attempts itself; afterwards the endpoint is off, so no event of a later test reaches it.
    const quiet = ["invoice.voided"];
    const added: string[] = [];
    afterEach(async () => {
      for (const id of added.splice(0)) await disable(id);
    });

    test("the host name is resolved once and the request goes to the address that was checked, with the name as Host", async () => {
      // A name answering the receiver's address first and another one after: the second answer is never asked for.
      const asked: string[] = [];
      const answersInTurn = [["127.0.0.1"], ["127.0.0.2"]];
      const rebinding = async (host: string) => {
        asked.push(host);
        return answersInTurn.shift() ?? [];
      };
      const endpoint = await addEndpoint("/pinned", quiet);
      added.push(endpoint.id);
      await setUrl(endpoint.id, `http://rebinding.example:${receiver.port}/pinned`);
      const deliveryId = await queueUnworked(endpoint.id);
      await attemptDelivery(server.deps, { deliveryId, attempt: 1, manual: false }, { resolve: rebinding });
      expect(asked).toEqual(["rebinding.example"]);
      expect(receivedAt("/pinned").map((item) => item.headers.host)).toEqual([`rebinding.example:${receiver.port}`]);
      expect((await deliveriesOf(endpoint.id))[0]?.status).toBe("succeeded");
    });

    test("over https the certificate is checked against the endpoint's host name, not the address", async () => {
      const tlsFile = (name: string) => readFileSync(join(import.meta.dir, "helpers/tls", name), "utf8");
      const ca = tlsFile("ca.crt");
      const seen: Received[] = [];
      const tlsReceiver = Bun.serve({
        port: 0,
        hostname: "127.0.0.1",
        tls: { cert: tlsFile("hooks.example.crt"), key: tlsFile("hooks.example.key") },
        async fetch(request) {
          seen.push({ path: new URL(request.url).pathname, body: await request.text(), headers: Object.fromEntries(request.headers) });
          return new Response(null, { status: 204 });
        },
      });
      try {
        const toLoopback = async () => ["127.0.0.1"];
        const endpoint = await addEndpoint("/tls", quiet);
        added.push(endpoint.id);
        const attempt = async (url: string, options: { ca?: string }) => {
          await setUrl(endpoint.id, url);
          const deliveryId = await queueUnworked(endpoint.id);
          // By hand, as Resend sends: a failure is final and queues no retry to a name only this test resolves.
          await attemptDelivery(server.deps, { deliveryId, attempt: 1, manual: true }, { resolve: toLoopback, ...options });
          return (await deliveriesOf(endpoint.id)).find((delivery) => delivery.id === deliveryId);
        };
        const delivered = await attempt(`https://hooks.example:${tlsReceiver.port}/tls`, { ca });
        expect(delivered?.status).toBe("succeeded");
        const [request] = seen;
        if (!request) throw new Error("nothing received over TLS");
        expect(request.headers.host).toBe(`hooks.example:${tlsReceiver.port}`);
        expect((new Webhook(endpoint.secret).verify(request.body, request.headers) as { type: string }).type).toBe("webhook.test");
        // The same address under a name the certificate does not carry, and a certificate no trusted authority signed.
        const otherName = await attempt(`https://other.example:${tlsReceiver.port}/tls`, { ca });
        expect(otherName?.attempts[0]?.error).toContain("certificate");
        const untrusted = await attempt(`https://hooks.example:${tlsReceiver.port}/tls`, {});
        expect(untrusted?.attempts[0]?.error).toContain("certificate");
        expect(seen.length).toBe(1);
      } finally {
        tlsReceiver.stop(true);
      }
    });

    test("a receiver that does not answer in time fails the attempt, and it is retried", async () => {
      const silent = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Promise<Response>(() => {}) });
      try {
        const endpoint = await addEndpoint("/silent", quiet);
        added.push(endpoint.id);
        await setUrl(endpoint.id, `http://127.0.0.1:${silent.port}/silent`);
        const deliveryId = await queueUnworked(endpoint.id);
        await attemptDelivery(server.deps, { deliveryId, attempt: 1, manual: false }, { timeoutMs: 200 });
        const [logged] = await deliveriesOf(endpoint.id);
        expect(logged?.attempts[0]).toMatchObject({ responseStatus: null, error: "No answer within 0.2 s" });
        expect(logged?.status).toBe("pending");
        // The first retry is 5 s after the attempt, with the same webhook-id.
        expect(Date.parse(logged?.nextAttemptAt ?? "") - Date.parse(logged?.attempts[0]?.attemptedAt ?? "")).toBe(5000);
        // The eighth attempt is the last: it fails the delivery and queues nothing.
        await server.deps.database.db.update(webhookDeliveries).set({ attempts: 7 }).where(eq(webhookDeliveries.id, deliveryId));
        await attemptDelivery(server.deps, { deliveryId, attempt: 8, manual: false }, { timeoutMs: 200 });
        const [last] = await deliveriesOf(endpoint.id);
        expect(last?.status).toBe("failed");
        expect(last?.nextAttemptAt).toBeNull();
        expect(last?.attempts.length).toBe(2);
      } finally {
        silent.stop(true);
      }
    });

    test("an endless answer is read to 64 KB and the connection dropped; the log keeps the first 1 KB", async () => {
      const chunk = new TextEncoder().encode("a".repeat(16 * 1024));
      let cancelled = false;
      const endless = Bun.serve({
        port: 0,
        hostname: "127.0.0.1",
        fetch: () =>
          new Response(
            new ReadableStream({
              pull: (controller) => controller.enqueue(chunk),
              cancel: () => {
                cancelled = true;
              },
            }),
          ),
      });
      try {
        const endpoint = await addEndpoint("/endless", quiet);
        added.push(endpoint.id);
        await setUrl(endpoint.id, `http://127.0.0.1:${endless.port}/endless`);
        const deliveryId = await queueUnworked(endpoint.id);
        await attemptDelivery(server.deps, { deliveryId, attempt: 1, manual: false });
        const [logged] = await deliveriesOf(endpoint.id);
        expect(logged?.status).toBe("succeeded");
        expect(logged?.attempts[0]).toMatchObject({ responseStatus: 200, error: null, responseBody: "a".repeat(1024) });
        await waitFor("the receiver to see the connection dropped", () => cancelled);
      } finally {
        endless.stop(true);
      }
    });
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
        expect(await checkTarget(url, production)).toHaveProperty("refusal");
      }
      expect(await checkTarget("https://hooks.example/hook", production)).toMatchObject({ host: "hooks.example", addresses: ["93.184.216.34"] });
      expect(isPrivateAddress("172.20.0.1")).toBe(true);
      expect(isPrivateAddress("8.8.8.8")).toBe(false);
    });

    test("a name answering a public address and then loopback is resolved once: the connection may only use the public answer", async () => {
      const answersInTurn = [["93.184.216.34"], ["127.0.0.1"]];
      let asked = 0;
      const rebinding = async () => {
        asked += 1;
        return answersInTurn.shift() ?? [];
      };
      const target = await checkTarget("https://rebinding.example/hook", { allowPrivate: false, resolve: rebinding });
      if ("refusal" in target) throw new Error(target.refusal);
      // What the delivery's socket is told when it looks the name up (nothing is connected to here).
      const lookup = pinnedLookup(target);
      const ask = (host: string, all: boolean) =>
        new Promise<unknown>((resolve) => lookup(host, { all }, (error, address, family) => resolve(error ? error.code : { address, family })));
      expect(await ask("rebinding.example", true)).toEqual({ address: [{ address: "93.184.216.34", family: 4 }], family: undefined });
      expect(await ask("rebinding.example", false)).toEqual({ address: "93.184.216.34", family: 4 });
      expect(await ask("elsewhere.example", false)).toBe("ENOTFOUND");
      expect(asked).toBe(1);
    });

    test("a delivery to a name that resolves to loopback is refused at delivery time and logged, nothing sent", async () => {
      const endpoint = await addEndpoint("/never");
      // The endpoint was created in development; in production its name now points inside.
      await setUrl(endpoint.id, "https://internal.example/hook");
      const deliveryId = await queueUnworked(endpoint.id);
      const productionDeps = { ...server.deps, config: { ...server.deps.config, webhookAllowPrivateTargets: false } };
      await attemptDelivery(productionDeps, { deliveryId, attempt: 1, manual: false }, { resolve: production.resolve });
      const [logged] = await deliveriesOf(endpoint.id);
      expect(logged?.attempts[0]?.error).toBe("The host internal.example resolves to a private, loopback or link-local address.");
      expect(logged?.attempts[0]?.responseStatus).toBeNull();
      expect(receivedAt("/never").length).toBe(0);
      await disable(endpoint.id);
    });
  });
});
