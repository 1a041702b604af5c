// Admin user management (SPEC.md §6, §7) over HTTP, including every endpoint as a non-admin.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type TestServer, reloadUser, startTestServer } from "./helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const get = (path: string, cookie?: string) => server.request(path, { cookie });
const patch = (action: string, userID: unknown, cookie?: string) => server.request(`/api/admin/users/${action}`, { method: "PATCH", cookie, json: { userID } });

describe("who may call", () => {
  test("visitors get 401 and non-admins 403 on every endpoint, and nothing changes", async () => {
    const { cookie } = await server.createUser();
    const target = await server.createUser();
    const calls = [
      () => get("/api/admin/users"),
      () => get("/api/admin/users/searchnonadmin?searchText=a"),
      () => patch("makeadmin", target.user.id),
      () => patch("removeadmin", target.user.id),
      () => patch("makesuperadmin", target.user.id),
    ];
    for (const call of calls) {
      expect((await call()).status).toBe(401);
    }
    const asUser = [
      get("/api/admin/users", cookie),
      get("/api/admin/users/searchnonadmin?searchText=a", cookie),
      patch("makeadmin", target.user.id, cookie),
      patch("removeadmin", target.user.id, cookie),
      patch("makesuperadmin", target.user.id, cookie),
    ];
    for (const response of await Promise.all(asUser)) {
      expect(response.status).toBe(403);
      expect(typeof ((await response.json()) as { message: string }).message).toBe("string");
    }
    expect((await reloadUser(server, target.user.id))?.isAdmin).toBe(false);
  });

  test("the role is checked before the request is: an outsider's forged field or malformed body answers 401 or 403, never 400", async () => {
    const { cookie } = await server.createUser();
    const admin = await server.createAdmin();
    const forged = (who?: string) => server.request("/api/admin/users/makeadmin", { method: "PATCH", cookie: who, json: { userID: "x", isSuperAdmin: true } });
    const malformed = (who?: string) => server.request("/api/admin/users/removeadmin", { method: "PATCH", cookie: who, json: { userID: 42 } });
    const ownForged = server.request("/api/users/me", { method: "PATCH", json: { isAdmin: true } });
    expect((await Promise.all([forged(), malformed(), ownForged])).map((response) => response.status)).toEqual([401, 401, 401]);
    expect((await Promise.all([forged(cookie), malformed(cookie)])).map((response) => response.status)).toEqual([403, 403]);
    // An admin may make admins, so the forged field is refused; removing one takes a super admin.
    expect((await Promise.all([forged(admin.cookie), malformed(admin.cookie)])).map((response) => response.status)).toEqual([400, 403]);
  });

  test("a plain admin may make admins but not remove them or promote to super admin", async () => {
    const admin = await server.createAdmin();
    const other = await server.createAdmin();
    expect((await patch("removeadmin", other.user.id, admin.cookie)).status).toBe(403);
    expect((await patch("makesuperadmin", other.user.id, admin.cookie)).status).toBe(403);
    expect((await reloadUser(server, other.user.id))?.isAdmin).toBe(true);
    expect((await reloadUser(server, other.user.id))?.isSuperAdmin).toBe(false);
  });
});

