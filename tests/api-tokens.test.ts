// Personal API tokens from the outside, as an integrator's script uses them: a bearer token opens
// the JSON API as its owner with the owner's role at that moment, needs no Origin, and is refused
// with one message once revoked, expired or its account deleted. Pages never take it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { apiTokens, auditLog, users } from "../db/schema";
import { API_TOKEN_RATE_LIMIT, INVALID_TOKEN_MESSAGE } from "../src/http/api-tokens";
import { putRateLimit } from "../src/http/queries";
import { queuedMails } from "./helpers/mail-jobs";
import { type TestServer, startTestServer } from "./helpers/server";

type Created = { id: string; token: string; name: string; createdAt: string; lastUsedAt: null; expiresAt: string | null };
type Listed = { tokens: { id: string; name: string; lastUsedAt: string | null; expiresAt: string | null }[] };

describe("personal API tokens", () => {
  let server: TestServer;
  let clock = new Date("2026-11-27T12:00:00Z");
  const bearer = (path: string, token: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${token}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    return fetch(new URL(path, server.url), { redirect: "manual", ...init, headers, body });
  };
  const createToken = async (cookie: string, body: object = { name: "CI" }) => {
    const response = await server.request("/api/users/me/tokens", { method: "POST", cookie, json: body });
    expect(response.status).toBe(201);
    return (await response.json()) as Created;
  };

  beforeAll(async () => {
    server = await startTestServer({}, { now: () => clock });
  });
  afterAll(() => server.stop());

  test("a token is shown once, stored only as a hash, listed without its secret, and its owner is mailed", async () => {
    const { user, cookie } = await server.createUser({ displayName: "Ada" });
    const created = await createToken(cookie, { name: "Zapier", expiresInDays: 90 });
    expect(created.token).toMatch(/^wst_[A-Za-z0-9_-]{43,}$/);
    expect(created.name).toBe("Zapier");
    expect(new Date(created.expiresAt ?? 0).getTime()).toBe(clock.getTime() + 90 * 86_400_000);
    const [row] = await server.deps.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row?.tokenHash).not.toContain(created.token.slice(4));
    const list = await server.request("/api/users/me/tokens", { cookie });
    const text = await list.text();
    expect(text).not.toContain(created.token);
    expect((JSON.parse(text) as Listed).tokens.map((token) => token.name)).toEqual(["Zapier"]);
    const mails = await queuedMails(server.deps.database.db, user.email);
    expect(mails.some((mail) => mail.subject === "A new API token was created: Zapier")).toBe(true);
  });

  test("bad names and expiries are refused", async () => {
    const { cookie } = await server.createUser();
    for (const body of [{ name: "" }, { name: "x", expiresInDays: 7 }, { name: "x", extra: true }]) {
      const response = await server.request("/api/users/me/tokens", { method: "POST", cookie, json: body });
      expect(response.status).toBe(400);
    }
  });

  test("a bearer token acts as its owner on reads and writes without any Origin", async () => {
    const { user, cookie } = await server.createUser({ displayName: "Grace" });
    const { token } = await createToken(cookie);
    const me = await bearer("/api/users/me", token);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { _id: string } }).user._id).toBe(user.id);
    const write = await bearer("/api/users/me", token, { method: "PATCH", json: { displayName: "Grace H." } });
    expect(write.status).toBe(200);
    const [row] = await server.deps.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.displayName).toBe("Grace H.");
  });

  test("a request with a session cookie and a token is a cookie request: a write without Origin is refused", async () => {
    const { cookie } = await server.createUser();
    const { token } = await createToken(cookie);
    const response = await bearer("/api/users/me", token, { method: "PATCH", headers: { cookie }, json: { displayName: "Mallory" } });
    expect(response.status).toBe(403);
  });

  test("a token never opens a page, and never creates another token", async () => {
    const { cookie } = await server.createUser();
    const { token } = await createToken(cookie);
    const page = await bearer("/dashboard", token);
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe("/");
    const minted = await bearer("/api/users/me/tokens", token, { method: "POST", json: { name: "child" } });
    expect(minted.status).toBe(403);
  });

  test("a revoked, unknown or expired token is 401 with one message", async () => {
    const { cookie } = await server.createUser();
    const revoked = await createToken(cookie);
    expect((await bearer("/api/users/me", revoked.token)).status).toBe(200);
    const deleted = await server.request(`/api/users/me/tokens/${revoked.id}`, { method: "DELETE", cookie });
    expect(deleted.status).toBe(200);
    const expiring = await createToken(cookie, { name: "short", expiresInDays: 30 });
    const unknown = `wst_${"A".repeat(43)}`;
    const before = clock;
    clock = new Date(clock.getTime() + 31 * 86_400_000);
    try {
      for (const token of [revoked.token, unknown, expiring.token, "not-even-a-token"]) {
        const response = await bearer("/api/users/me", token);
        expect(response.status).toBe(401);
        expect(((await response.json()) as { message: string }).message).toBe(INVALID_TOKEN_MESSAGE);
      }
    } finally {
      clock = before;
    }
  });

  test("a demoted admin's token loses admin rights at once; a deleted account's token is refused", async () => {
    const admin = await server.createAdmin();
    const { token } = await createToken(admin.cookie);
    expect((await bearer("/api/admin/users", token)).status).toBe(200);
    await server.deps.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.user.id));
    expect((await bearer("/api/admin/users", token)).status).toBe(403);
    expect((await bearer("/api/users/me", token)).status).toBe(200);
    await server.deps.database.db.delete(users).where(eq(users.id, admin.user.id));
    const gone = await bearer("/api/users/me", token);
    expect(gone.status).toBe(401);
    expect(((await gone.json()) as { message: string }).message).toBe(INVALID_TOKEN_MESSAGE);
  });

  test("an admin lists and revokes another user's tokens; a customer may not", async () => {
    const owner = await server.createUser();
    const { id, token } = await createToken(owner.cookie, { name: "Leaked" });
    const admin = await server.createAdmin();
    const list = await server.request(`/api/admin/users/${owner.user.id}/tokens`, { cookie: admin.cookie });
    expect(((await list.json()) as Listed).tokens.map((item) => item.name)).toEqual(["Leaked"]);
    const other = await server.createUser();
    expect((await server.request(`/api/admin/users/${owner.user.id}/tokens`, { cookie: other.cookie })).status).toBe(403);
    expect((await server.request(`/api/admin/users/${owner.user.id}/tokens/${id}`, { method: "DELETE", cookie: other.cookie })).status).toBe(403);
    const revoked = await server.request(`/api/admin/users/${owner.user.id}/tokens/${id}`, { method: "DELETE", cookie: admin.cookie });
    expect(revoked.status).toBe(200);
    expect((await bearer("/api/users/me", token)).status).toBe(401);
    const [entry] = await server.deps.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(entry).toMatchObject({ action: "api_token.revoke", targetType: "api_token", targetLabel: "Leaked" });
    // Another user's token id under the wrong user is not found.
    const second = await createToken(owner.cookie);
    expect((await server.request(`/api/users/me/tokens/${second.id}`, { method: "DELETE", cookie: other.cookie })).status).toBe(404);
  });

  test("last used is written at most once a minute", async () => {
    const { cookie } = await server.createUser();
    const { id, token } = await createToken(cookie);
    const lastUsed = async () =>
      ((await (await server.request("/api/users/me/tokens", { cookie })).json()) as Listed).tokens.find((item) => item.id === id)?.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    const before = clock;
    try {
      await bearer("/api/users/me", token);
      const first = await lastUsed();
      expect(first).toBe(clock.toISOString());
      clock = new Date(clock.getTime() + 30_000);
      await bearer("/api/users/me", token);
      expect(await lastUsed()).toBe(first);
      clock = new Date(clock.getTime() + 31_000);
      await bearer("/api/users/me", token);
      expect(await lastUsed()).toBe(clock.toISOString());
    } finally {
      clock = before;
    }
  });

  test("each token has its own rate limit", async () => {
    const { cookie } = await server.createUser();
    const busy = await createToken(cookie, { name: "busy" });
    const calm = await createToken(cookie, { name: "calm" });
    await putRateLimit(server.deps.database.db, `${API_TOKEN_RATE_LIMIT.name}:${busy.id}`, API_TOKEN_RATE_LIMIT.max, new Date(Date.now() + 60_000));
    const limited = await bearer("/api/users/me", busy.token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).not.toBeNull();
    expect((await bearer("/api/users/me", calm.token)).status).toBe(200);
  });

  test("the OpenAPI document names bearer tokens beside the cookie and lists the webhooks", async () => {
    const document = (await (await server.request("/api/openapi.json")).json()) as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
      webhooks: Record<string, unknown>;
    };
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.paths["/api/users/me"]?.get?.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(Object.keys(document.webhooks)).toContain("project.created");
  });

  test("the settings page lists tokens; an admin sees a user's tokens and the webhooks console", async () => {
    const owner = await server.createUser({ displayName: "Page Owner" });
    await createToken(owner.cookie, { name: "Shown on the page" });
    const settings = await server.request("/settings/tokens", { cookie: owner.cookie });
    expect(settings.status).toBe(200);
    const html = await settings.text();
    expect(html).toContain('data-island="api-tokens"');
    expect(html).toContain("Shown on the page");
    const admin = await server.createAdmin();
    const adminView = await server.request(`/admin/users/${owner.user.id}/tokens`, { cookie: admin.cookie });
    expect(adminView.status).toBe(200);
    expect(await adminView.text()).toContain("Shown on the page");
    expect((await server.request("/admin/webhooks", { cookie: admin.cookie })).status).toBe(200);
    expect((await server.request(`/admin/users/${owner.user.id}/tokens`, { cookie: owner.cookie })).status).toBe(303);
  });
});
