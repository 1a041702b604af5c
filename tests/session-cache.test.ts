// Signed-in answers kept per session until the data changes (src/http/session-cache.ts, README
// decision 43): what a user sees is never older than the last committed write, never another
// session's, and never outlives a sign-out, a lost role or a minute of the clock.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { projects, users } from "../db/schema";
import { TTL_MS, createSessionCache } from "../src/http/session-cache";
import type { Db } from "../src/lib/db";
import { type TestServer, startTestServer } from "./helpers/server";
import { createProjectAs } from "./projects/fixtures";

/** A write the data-version triggers do not see (replica mode skips triggers): only a kept answer can hide it. */
async function renameUnseen(db: Db, projectId: string, projectName: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(projects).set({ projectName }).where(eq(projects.id, projectId));
  });
}

const page = async (server: TestServer, path: string, cookie: string) => {
  const response = await server.request(path, { cookie, headers: { "accept-encoding": "gzip" } });
  return { status: response.status, headers: response.headers, text: await response.text() };
};

describe("signed-in answers kept per session", () => {
  let server: TestServer;
  let clock = Date.parse("2026-11-23T10:00:00Z");

  beforeAll(async () => {
    server = await startTestServer({}, { now: () => new Date(clock) });
  });
  afterAll(() => server?.stop());

  test("a page asked again with nothing changed is the kept answer; the next write shows at once", async () => {
    const { cookie } = await server.createUser();
    const projectId = await createProjectAs(server, cookie, { projectName: "First name" });
    expect((await page(server, "/dashboard", cookie)).text).toContain("First name");

    // The database changed behind the triggers' back: the kept page is what comes back, so
    // answers are kept, and they are keyed on the data version alone.
    await renameUnseen(server.deps.database.db, projectId, "Hidden rename");
    const kept = await page(server, "/dashboard", cookie);
    expect(kept.text).toContain("First name");

    // Any committed write moves the version on: an API edit shows on the very next request.
    const edited = await server.request(`/api/projects/${projectId}`, { method: "PATCH", cookie, json: { projectName: "Second name" } });
    expect(edited.status).toBe(200);
    expect((await page(server, "/dashboard", cookie)).text).toContain("Second name");
    const search = await server.request("/api/projects/search", { cookie });
    expect(JSON.stringify(await search.json())).toContain("Second name");
  });

  test("a write made straight in the database (an operator's SQL) shows on the next request too", async () => {
    const { cookie } = await server.createUser();
    const projectId = await createProjectAs(server, cookie, { projectName: "Before SQL" });
    expect((await page(server, "/dashboard", cookie)).text).toContain("Before SQL");
    await server.deps.database.db.update(projects).set({ projectName: "After SQL" }).where(eq(projects.id, projectId));
    expect((await page(server, "/dashboard", cookie)).text).toContain("After SQL");
  });

  test("a kept answer never reaches another session, even of the same user, and carries its own request id", async () => {
    const first = await server.createUser({ displayName: "First Person" });
    const second = await server.createUser({ displayName: "Second Person" });
    const firstAgain = await page(server, "/api/users/me", first.cookie);
    const firstKept = await page(server, "/api/users/me", first.cookie);
    expect(firstKept.text).toBe(firstAgain.text);
    expect(firstKept.headers.get("x-request-id")).not.toBe(firstAgain.headers.get("x-request-id"));
    expect(firstKept.headers.get("x-session-cache")).toBeNull();
    expect(firstKept.headers.get("cache-control")).toBe("no-store");
    expect(firstKept.headers.get("content-security-policy")).toContain("default-src 'self'");

    for (let i = 0; i < 2; i++) {
      const other = await page(server, "/api/users/me", second.cookie);
      expect(other.text).toContain("Second Person");
      expect(other.text).not.toContain("First Person");
    }
    // A second session of the first user: its own answers (Security settings mark "this device" per session).
    const { createSession } = await import("../src/http/sessions");
    const session = await createSession(server.deps.database.db, first.user.id);
    const otherDevice = await page(server, "/settings/security", `session=${session.token}`);
    const firstDevice = await page(server, "/settings/security", first.cookie);
    expect(otherDevice.status).toBe(200);
    expect(firstDevice.status).toBe(200);
    expect(otherDevice.text).not.toBe(firstDevice.text);
  });

  test("after signing out, losing a role or a deleted account, the kept page is gone", async () => {
    const customer = await server.createUser();
    expect((await page(server, "/dashboard", customer.cookie)).status).toBe(200);
    const out = await server.request("/api/auth/logout", { method: "POST", cookie: customer.cookie });
    expect(out.status).toBeLessThan(400);
    const after = await server.request("/dashboard", { cookie: customer.cookie });
    expect(after.status).toBe(303);
    expect(after.headers.get("location")).toBe("/");

    const admin = await server.createAdmin();
    expect((await page(server, "/admin", admin.cookie)).status).toBe(200);
    await server.deps.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.user.id));
    expect((await page(server, "/admin", admin.cookie)).status).not.toBe(200);

    const gone = await server.createUser();
    expect((await page(server, "/settings", gone.cookie)).status).toBe(200);
    await server.deps.database.db.delete(users).where(eq(users.id, gone.user.id));
    expect((await server.request("/settings", { cookie: gone.cookie })).status).toBe(303);
  });

  test("a kept page is rendered again after a minute, so what it takes from the clock is at most that late", async () => {
    const { cookie } = await server.createUser();
    const projectId = await createProjectAs(server, cookie, { projectName: "Clock one" });
    expect((await page(server, "/dashboard", cookie)).text).toContain("Clock one");
    await renameUnseen(server.deps.database.db, projectId, "Clock two");
    clock += TTL_MS - 1000;
    expect((await page(server, "/dashboard", cookie)).text).toContain("Clock one");
    clock += 2000;
    expect((await page(server, "/dashboard", cookie)).text).toContain("Clock two");
  });

  test("only reads are kept: a write is never answered from what a GET kept", async () => {
    const { cookie } = await server.createUser();
    expect((await page(server, "/api/users/me", cookie)).status).toBe(200);
    const patched = await server.request("/api/users/me", { method: "PATCH", cookie, json: { displayName: "Renamed Person" } });
    expect(patched.status).toBe(200);
    expect(await patched.text()).toContain("Renamed Person");
    expect((await page(server, "/api/users/me", cookie)).text).toContain("Renamed Person");
  });
});

