// The bootstrap super admin (SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD) tried as an attacker who
// learnt the variable: its password opens only the choose-a-new-password step, and the session
// that step gives is held to setting up a second factor before any admin power (decision 080).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { COMMON_SUPER_ADMIN_PASSWORD } from "../src/config";
import { type TestServer, startTestServer } from "./helpers/server";

const EMAIL = "boot-admin@example.com";
// Common: outside production the server starts with it, warning (config.test.ts: production refuses).
const PASSWORD = "sunshine";
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ SUPER_ADMIN_EMAIL: EMAIL, SUPER_ADMIN_PASSWORD: PASSWORD, REQUIRE_ADMIN_MFA: "on" });
}, 60_000);
afterAll(() => server.stop());

const post = (path: string, json: unknown, cookie?: string) => server.request(path, { method: "POST", json, cookie });

const sessionOf = (response: Response): string => {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("session=") && !c.startsWith("session=;"));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  return cookie.split(";")[0]!;
};

describe(`the bootstrap super admin on ${process.env.TEST_DATABASE_URL ? "Postgres" : "PGlite"}`, () => {
  test("a common SUPER_ADMIN_PASSWORD outside production is a warning naming the variable, not the password", () => {
    const warning = server.logs.find((line) => line.includes(COMMON_SUPER_ADMIN_PASSWORD));
    expect(warning).toBeDefined();
    expect(warning).not.toContain(PASSWORD);
  });

  test("its first sign-in only chooses a password, and the new session must set up two-factor before the admin API", async () => {
    const login = await post("/api/auth/login", { email: EMAIL, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.headers.getSetCookie()).toEqual([]);
    const step = (await login.json()) as { mustChangePassword: boolean; ticket: string };
    expect(step.mustChangePassword).toBe(true);

    // The common-password rule of every other password applies here too.
    expect((await post("/api/auth/login/new-password", { ticket: step.ticket, password: "password1" })).status).toBe(400);
    const chosen = await post("/api/auth/login/new-password", { ticket: step.ticket, password: "my very own boot pass" });
    expect(chosen.status).toBe(200);
    const cookie = sessionOf(chosen);

    const adminCall = await server.request("/api/admin/users", { cookie });
    expect(adminCall.status).toBe(403);
    expect(((await adminCall.json()) as { message: string }).message).toContain("two-factor");
    const console = await server.request("/admin", { cookie });
    expect(console.status).toBe(303);
    expect(console.headers.get("location")).toBe("/settings/security?setup=required");

    // The variable's password is spent.
    expect((await post("/api/auth/login", { email: EMAIL, password: PASSWORD })).status).toBe(401);
  });
});

describe("the bootstrap super admin through the HTML forms", () => {
  test("the step at /choose-password leads, once the password is chosen, to setting up two-factor (decisions 080 and 096)", async () => {
    const other = await startTestServer({ SUPER_ADMIN_EMAIL: "boot-form@example.com", SUPER_ADMIN_PASSWORD: "boot-form-pass", REQUIRE_ADMIN_MFA: "on" });
    try {
      const form = (path: string, fields: Record<string, string>, cookie?: string) =>
        other.request(path, {
          method: "POST",
          cookie,
          headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(other.url).origin },
          body: new URLSearchParams(fields).toString(),
        });
      const login = await form("/login", { email: "boot-form@example.com", password: "boot-form-pass" });
      expect(login.status).toBe(303);
      expect(login.headers.get("location")).toBe("/choose-password");
      const step =
        login.headers
          .getSetCookie()
          .find((c) => c.startsWith("password-step="))
          ?.split(";")[0] ?? "";
      expect((await other.request("/admin", { cookie: step })).headers.get("location")).toBe("/choose-password");
      const chosen = await form("/choose-password", { password: "my very own boot pass", confirm: "my very own boot pass" }, step);
      expect(chosen.status).toBe(303);
      expect(chosen.headers.get("location")).toBe("/settings/security?setup=required");
      const cookie = sessionOf(chosen);
      expect((await other.request("/api/admin/users", { cookie })).status).toBe(403);
    } finally {
      await other.stop();
    }
  }, 60_000);
});
