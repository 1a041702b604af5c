// The platform as a client sees it: health, readiness, errors, headers, limits, compression.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { brotliDecompressSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { createApp } from "../src/app";
import { schedules } from "../src/features/jobs/schedules";
import { createFetchHandler } from "../src/http/server";
import { type TestServer, startTestServer } from "./helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe("health and readiness", () => {
  test("/health answers while the process runs and /ready while the database answers", async () => {
    expect(await (await server.request("/health")).json()).toEqual({ status: "ok" });
    const ready = await server.request("/ready");
    expect(ready.status).toBe(200);
  });
});

describe("housekeeping", () => {
  test("pruning, upload litter and the 7-day rule run as schedules kept in the database, once per cluster", async () => {
    const result: unknown = await server.deps.database.db.execute(sql`select name, cron, timezone from pgboss.schedule order by name`);
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    expect(rows).toEqual([
      { name: "live-events.prune", cron: "*/10 * * * *", timezone: "UTC" },
      { name: "payments.invoice-reminders", cron: "5 * * * *", timezone: "UTC" },
      { name: "payments.overdue-deletions", cron: "35 * * * *", timezone: "UTC" },
      { name: "payments.reconcile", cron: "15 4 * * *", timezone: "UTC" },
      { name: "rate-limits.prune", cron: "0 * * * *", timezone: "UTC" },
      { name: "sessions.prune", cron: "0 * * * *", timezone: "UTC" },
      { name: "uploads.litter", cron: "20 * * * *", timezone: "UTC" },
    ]);
  });

  test("each schedule's job does its work when it runs", async () => {
    // The handlers are the tested functions themselves; run each once as the queue would.
    for (const schedule of schedules) await schedule.run(server.deps);
  });
});

