// Settings and the signed-in user's own account over HTTP: guards, profile, e-mail, password,
// photo, notification switches, header, and account deletion with everything it owns.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { bugReports, projectImages, projects, sessions, users } from "../db/schema";
import { newId } from "../src/lib/ids";
import { type TestServer, reloadUser, startTestServer } from "./helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);

const patchMe = (cookie: string, json: unknown) => server.request("/api/users/me", { method: "PATCH", cookie, json });
const uploadPhoto = (cookie: string, bytes: Uint8Array<ArrayBuffer>, name = "me.png", type = "image/png") => {
  const body = new FormData();
  body.set("photo", new File([bytes], name, { type }));
  return server.request("/api/users/me/photo", { method: "POST", cookie, body });
};

describe("guards", () => {
  test("signed-in-only pages send visitors to /; admin pages are decided before rendering", async () => {
    for (const path of ["/settings", "/settings/advanced"]) {
      const response = await server.request(path);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/");
    }
    expect((await server.request("/api/users/me")).status).toBe(401);
  });

  test("the settings pages render the sections of the spec", async () => {
    const { cookie } = await server.createUser({ displayName: "Grace Hopper" });
    const html = await (await server.request("/settings", { cookie })).text();
    for (const text of ["Membership", "Member since", "Customer", "Account", "Profile", "Appearance", "Grace Hopper"]) expect(html).toContain(text);
    const advanced = await (await server.request("/settings/advanced", { cookie })).text();
    for (const text of ["App notifications", "E-mail notifications", "General", "Announcements", "Social", "Delete account"]) {
      expect(advanced).toContain(text);
    }
    expect(html).toContain('data-island="theme-picker"');
  });
});

describe("signed-in header", () => {
  test("shows Dashboard, the profile menu links, and Admin only to admins", async () => {
    const { cookie } = await server.createUser();
    const html = await (await server.request("/settings", { cookie })).text();
    for (const text of ['href="/dashboard"', 'href="/create"', "Create a Webapp", 'href="/settings"', 'href="/terms"', "Report a Bug", "Sign out"]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/href="\/support" target="_blank" rel="noopener"/);
    expect(html).not.toContain('href="/admin"');
    expect(html).toContain("avatar-fallback");
    const admin = await server.createAdmin();
    expect(await (await server.request("/settings", { cookie: admin.cookie })).text()).toContain('href="/admin"');
  });

  test("the profile menu, reused between pages, shows a new name and theme on the next page", async () => {
    const { cookie } = await server.createUser({ displayName: "Menu Before" });
    const menuOf = async () =>
      /<details class="profile-menu">[\s\S]*?<\/details>/.exec(await (await server.request("/settings", { cookie })).text())?.[0] ?? "";
    const first = await menuOf();
    expect(first).toContain("Menu Before");
    // The second page reuses the first one's menu, word for word.
    expect(await menuOf()).toBe(first);
    expect((await patchMe(cookie, { displayName: "Menu After" })).status).toBe(200);
    const renamed = await menuOf();
    expect(renamed).toContain("Menu After");
    expect(renamed).not.toContain("Menu Before");
    expect((await server.request("/api/users/me/settings", { method: "PATCH", cookie, json: { path: "theme.tintColor", value: 3 } })).status).toBe(200);
    expect(await menuOf()).not.toBe(renamed);
  });

  test("a rotated admin key revokes the role at once", async () => {
    const admin = await server.createAdmin();
    await server.deps.database.db.update(users).set({ adminKey: "old-key" }).where(eq(users.id, admin.user.id));
    expect(await (await server.request("/settings", { cookie: admin.cookie })).text()).not.toContain('href="/admin"');
    expect((await server.request("/api/admin/users", { cookie: admin.cookie })).status).toBe(403);
  });
});

