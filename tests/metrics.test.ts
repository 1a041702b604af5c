// GET /metrics: off without METRICS_TOKEN, refused without its bearer, and with it the Prometheus
// text of this instance: requests by route pattern, queue depth, mails, live streams, the pool.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { toMailJob } from "../src/features/mail/outbox";
import { type TestServer, startTestServer } from "./helpers/server";
import { openSse } from "./helpers/sse";
import { waitFor } from "./helpers/wait";
import { createProjectAs } from "./projects/fixtures";

const TOKEN = "metrics-token-0123456789";

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of an exposition text (comments and blank lines skipped). */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key as string] = value as string;
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value;
}

describe("/metrics without METRICS_TOKEN", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  test("is a 404 like any unknown path, whatever the request carries", async () => {
    const response = await server.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
    expect(server.deps.metrics).toBeNull();
  });
});

describe("/metrics with METRICS_TOKEN", () => {
  let server: TestServer;
  const scrape = async (): Promise<Sample[]> => {
    const response = await server.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return parseExposition(await response.text());
  };
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server.stop());

  test("refuses a missing, wrong or differently-long bearer with a JSON 401", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, "Bearer wrong", TOKEN, `Basic ${btoa(`x:${TOKEN}`)}`]) {
      const response = await server.request("/metrics", authorization ? { headers: { authorization } } : {});
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
      const body = (await response.json()) as { message: string };
      expect(body.message).toContain("METRICS_TOKEN");
    }
  });

  test("answers the Prometheus text format to the right bearer, whatever the scheme's case", async () => {
    for (const scheme of ["Bearer", "bearer"]) {
      const response = await server.request("/metrics", { headers: { authorization: `${scheme} ${TOKEN}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toStartWith("text/plain; version=0.0.4");
      const samples = parseExposition(await response.text());
      expect(samples.length).toBeGreaterThan(0);
      expect(samples.every((sample) => sample.name.startsWith("webstudio_"))).toBe(true);
      expect(sampleValue(samples, "webstudio_process_resident_memory_bytes")).toBeGreaterThan(0);
    }
  });

  test("counts a project page under its route pattern, never under its id", async () => {
    const owner = await server.createUser();
    const id = await createProjectAs(server, owner.cookie);
    expect((await server.request(`/projects/${id}`, { cookie: owner.cookie })).status).toBe(200);
    expect((await server.request("/no-such-page/12345")).status).toBe(404);
    const response = await server.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    const text = await response.text();
    expect(text).not.toContain(id);
    expect(text).not.toContain("12345");
    const samples = parseExposition(text);
    const page = { method: "GET", route: "/projects/:id", status: "200" };
    expect(sampleValue(samples, "webstudio_http_request_duration_seconds_count", page)).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, "webstudio_http_request_duration_seconds_bucket", { ...page, le: "+Inf" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, "webstudio_http_request_duration_seconds_count", { route: "unmatched", status: "404" })).toBeGreaterThanOrEqual(1);
    // The order was a POST with a body: the app saw a copy of the request, and its route still counts.
    expect(sampleValue(samples, "webstudio_http_request_duration_seconds_count", { method: "POST", status: "201" })).toBeGreaterThanOrEqual(1);
    const routes = new Set(samples.filter((sample) => sample.name === "webstudio_http_request_duration_seconds_count").map((sample) => sample.labels.route));
    for (const route of routes) expect(route === "unmatched" || route?.startsWith("/")).toBe(true);
  });

  test("counts an anonymous page answered from the render cache under the route that rendered it", async () => {
    const counted = async () =>
      sampleValue(await scrape(), "webstudio_http_request_duration_seconds_count", { method: "GET", route: "/support", status: "200" }) ?? 0;
    // The first visit renders (and fills the cache); the second is answered before routing.
    expect((await server.request("/support")).status).toBe(200);
    const second = await server.request("/support");
    expect(second.headers.get("x-render-cache")).toBe("hit");
    expect(await counted()).toBeGreaterThanOrEqual(2);
  });

  test("reads every queue's depth and oldest wait at scrape time", async () => {
    const samples = await scrape();
    expect(sampleValue(samples, "webstudio_job_queue_depth", { queue: "mail" })).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, "webstudio_job_queue_oldest_ready_seconds", { queue: "mail" })).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, "webstudio_job_queue_depth", { queue: "mail.dead" })).toBe(0);
  });

  test("counts a job waiting for its start in its queue's depth, and not as waiting to run", async () => {
    const depth = async () => {
      const samples = await scrape();
      return {
        queued: sampleValue(samples, "webstudio_job_queue_depth", { queue: "mail" }),
        oldest: sampleValue(samples, "webstudio_job_queue_oldest_ready_seconds", { queue: "mail" }),
      };
    };
    const before = await depth();
    await server.deps.jobs.send("mail", toMailJob({ to: "later@example.com", subject: "Later", text: "Hello" }), { startAfter: 3600 });
    expect(await depth()).toEqual({ queued: (before.queued ?? 0) + 1, oldest: 0 });
  });

  test("counts a mail once it is sent", async () => {
    const sent = async () => sampleValue(await scrape(), "webstudio_mails_total", { result: "sent" }) ?? -1;
    const before = await sent();
    expect(before).toBeGreaterThanOrEqual(0);
    expect(sampleValue(await scrape(), "webstudio_mails_total", { result: "failed" })).toBe(0);
    await server.deps.jobs.send("mail", toMailJob({ to: "metrics@example.com", subject: "Counted", text: "Hello" }));
    await waitFor("the mail counted as sent", async () => (await sent()) > before, 15_000);
  });

  test("says how many live event streams are open", async () => {
    const connections = async () => sampleValue(await scrape(), "webstudio_sse_connections") ?? -1;
    const user = await server.createUser();
    const before = await connections();
    expect(before).toBeGreaterThanOrEqual(0);
    const stream = await openSse(`${server.url}/api/events`, { cookie: user.cookie });
    expect(stream.response.status).toBe(200);
    await waitFor("the stream counted", async () => (await connections()) === before + 1);
    stream.close();
    await waitFor("the closed stream no longer counted", async () => (await connections()) === before);
  });

  test("says how the database connections are used", async () => {
    const samples = await scrape();
    const max = sampleValue(samples, "webstudio_db_pool_max_connections");
    const open = samples.filter((sample) => sample.name === "webstudio_db_connections").reduce((sum, sample) => sum + sample.value, 0);
    if (server.deps.database.kind === "pglite") {
      expect(max).toBe(1);
      expect(sampleValue(samples, "webstudio_db_connections", { state: "embedded" })).toBe(1);
    } else {
      expect(max).toBe(10);
      expect(open).toBeLessThanOrEqual(10);
    }
  });
});
