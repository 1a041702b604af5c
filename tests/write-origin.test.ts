// Writes that prove where they come from, as an attacker would try them: a signed-in write with no
// Origin, a form-encoded or multipart body sent to a JSON route, JSON sent to a page's form, and on https a
// session cookie that only the site itself can set (`__Host-session`).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { bugReports } from "../db/schema";
import { type TestServer, reloadUser, startTestServer } from "./helpers/server";
import { createProjectAs, png } from "./projects/fixtures";

type ErrorBody = { message: string; fields?: Record<string, string> };

describe("a signed-in write names its origin", () => {
  let server: TestServer;
  let cookie: string;
  let userId: string;
  beforeAll(async () => {
    server = await startTestServer();
    const created = await server.createUser({ displayName: "Ada" });
    cookie = created.cookie;
    userId = created.user.id;
  });
  afterAll(() => server.stop());

  /** A raw request, without the helper's browser-like Origin. */
  const raw = (path: string, init: RequestInit) => fetch(new URL(path, server.url), { redirect: "manual", ...init });

  test("with a session cookie and neither Origin nor Sec-Fetch-Site, a write is 403 and changes nothing", async () => {
    const response = await raw("/api/users/me", {
      method: "PATCH",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ displayName: "Mallory" }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as ErrorBody).message).toBe(
      "This request carries a session cookie but no Origin header: writes must come from this site's pages.",
    );
    expect((await reloadUser(server, userId))?.displayName).toBe("Ada");
  });

  test("Sec-Fetch-Site: same-origin stands in for a missing Origin; cross-site never does", async () => {
    const write = (site: string) =>
      raw("/api/users/me", {
        method: "PATCH",
        headers: { cookie, "content-type": "application/json", "sec-fetch-site": site },
        body: JSON.stringify({ displayName: "Ada L." }),
      });
    expect((await write("same-origin")).status).toBe(200);
    expect((await write("cross-site")).status).toBe(403);
    expect((await write("same-site")).status).toBe(403);
  });

  test("a write without a session cookie (a sign-in, Stripe's webhook) needs no Origin", async () => {
    const response = await raw("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password" }),
    });
    expect(response.status).not.toBe(403);
  });

  test("the JSON API refuses a form-encoded or plain-text body with 415 naming the header", async () => {
    for (const [type, body] of [
      ["application/x-www-form-urlencoded", "displayName=Mallory"],
      ["text/plain", '{"displayName":"Mallory"}'],
    ] as const) {
      const response = await server.request("/api/users/me", { method: "PATCH", cookie, headers: { "content-type": type }, body });
      expect(response.status).toBe(415);
      const error = (await response.json()) as ErrorBody;
      expect(error.fields?.["headers.content-type"]).toBe("Must be application/json, or multipart/form-data where the request carries files");
    }
    expect((await reloadUser(server, userId))?.displayName).not.toBe("Mallory");
  });

  test("multipart to a route that carries no files is 415 naming the header, and changes nothing", async () => {
    const profile = new FormData();
    profile.set("displayName", "Mallory");
    const patched = await server.request("/api/users/me", { method: "PATCH", cookie, body: profile });
    expect(patched.status).toBe(415);
    expect((await patched.json()) as ErrorBody).toEqual({
      message: "Send this request as application/json: it carries no files.",
      fields: { "headers.content-type": "Must be application/json" },
    });
    expect((await reloadUser(server, userId))?.displayName).not.toBe("Mallory");

    const report = new FormData();
    report.set("title", "Forged");
    report.set("description", "Posted by another site's form");
    expect((await server.request("/api/bugreports", { method: "POST", cookie, body: report })).status).toBe(415);
    expect(await server.deps.database.db.select().from(bugReports).where(eq(bugReports.reporterId, userId))).toEqual([]);
  });

  test("every feature's JSON write refuses a multipart form: each API route sits under the API's body-type check", async () => {
    const document = (await (await server.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    const writes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody?.content["application/json"] !== undefined)
        .map(([method]) => [method.toUpperCase(), path.replace(/\{[^}]+\}/g, "01ARZ3NDEKTSV4RRFFQ69G5FAV")] as const),
    );
    expect(writes.length).toBeGreaterThan(30);
    const form = new FormData();
    form.set("title", "Forged");
    for (const [method, path] of writes) {
      const response = await server.request(path, { method, cookie, body: form });
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 415 });
    }
  });

  test("the routes that carry files still take multipart: an order, a message's attachment, a photo", async () => {
    const projectId = await createProjectAs(server, cookie);
    const message = new FormData();
    message.set("body", "Here is the logo");
    message.append("attachments", png());
    expect((await server.request(`/api/projects/${projectId}/messages`, { method: "POST", cookie, body: message })).status).toBe(201);
    const photo = new FormData();
    photo.set("photo", png("me.png"));
    expect((await server.request("/api/users/me/photo", { method: "POST", cookie, body: photo })).status).toBe(200);
  });

  test("a page's form refuses JSON with 415", async () => {
    const response = await raw("/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "ada@example.com", password: "secret123" }),
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as ErrorBody).fields?.["headers.content-type"]).toBe("Must be application/x-www-form-urlencoded or multipart/form-data");
  });
});

describe("on an https site the session cookie is __Host-session", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: "https://studio.example" });
  });
  afterAll(() => server.stop());

  test("it is set Secure, Path=/ and without Domain, and a plain `session` cookie signs no one in", async () => {
    const email = `host-${Date.now().toString(36)}@example.com`;
    const registered = await server.request("/api/auth/register", {
      method: "POST",
      json: { email, displayName: "Ada Lovelace", password: "secret123" },
      headers: { origin: "https://studio.example" },
    });
    expect(registered.status).toBe(201);
    const setCookie = registered.headers.getSetCookie().find((line) => line.startsWith("__Host-session="));
    expect(setCookie).toBeDefined();
    expect(setCookie).toContain("; Secure");
    expect(setCookie).toContain("; Path=/");
    expect(setCookie?.toLowerCase()).not.toContain("domain=");
    const token = (setCookie ?? "").split(";")[0]?.split("=")[1] ?? "";
    expect((await server.request("/api/users/me", { cookie: `__Host-session=${token}` })).status).toBe(200);
    expect((await server.request("/api/users/me", { cookie: `session=${token}` })).status).toBe(401);
  });
});