describe("errors", () => {
  test("an unknown API path answers JSON 404", async () => {
    const response = await server.request("/api/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "There is no such API endpoint." });
  });

  test("an unknown page shows the Page not found screen with 'Go to Landing' for visitors", async () => {
    const response = await server.request("/no/such/page", { headers: { accept: "text/html" } });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page not found");
    expect(html).toContain("Go to Landing");
    expect(html).not.toContain("Go to Dashboard");
  });

  test("signed-in users get 'Go to Dashboard' and 'Report Bug' on the not-found screen", async () => {
    const { cookie } = await server.createUser();
    const html = await (await server.request("/no/such/page", { cookie })).text();
    expect(html).toContain("Go to Dashboard");
    expect(html).toContain("Report Bug");
  });

  test("a body that fails its schema gets 400 with field messages and changes nothing", async () => {
    const { cookie, user } = await server.createUser();
    const response = await server.request("/api/users/me/settings", { method: "PATCH", cookie, json: { path: "theme.themeColor", value: "dark" } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; fields?: Record<string, string> };
    expect(typeof body.message).toBe("string");
    expect(body.fields).toBeDefined();
    const page = await (await server.request("/settings", { cookie })).text();
    expect(page).toContain(`data-theme="${user.settings.theme.themeColor}"`);
  });

  test("malformed JSON gets 400, not 500", async () => {
    const { cookie } = await server.createUser();
    const response = await server.request("/api/users/me/settings", {
      method: "PATCH",
      cookie,
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBeString();
  });
});

describe("security", () => {
  test("every response carries the security headers", async () => {
    const response = await server.request("/health");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  test("a cross-origin write is refused before it reaches a handler", async () => {
    const { cookie, user } = await server.createUser();
    const response = await server.request("/api/users/me/settings", {
      method: "PATCH",
      cookie,
      headers: { origin: "https://evil.example" },
      json: { path: "theme.themeColor", value: 1 },
    });
    expect(response.status).toBe(403);
    const page = await (await server.request("/settings", { cookie })).text();
    expect(page).toContain(`data-theme="${user.settings.theme.themeColor}"`);
  });

  test("a same-origin write is accepted", async () => {
    const { cookie } = await server.createUser();
    const response = await server.request("/api/users/me/settings", {
      method: "PATCH",
      cookie,
      headers: { origin: server.url },
      json: { path: "theme.themeColor", value: 1 },
    });
    expect(response.status).toBe(200);
  });

  test("without CORS_ORIGINS there is no CORS: no allow-origin header, no preflight route", async () => {
    const read = await server.request("/api/faq", { headers: { origin: "https://partner.example" } });
    expect(read.status).toBe(200);
    expect(read.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await server.request("/api/users/me/settings", {
      method: "OPTIONS",
      headers: { origin: "https://partner.example", "access-control-request-method": "PATCH" },
    });
    expect(preflight.status).toBe(404);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("an origin in CORS_ORIGINS may read and write cross-origin; any other origin still may not", async () => {
    const partner = "https://partner.example";
    const config = { ...server.deps.config, corsOrigins: [partner] };
    const app = createApp({ ...server.deps, config });
    const handle = createFetchHandler((request) => app.handle(request), config, server.deps.log);
    const peer = { requestIP: () => null } as unknown as Parameters<typeof handle>[1];
    const send = (path: string, init: RequestInit) => handle(new Request(new URL(path, server.url), init), peer);
    const { cookie } = await server.createUser();

    const preflight = await send("/api/users/me/settings", {
      method: "OPTIONS",
      headers: { origin: partner, "access-control-request-method": "PATCH", "access-control-request-headers": "content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(partner);
    expect(preflight.headers.get("access-control-allow-credentials")).toBe("true");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("PATCH");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type");
    const foreignPreflight = await send("/api/users/me/settings", {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "PATCH" },
    });
    expect(foreignPreflight.headers.get("access-control-allow-origin")).toBeNull();

    const write = (origin: string) =>
      send("/api/users/me/settings", {
        method: "PATCH",
        headers: { origin, cookie, "content-type": "application/json" },
        body: JSON.stringify({ path: "theme.themeColor", value: 1 }),
      });
    const allowed = await write(partner);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(partner);
    const refused = await write("https://evil.example");
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();

    // A read of a cached public answer names the origin too, and says the answer depends on it.
    for (let i = 0; i < 2; i++) {
      const read = await send("/api/faq", { headers: { origin: partner } });
      expect(read.headers.get("access-control-allow-origin")).toBe(partner);
      expect(read.headers.get("vary")).toContain("origin");
    }
  });

  test("a JSON body over 64 KiB is refused with 413, with or without a length", async () => {
    const { cookie } = await server.createUser();
    const huge = JSON.stringify({ path: "theme.themeColor", value: 1, pad: "x".repeat(70 * 1024) });
    const sized = await server.request("/api/users/me/settings", { method: "PATCH", cookie, headers: { "content-type": "application/json" }, body: huge });
    expect(sized.status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(huge));
        controller.close();
      },
    });
    const chunked = await server.request("/api/users/me/settings", { method: "PATCH", cookie, headers: { "content-type": "application/json" }, body: stream });
    expect(chunked.status).toBe(413);
  });

  test("settings cannot be used to set anything but settings", async () => {
    const { cookie } = await server.createUser();
    const response = await server.request("/api/users/me/settings", { method: "PATCH", cookie, json: { path: "isAdmin", value: true } });
    expect(response.status).toBe(400);
  });

  test("signed-in pages are not cached and guarded pages redirect visitors", async () => {
    const visitor = await server.request("/settings");
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("location")).toBe("/");
    const { cookie } = await server.createUser();
    const signedIn = await server.request("/settings", { cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("no-store");
  });

  test("the request log never contains a query string", async () => {
    await server.request("/reset?token=secret-token-value");
    expect(server.logs.some((line) => line.includes("secret-token-value"))).toBe(false);
    expect(server.logs.some((line) => line.includes("GET /reset "))).toBe(true);
  });
});

describe("assets and compression", () => {
  test("pages are gzip-compressed and link hashed, immutable assets", async () => {
    const { cookie } = await server.createUser();
    const response = await fetch(`${server.url}/settings`, { headers: { cookie, "accept-encoding": "gzip" }, decompress: false });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const html = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await response.arrayBuffer())));
    const css = html.match(/href="(\/assets\/app-[a-z0-9]+\.css)"/)?.[1];
    const loader = html.match(/src="(\/assets\/loader-[a-z0-9]+\.js)"/)?.[1];
    expect(css).toBeDefined();
    expect(loader).toBeDefined();
    for (const path of [css, loader]) {
      const asset = await fetch(`${server.url}${path}`, { headers: { "accept-encoding": "gzip" }, decompress: false });
      expect(asset.status).toBe(200);
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(asset.headers.get("content-encoding")).toBe("gzip");
      const gzipped = new Uint8Array(await asset.arrayBuffer());
      // A browser that accepts brotli gets the smaller brotli copy of the same bytes.
      const brotli = await fetch(`${server.url}${path}`, { headers: { "accept-encoding": "gzip, deflate, br" }, decompress: false });
      expect(brotli.headers.get("content-encoding")).toBe("br");
      expect(brotli.headers.get("vary")).toBe("accept-encoding");
      const compressed = new Uint8Array(await brotli.arrayBuffer());
      expect(compressed.byteLength).toBeLessThan(gzipped.byteLength);
      expect(new Uint8Array(brotliDecompressSync(compressed))).toEqual(Bun.gunzipSync(gzipped));
    }
  });

  test("pages are rendered by React's stream, head first, with their status, headers and script nonce, gzip or not", async () => {
    const { cookie } = await server.createUser();
    for (const encoding of ["gzip", "identity"]) {
      const response = await fetch(`${server.url}/settings`, { headers: { cookie, "accept-encoding": encoding }, decompress: false });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-request-id")).toBeTruthy();
      // The page has nothing left to load once React's shell is ready: it is sent whole, with its
      // length, and gzipped in one call (tests/streamed-page.test.tsx has a page that streams).
      expect(response.headers.get("transfer-encoding")).toBeNull();
      expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      expect(response.headers.get("x-script-nonce")).toBeNull();
      expect(response.headers.get("content-encoding")).toBe(encoding === "gzip" ? "gzip" : null);
      const body = response.body;
      if (!body) throw new Error("a page without a body");
      const reader = (encoding === "gzip" ? body.pipeThrough(new DecompressionStream("gzip")) : body).getReader();
      const first = await reader.read();
      let html = new TextDecoder().decode(first.value);
      expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
      expect(html).toContain("<head>");
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) html += new TextDecoder().decode(chunk.value);
      expect(html.endsWith("</html>")).toBe(true);
    }
  });

  test("an error page streams too, with its own status and headers", async () => {
    const response = await fetch(`${server.url}/no-such-page`, { headers: { "accept-encoding": "gzip" }, decompress: false });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    const html = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await response.arrayBuffer())));
    expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
    expect(html).toContain("Not Found");
  });

  test("public/'s files are served at the root with their type and a day's caching; nothing else under it is", async () => {
    const icon = await server.request("/favicon.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toBe("image/svg+xml");
    expect(icon.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await icon.text()).toStartWith("<svg");
    expect((await server.request("/favicon.ico")).status).toBe(404);
    expect((await server.request("/public/favicon.svg")).status).toBe(404);
    expect((await server.request("/%2e%2e/package.json")).status).toBe(404);
  });

  test("pages preload the Inter the stylesheet names; the font is served by the app, immutable, as woff2", async () => {
    const html = await (await server.request("/login")).text();
    const font = html.match(
      /<link rel="preload" href="(\/assets\/fonts\/inter-latin-wght-normal-[a-z0-9]+\.woff2)" as="font" type="font\/woff2" crossorigin=""/,
    )?.[1];
    expect(font).toBeDefined();
    const css = await (await server.request(html.match(/href="(\/assets\/app-[a-z0-9]+\.css)"/)?.[1] ?? "")).text();
    expect(css).toContain(`url("${font}") format("woff2")`);
    expect(css).toContain("font-display: swap");
    const response = await fetch(`${server.url}${font}`, { headers: { "accept-encoding": "gzip" }, decompress: false });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("font/woff2");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // woff2 is compressed already: served as it is.
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(new TextDecoder().decode((await response.arrayBuffer()).slice(0, 4))).toBe("wOF2");
    expect((await server.request("/login")).headers.get("content-security-policy")).toContain("font-src 'self'");
  });

  test("an island is server-rendered with its name, bundle and props", async () => {
    const { cookie } = await server.createUser();
    const html = await (await server.request("/settings", { cookie })).text();
    expect(html).toMatch(
      /data-island="theme-picker" data-src="\/assets\/theme-picker\/index-[a-z0-9]+\.js" data-props="\{&quot;theme&quot;:0,&quot;tint&quot;:0\}"/,
    );
  });
});

describe("the API as a contract (GET /api/openapi.json, /admin/api)", () => {
  type Document = { openapi: string; paths: Record<string, Record<string, { summary?: string; tags?: string[]; responses?: Record<string, unknown> }>> };

  test("the document is public and describes every operation with a tag, a summary and the error shape", async () => {
    const response = await server.request("/api/openapi.json");
    expect(response.status).toBe(200);
    const document = (await response.json()) as Document;
    expect(document.openapi).toStartWith("3.1");
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ key: `${method} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(40);
    // Every route's `detail: operation(…)` names its tag, role and summary: a new one without it has no summary here.
    expect(operations.filter(({ op }) => !op.summary || !op.tags?.length).map(({ key }) => key)).toEqual([]);
    expect(operations.filter(({ op }) => !op.responses?.["4XX"]).map(({ key }) => key)).toEqual([]);
    // Only the JSON API: no pages, no catch-all, no trailing-slash twins.
    expect(Object.keys(document.paths).filter((path) => !path.startsWith("/api/") || path.endsWith("/") || path.includes("*"))).toEqual([]);
  });

  test("a nullable enum keeps null in its allowed values (the generator drops it; a project's invoiceType is null until invoiced)", async () => {
    const document = (await (await server.request("/api/openapi.json")).json()) as Document;
    const answer = document.paths["/api/projects/{id}"]?.get?.responses?.["200"] as {
      content: { "application/json": { schema: { properties: { invoiceType: { enum: unknown[] } } } } };
    };
    expect(answer.content["application/json"].schema.properties.invoiceType.enum).toContain(null);
  });

  test("/admin/api lists the endpoints by tag under the same CSP, with no script of its own", async () => {
    const admin = await server.createAdmin();
    const response = await server.request("/admin/api", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('href="/api/openapi.json"');
    expect(html).toContain("/api/admin/users/removeadmin</code>");
    expect(html).toContain("Super admin");
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const customer = await server.createUser();
    expect((await server.request("/admin/api", { cookie: customer.cookie })).status).toBe(303);
  });
});