describe("listing and searching", () => {
  test("lists admins and super admins, never the keys", async () => {
    const admin = await server.createAdmin();
    const response = await get("/api/admin/users", admin.cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { users: Array<Record<string, unknown>> };
    expect(body.users.some((u) => u._id === admin.user.id)).toBe(true);
    expect(body.users.every((u) => u.isAdmin === true)).toBe(true);
    expect(JSON.stringify(body)).not.toContain("test-admin-key");
    expect(JSON.stringify(body)).not.toContain("argon2");
  });

  test("searches non-admins by name, only with non-empty text", async () => {
    const admin = await server.createAdmin();
    const zed = await server.createUser({ displayName: "Zedekiah Quill" });
    await server.createAdmin(); // admins named "Admin" never show up
    const found = (await (await get("/api/admin/users/searchnonadmin?searchText=zedek", admin.cookie)).json()) as { users: Array<{ _id: string }> };
    expect(found.users.map((u) => u._id)).toEqual([zed.user.id]);
    const admins = (await (await get("/api/admin/users/searchnonadmin?searchText=Admin", admin.cookie)).json()) as { users: unknown[] };
    expect(admins.users).toEqual([]);
    // LIKE wildcards are searched for literally.
    const wildcard = (await (await get("/api/admin/users/searchnonadmin?searchText=%25", admin.cookie)).json()) as { users: unknown[] };
    expect(wildcard.users).toEqual([]);
    for (const query of ["", "?searchText=", "?searchText=%20%20"]) {
      const response = await get(`/api/admin/users/searchnonadmin${query}`, admin.cookie);
      expect(response.status).toBe(400);
    }
  });
});

describe("role changes", () => {
  test("make admin, then a super admin removes it; answers are {message}", async () => {
    const admin = await server.createAdmin();
    const superAdmin = await server.createAdmin({ superAdmin: true });
    const user = await server.createUser({ displayName: "Future Admin" });
    const made = await patch("makeadmin", user.user.id, admin.cookie);
    expect(made.status).toBe(200);
    expect(await made.json()).toEqual({ message: "Future Admin is now an admin." });
    expect((await get("/api/admin/users", user.cookie)).status).toBe(200);
    expect((await patch("makeadmin", user.user.id, admin.cookie)).status).toBe(409);
    const removed = await patch("removeadmin", user.user.id, superAdmin.cookie);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ message: "Future Admin is no longer an admin." });
    expect((await get("/api/admin/users", user.cookie)).status).toBe(403);
    expect((await patch("removeadmin", user.user.id, superAdmin.cookie)).status).toBe(409);
  });

  test("a super admin promotes an admin; a super admin cannot be removed or promoted again", async () => {
    const superAdmin = await server.createAdmin({ superAdmin: true });
    const admin = await server.createAdmin();
    const user = await server.createUser();
    expect((await patch("makesuperadmin", user.user.id, superAdmin.cookie)).status).toBe(409);
    const promoted = await patch("makesuperadmin", admin.user.id, superAdmin.cookie);
    expect(promoted.status).toBe(200);
    expect((await reloadUser(server, admin.user.id))?.isSuperAdmin).toBe(true);
    expect((await patch("makesuperadmin", admin.user.id, superAdmin.cookie)).status).toBe(409);
    const remove = await patch("removeadmin", admin.user.id, superAdmin.cookie);
    expect(remove.status).toBe(403);
    expect(await remove.json()).toEqual({ message: "A super admin cannot be removed." });
  });

  test("forged, missing and wrongly typed ids get 404 or 400", async () => {
    const superAdmin = await server.createAdmin({ superAdmin: true });
    const missing = await patch("makeadmin", "01aaaaaaaaaaaaaaaaaaaaaaaa", superAdmin.cookie);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "No users matched those filters." });
    expect((await patch("makeadmin", 42, superAdmin.cookie)).status).toBe(400);
    expect((await patch("makeadmin", "", superAdmin.cookie)).status).toBe(400);
    expect((await server.request("/api/admin/users/makeadmin", { method: "PATCH", cookie: superAdmin.cookie, json: {} })).status).toBe(400);
  });

  test("a cross-origin role change is refused", async () => {
    const superAdmin = await server.createAdmin({ superAdmin: true });
    const user = await server.createUser();
    const response = await server.request("/api/admin/users/makeadmin", {
      method: "PATCH",
      cookie: superAdmin.cookie,
      headers: { origin: "https://evil.example" },
      json: { userID: user.user.id },
    });
    expect(response.status).toBe(403);
    expect((await reloadUser(server, user.user.id))?.isAdmin).toBe(false);
  });
});