describe("profile and account", () => {
  test("a display name is saved only when it differs", async () => {
    const { cookie, user } = await server.createUser({ displayName: "Old Name" });
    const same = await patchMe(cookie, { displayName: "Old Name" });
    expect(await same.json()).toMatchObject({ message: "Nothing changed." });
    const changed = await patchMe(cookie, { displayName: "  New   Name " });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ message: "Your profile has been updated.", user: { displayName: "New Name" } });
    expect((await reloadUser(server, user.id))?.displayName).toBe("New Name");
    expect((await patchMe(cookie, { displayName: "   " })).status).toBe(400);
  });

  test("changing the e-mail needs the current password", async () => {
    const { cookie, user, password } = await server.createUser();
    const without = await patchMe(cookie, { email: "new-address@example.com" });
    expect(without.status).toBe(400);
    const wrong = await patchMe(cookie, { email: "new-address@example.com", currentPassword: "wrong" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: "The current password is incorrect." });
    expect((await reloadUser(server, user.id))?.email).toBe(user.email);
    const ok = await patchMe(cookie, { email: "New-Address@example.com", currentPassword: password });
    expect(ok.status).toBe(200);
    expect((await reloadUser(server, user.id))?.email).toBe("new-address@example.com");
  });

  test("an e-mail owned by someone else gets 409", async () => {
    const other = await server.createUser();
    const { cookie, password } = await server.createUser();
    const response = await patchMe(cookie, { email: other.user.email, currentPassword: password });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "The email address is already in use by another account." });
  });

  test("a body that tries to set isAdmin is refused, on /me and on /me/settings", async () => {
    const { cookie, user } = await server.createUser();
    // Unknown names are refused with 400 naming them, and nothing of the request is applied.
    const forged = await patchMe(cookie, { displayName: "Mallory", isAdmin: true, adminKey: "test-admin-key" });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { message: string }).message).toBe("These fields cannot be set here: isAdmin, adminKey.");
    const settings = await server.request("/api/users/me/settings", { method: "PATCH", cookie, json: { path: "isAdmin", value: true } });
    expect(settings.status).toBe(400);
    const proto = await server.request("/api/users/me/settings", { method: "PATCH", cookie, json: { path: "__proto__.isAdmin", value: true } });
    expect(proto.status).toBe(400);
    const smuggled = await server.request("/api/users/me/settings", { method: "PATCH", cookie, json: { path: "theme.themeColor", value: 1, isAdmin: true } });
    expect(smuggled.status).toBe(400);
    const reloaded = await reloadUser(server, user.id);
    expect(reloaded?.isAdmin).toBe(false);
    expect(reloaded?.adminKey).toBeNull();
    expect(reloaded?.displayName).toBe(user.displayName);
    expect(Object.keys(reloaded?.settings ?? {}).sort()).toEqual(["appNotifications", "emailNotifications", "theme"]);
    expect((await server.request("/api/admin/users", { cookie })).status).toBe(403);
  });

  test("changing the password signs out the other sessions but keeps this one", async () => {
    const { cookie, user, password } = await server.createUser();
    const other = await server.createUser({ email: `x-${user.id}@example.com` });
    const { createSession } = await import("../src/http/sessions");
    const second = `session=${(await createSession(server.deps.database.db, user.id)).token}`;
    const wrong = await server.request("/api/users/me/password", { method: "PATCH", cookie, json: { currentPassword: "nope", password: "new-pass-1" } });
    expect(wrong.status).toBe(400);
    const weak = await server.request("/api/users/me/password", { method: "PATCH", cookie, json: { currentPassword: password, password: "123" } });
    expect(await weak.json()).toMatchObject({ message: "weak password (must be 6 characters or more)" });
    const ok = await server.request("/api/users/me/password", { method: "PATCH", cookie, json: { currentPassword: password, password: "new-pass-1" } });
    expect(ok.status).toBe(200);
    expect((await server.request("/api/users/me", { cookie })).status).toBe(200);
    expect((await server.request("/api/users/me", { cookie: second })).status).toBe(401);
    expect((await server.request("/api/users/me", { cookie: other.cookie })).status).toBe(200);
  });

  test("notification switches save; the general app switch is locked on", async () => {
    const { cookie, user } = await server.createUser();
    const off = await server.request("/api/users/me/settings", { method: "PATCH", cookie, json: { path: "emailNotifications.socialEnabled", value: false } });
    expect(off.status).toBe(200);
    const locked = await server.request("/api/users/me/settings", { method: "PATCH", cookie, json: { path: "appNotifications.generalEnabled", value: false } });
    expect(locked.status).toBe(400);
    const settings = (await reloadUser(server, user.id))?.settings;
    expect(settings?.emailNotifications.socialEnabled).toBe(false);
    expect(settings?.appNotifications.generalEnabled).toBe(true);
  });
});