describe("the kept-answer store", () => {
  const answer = (bytes: number) => ({ status: 200, headers: new Headers({ "content-type": "text/html" }), body: new Uint8Array(bytes) });

  test("answers expire after the TTL", () => {
    let now = 0;
    const cache = createSessionCache(() => now);
    cache.set("a", answer(10));
    expect(cache.get("a")?.body.byteLength).toBe(10);
    now = TTL_MS + 1;
    expect(cache.get("a")).toBeNull();
    expect(cache.size).toBe(0);
  });

  test("a sweep drops the answers past the TTL and frees their room", () => {
    let now = 0;
    const cache = createSessionCache(() => now);
    const big = 200 * 1024;
    for (let i = 0; i < 40; i++) cache.set(`old${i}`, answer(big));
    now = TTL_MS / 2;
    cache.set("young", answer(10));
    now = TTL_MS + 1;
    cache.sweep();
    expect(cache.size).toBe(1);
    expect(cache.get("young")?.body.byteLength).toBe(10);
    // The room the old answers held is free again: 39 new ones fit beside the young one.
    for (let i = 0; i < 39; i++) cache.set(`new${i}`, answer(big));
    expect(cache.size).toBe(40);
  });

  test("a full store lets go of the least recently used answers; an answer too large for it is not kept", () => {
    const cache = createSessionCache(() => 0);
    const big = 200 * 1024;
    for (let i = 0; i < 40; i++) cache.set(`k${i}`, answer(big));
    // 8 MiB hold 40 answers of 200 KiB: the next ones push out the oldest, except one read lately.
    expect(cache.get("k0")).not.toBeNull();
    for (let i = 40; i < 45; i++) cache.set(`k${i}`, answer(big));
    expect(cache.get("k0")).not.toBeNull();
    expect(cache.get("k1")).toBeNull();
    expect(cache.get("k44")).not.toBeNull();
    cache.set("huge", answer(1024 * 1024));
    expect(cache.get("huge")).toBeNull();
  });

  test("small answers are counted with what an entry costs around them, so many cannot outgrow the store", () => {
    const cache = createSessionCache(() => 0);
    for (let i = 0; i < 10_000; i++) cache.set(`k${i}`, answer(16));
    // About 2 KB an entry beyond its body: 8 MiB hold some 4,000 of them, not half a million.
    expect(cache.size).toBeLessThan(4_100);
    expect(cache.get("k9999")).not.toBeNull();
    expect(cache.get("k0")).toBeNull();
  });
});