describe("photo", () => {
  test("an image is stored under users/{id}/photo and replaces the previous one", async () => {
    const { cookie, user } = await server.createUser();
    const first = await uploadPhoto(cookie, PNG);
    expect(first.status).toBe(200);
    const { photoURL } = (await first.json()) as { photoURL: string };
    expect(photoURL).toStartWith(`/uploads/users/${user.id}/photo/`);
    expect((await server.request(photoURL)).status).toBe(200);
    const firstKey = (await reloadUser(server, user.id))?.photoKey;
    const second = (await (await uploadPhoto(cookie, PNG)).json()) as { photoURL: string };
    expect(second.photoURL).not.toBe(photoURL);
    expect(await server.deps.storage.get(firstKey!)).toBeNull();
    expect((await reloadUser(server, user.id))?.photoURL).toBe(second.photoURL);
  });

  test("anything that is not an image, or too large, is refused and changes nothing", async () => {
    const { cookie, user } = await server.createUser();
    const svg = await uploadPhoto(cookie, new TextEncoder().encode("<svg onload=alert(1)></svg>"), "x.png", "image/png");
    expect(svg.status).toBe(415);
    const huge = new Uint8Array(3 * 1024 * 1024);
    huge.set(PNG);
    expect((await uploadPhoto(cookie, huge)).status).toBe(413);
    expect((await reloadUser(server, user.id))?.photoURL).toBeNull();
    expect((await uploadPhoto("session=stolen", PNG)).status).toBe(401);
  });
});

describe("account deletion", () => {
  test("deletes the user, their sessions, projects, images and photo; bug reports stay without a reporter", async () => {
    const { cookie, user, password } = await server.createUser();
    await uploadPhoto(cookie, PNG);
    const photoKey = (await reloadUser(server, user.id))?.photoKey;
    const db = server.deps.database.db;
    const projectId = newId();
    await db.insert(projects).values({
      id: projectId,
      creatorId: user.id,
      projectName: "Mine",
      projectType: "s",
      creatorName: "Me",
      creatorPhoneNumber: "1",
      domainProviderURL: "https://d.example",
      projectDomainURL: "https://p.example",
      domainProviderUsername: "u",
      domainProviderPasswordEnc: server.deps.sealer.seal("p"),
      heroTitle: "t",
      heroMessage: "m",
      pagesText: ["a", "b"],
      selectedThemes: [0],
      defaultTheme: 0,
      selectedTintColors: [0],
      defaultTintColor: 0,
      borderRadius: "rounded",
      buttonBorderRadius: "pill",
      subscriptionTiers: [],
    });
    const imageKey = `projects/${projectId}/logos/${newId()}.png`;
    const url = await server.deps.storage.put(imageKey, PNG, "image/png");
    await db.insert(projectImages).values({ id: newId(), projectId, kind: "logo", position: 0, storageKey: imageKey, url });
    const report = await server.request("/api/bugreports", { method: "POST", cookie, json: { title: "Broken", description: "It broke" } });
    expect(report.status).toBe(201);

    const response = await server.request("/api/users/me", { method: "DELETE", cookie, json: { currentPassword: password } });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()[0]).toContain("Max-Age=0");
    expect(await reloadUser(server, user.id)).toBeUndefined();
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await db.select().from(projects).where(eq(projects.creatorId, user.id))).toEqual([]);
    expect(await db.select().from(projectImages).where(eq(projectImages.projectId, projectId))).toEqual([]);
    expect(await server.deps.storage.get(imageKey)).toBeNull();
    expect(await server.deps.storage.get(photoKey!)).toBeNull();
    const [kept] = await db.select().from(bugReports).where(eq(bugReports.title, "Broken"));
    expect(kept?.reporterId).toBeNull();
    expect((await server.request("/api/users/me", { cookie })).status).toBe(401);
  });

  test("a cross-origin deletion is refused", async () => {
    const { cookie, user, password } = await server.createUser();
    const response = await server.request("/api/users/me", {
      method: "DELETE",
      cookie,
      json: { currentPassword: password },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(await reloadUser(server, user.id)).toBeDefined();
  });

  test("the only super admin cannot delete their account", async () => {
    const solo = await startTestServer();
    try {
      const { cookie, user, password } = await solo.createAdmin({ superAdmin: true });
      const response = await solo.request("/api/users/me", { method: "DELETE", cookie, json: { currentPassword: password } });
      expect(response.status).toBe(409);
      expect(await reloadUser(solo, user.id)).toBeDefined();
    } finally {
      await solo.stop();
    }
  });
});

describe("bug reports", () => {
  test("need a signed-in user, a title and a description", async () => {
    expect((await server.request("/api/bugreports", { method: "POST", json: { title: "a", description: "b" } })).status).toBe(401);
    const { cookie } = await server.createUser();
    const blank = await server.request("/api/bugreports", { method: "POST", cookie, json: { title: " ", description: "" } });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ message: "Title cannot be blank." });
    const ok = await server.request("/api/bugreports", { method: "POST", cookie, json: { title: "Menu", description: "Does not close" } });
    expect(await ok.json()).toMatchObject({ message: "Thank you! Your bug report has been sent." });
  });
});
