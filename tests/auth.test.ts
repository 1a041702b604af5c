// Sign-up, sign-in, sign-out, password reset and the temporary-password step, over HTTP, as
// a user and as an attacker sees them. Mail is read from a real SMTP server on loopback.
import { afterAll, beforeAll, describe, expect, setSystemTime, test } from "bun:test";
import { eq } from "drizzle-orm";
import { passwordResetTokens, sessions, users } from "../db/schema";
import { loadConfig } from "../src/config";
import { ensureSuperAdmin } from "../src/features/auth/bootstrap";
import { hashPassword } from "../src/features/auth/passwords";
import { signInUser } from "../src/features/auth/service";
import { queuedMails } from "./helpers/mail-jobs";
import { type TestServer, reloadUser, startTestServer } from "./helpers/server";
import { type SmtpCapture, startSmtpCapture } from "./helpers/smtp";

let server: TestServer;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  // TRUST_PROXY lets each test come from its own address, so rate limits do not leak between tests.
  server = await startTestServer({ SMTP_URL: smtp.url, TRUST_PROXY: "1" });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

let ipCounter = 0;
const newIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const uniqueEmail = () => `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;

function api(path: string, json: unknown, init: { cookie?: string; ip?: string; method?: string } = {}) {
  return server.request(path, {
    method: init.method ?? "POST",
    json,
    cookie: init.cookie,
    headers: { "x-forwarded-for": init.ip ?? newIp() },
  });
}

function form(path: string, fields: Record<string, string>, ip = newIp()) {
  return server.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
    body: new URLSearchParams(fields).toString(),
  });
}

const sessionOf = (response: Response): string => {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("session=") && !c.startsWith("session=;"));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  return cookie.split(";")[0]!;
};

async function register(email = uniqueEmail(), password = "secret123") {
  const response = await api("/api/auth/register", { email, displayName: "Ada Lovelace", password });
  expect(response.status).toBe(201);
  return { email, password, cookie: sessionOf(response), body: (await response.json()) as { user: { _id: string } } };
}

const me = (cookie: string) => server.request("/api/users/me", { cookie });

describe("registration", () => {
  test("creates the user, answers 201 with a session cookie and never the hash", async () => {
    const email = uniqueEmail();
    const response = await api("/api/auth/register", { email: `  ${email.toUpperCase()} `, displayName: " Ada  Lovelace ", password: "secret123" });
    expect(response.status).toBe(201);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("session="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");
    const body = (await response.json()) as { user: Record<string, unknown> };
    expect(body.user.email).toBe(email);
    expect(body.user.displayName).toBe("Ada Lovelace");
    expect(JSON.stringify(body)).not.toContain("argon2");
    expect(body.user).not.toHaveProperty("passwordHash");
    expect(body.user).not.toHaveProperty("adminKey");
    expect((await me(cookie.split(";")[0]!)).status).toBe(200);
    const [stored] = await server.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(stored?.passwordHash).toStartWith("$argon2id$");
  });

  test("a password under 6 characters is refused with the spec's message", async () => {
    const response = await api("/api/auth/register", { email: uniqueEmail(), displayName: "Ada", password: "12345" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "weak password (must be 6 characters or more)" });
  });

  test("missing or malformed fields get 400 naming each field", async () => {
    const response = await api("/api/auth/register", { email: "not-an-email", displayName: "   ", password: "" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).toEqual(["displayName", "email", "password"]);
    expect((await api("/api/auth/register", { email: 5, displayName: [], password: null })).status).toBe(400);
    expect((await api("/api/auth/register", {})).status).toBe(400);
  });

  test("an e-mail already in use gets 409 and the spec's message, whatever its case", async () => {
    const { email } = await register();
    const response = await api("/api/auth/register", { email: email.toUpperCase(), displayName: "Other", password: "another1" });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "The email address is already in use by another account." });
  });

  test("the HTML form signs up without JavaScript and redirects to /dashboard", async () => {
    const response = await form("/register", { email: uniqueEmail(), displayName: "Form User", password: "secret123" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/dashboard");
    expect((await me(sessionOf(response))).status).toBe(200);
  });

  test("a refused form comes back with the error and the typed values (never the password)", async () => {
    const response = await form("/register", { email: "ada@example.com", displayName: "Ada <b>L</b>", password: "abc" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("weak password (must be 6 characters or more)");
    expect(html).toContain('value="ada@example.com"');
    expect(html).toContain('value="Ada &lt;b&gt;L&lt;/b&gt;"');
    expect(html).not.toContain('value="abc"');
  });
});

describe("sign-in and sign-out", () => {
  test("a wrong password and an unknown e-mail get the same answer", async () => {
    const { email } = await register();
    const wrong = await api("/api/auth/login", { email, password: "wrong-password" });
    const unknown = await api("/api/auth/login", { email: uniqueEmail(), password: "wrong-password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  test("every sign-in gets a new token, only its hash is stored", async () => {
    const { email, password, cookie } = await register();
    const first = sessionOf(await api("/api/auth/login", { email, password }));
    const second = sessionOf(await api("/api/auth/login", { email, password }));
    expect(new Set([cookie, first, second]).size).toBe(3);
    const rows = await server.deps.database.db.select({ id: sessions.id }).from(sessions);
    for (const token of [cookie, first, second].map((c) => c.split("=")[1]!)) {
      expect(rows.some((row) => row.id === token)).toBe(false);
    }
  });

  test("a cookie stolen before logout is useless after it", async () => {
    const { cookie } = await register();
    expect((await me(cookie)).status).toBe(200);
    const out = await api("/api/auth/logout", undefined, { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toContain("Max-Age=0");
    expect((await me(cookie)).status).toBe(401);
    expect((await server.request("/settings", { cookie })).headers.get("location")).toBe("/");
  });

  test("the HTML sign-in form redirects to /dashboard; the sign-out form to /", async () => {
    const { email, password } = await register();
    const response = await form("/login", { email, password });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/dashboard");
    const cookie = sessionOf(response);
    const out = await server.request("/logout", { method: "POST", cookie });
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/");
    expect((await me(cookie)).status).toBe(401);
  });

  test("a refused sign-in form keeps the e-mail and shows one message", async () => {
    const response = await form("/login", { email: "nobody@example.com", password: "whatever" });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain("The e-mail or password you entered is incorrect.");
    expect(html).toContain('value="nobody@example.com"');
  });

  test("the pages carry the spec's titles, links and the splash texts", async () => {
    const login = await (await server.request("/login")).text();
    expect(login).toContain("Sign in to your account");
    expect(login).toContain("Forgot Password?");
    expect(login).toContain('href="/register"');
    expect(login).toContain('data-splash="Logging you in"');
    expect(login).not.toContain("Continue with Google"); // GOOGLE_CLIENT_ID is not set here
    const registerPage = await (await server.request("/register")).text();
    expect(registerPage).toContain("Create your account");
    expect(registerPage).toContain('href="/login"');
    expect(await (await server.request("/reset")).text()).toContain("Reset your password");
    const { cookie } = await register();
    expect(await (await server.request("/settings", { cookie })).text()).toContain('data-splash="Logging you out"');
  });

  test("guest-only pages send signed-in users to /dashboard", async () => {
    const { cookie } = await register();
    for (const path of ["/login", "/register", "/reset"]) {
      const response = await server.request(path, { cookie });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/dashboard");
    }
  });

  test("a cross-origin sign-in or sign-out is refused", async () => {
    const { email, password, cookie } = await register();
    const login = await server.request("/api/auth/login", { method: "POST", json: { email, password }, headers: { origin: "https://evil.example" } });
    expect(login.status).toBe(403);
    const logout = await server.request("/logout", { method: "POST", cookie, headers: { origin: "https://evil.example" } });
    expect(logout.status).toBe(403);
    expect((await me(cookie)).status).toBe(200);
  });
});

describe("rate limits", () => {
  // A limit per e-mail across addresses let any stranger lock the owner out for 15
  // minutes. Failures now slow the guessing address on that account (tests/sign-in-trust.test.ts).
  test("wrong passwords slow the guessing address with a clear 429; the owner's address is not held", async () => {
    const { email, password } = await register();
    const ip = newIp();
    let last: Response | null = null;
    for (let i = 0; i < 11; i++) last = await api("/api/auth/login", { email, password: "wrong-one" }, { ip });
    expect(last?.status).toBe(429);
    const body = (await last!.json()) as { message: string };
    expect(body.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ (minutes|seconds|second)\.$/);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    // The guesser waits even with the right password; the owner elsewhere does not.
    expect((await api("/api/auth/login", { email, password }, { ip })).status).toBe(429);
    expect((await api("/api/auth/login", { email, password })).status).toBe(200);
  });

  test("sign-in is limited per address across e-mails", async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await api("/api/auth/login", { email: `x${i}@example.com`, password: "x" }, { ip })).status);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is not affected.
    expect((await api("/api/auth/login", { email: "x0@example.com", password: "x" })).status).toBe(401);
  });

  test("registration and reset requests are limited per address", async () => {
    const ip = newIp();
    const registrations: number[] = [];
    for (let i = 0; i < 11; i++)
      registrations.push((await api("/api/auth/register", { email: uniqueEmail(), displayName: "Bot", password: "secret123" }, { ip })).status);
    expect(registrations[10]).toBe(429);
    const resets: number[] = [];
    for (let i = 0; i < 11; i++) resets.push((await api("/api/auth/reset", { email: uniqueEmail() }, { ip })).status);
    expect(resets.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(resets[10]).toBe(429);
  });

  test("the limit is kept in the database, shared by every app instance", async () => {
    const { email, password } = await register();
    const ip = newIp();
    for (let i = 0; i < 6; i++) await api("/api/auth/login", { email, password: "wrong" }, { ip });
    // A second instance on the same database sees the same counters.
    const { createApp } = await import("../src/app");
    const { createFetchHandler } = await import("../src/http/server");
    const { createLogger } = await import("../src/lib/log");
    const other = createApp(server.deps);
    const handler = createFetchHandler(
      (request) => other.handle(request),
      { ...server.deps.config, trustProxy: true },
      createLogger({ format: "json", sink: { write() {} } }),
    );
    const response = await handler(
      new Request(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify({ email, password }),
      }),
      { requestIP: () => ({ address: "127.0.0.1", family: "IPv4", port: 1 }) } as never,
    );
    expect(response.status).toBe(429);
  });
});

describe("password reset", () => {
  const linkIn = (text: string): string => {
    const match = text.match(/https?:\/\/\S+\/reset\?token=([A-Za-z0-9_%-]+)/);
    if (!match) throw new Error(`no reset link in ${text}`);
    return decodeURIComponent(match[1]!);
  };

  test("answers the same for unknown e-mails and sends no mail", async () => {
    const email = uniqueEmail();
    const response = await api("/api/auth/reset", { email });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Check your email for a link to reset your password." });
    // Mail leaves through the job queue: none queued by the time of the answer is none ever sent.
    expect(await queuedMails(server.deps.database.db, email)).toEqual([]);
    expect(smtp.messages.some((m) => m.envelopeTo.includes(email))).toBe(false);
  });

  test("the mailed link sets a new password, signs in, and revokes every other session", async () => {
    const { email, cookie: oldSession } = await register();
    const response = await api("/api/auth/reset", { email });
    expect(await response.json()).toEqual({ message: "Check your email for a link to reset your password." });
    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes(email));
    const token = linkIn(mail.text);
    const [stored] = await server.deps.database.db.select().from(passwordResetTokens);
    expect(stored?.id).not.toBe(token); // only the hash is stored

    const page = await server.request(`/reset?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    expect(await page.text()).toContain("Choose a new password");

    const confirm = await api("/api/auth/reset/confirm", { token, password: "brand-new-pass" });
    expect(confirm.status).toBe(200);
    const fresh = sessionOf(confirm);
    expect((await me(fresh)).status).toBe(200);
    expect((await me(oldSession)).status).toBe(401);
    expect((await api("/api/auth/login", { email, password: "secret123" })).status).toBe(401);
    expect((await api("/api/auth/login", { email, password: "brand-new-pass" })).status).toBe(200);
  });

  test("a replayed token is refused and changes nothing", async () => {
    const { email } = await register();
    await api("/api/auth/reset", { email });
    const token = linkIn((await smtp.waitForMail((m) => m.envelopeTo.includes(email))).text);
    expect((await api("/api/auth/reset/confirm", { token, password: "first-new" })).status).toBe(200);
    const replay = await api("/api/auth/reset/confirm", { token, password: "attacker-pass" });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { message: string }).message).toContain("invalid or has expired");
    expect((await api("/api/auth/login", { email, password: "first-new" })).status).toBe(200);
    expect((await server.request(`/reset?token=${token}`)).status).toBe(400);
  });

  test("an expired token is refused", async () => {
    const { email } = await register();
    await api("/api/auth/reset", { email });
    const token = linkIn((await smtp.waitForMail((m) => m.envelopeTo.includes(email))).text);
    const user = await server.deps.database.db.select().from(users).where(eq(users.email, email));
    await server.deps.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user[0]!.id));
    expect((await api("/api/auth/reset/confirm", { token, password: "too-late-1" })).status).toBe(400);
    expect((await api("/api/auth/login", { email, password: "secret123" })).status).toBe(200);
  });

  test("a forged token and a weak password are refused", async () => {
    expect((await api("/api/auth/reset/confirm", { token: "forged", password: "whatever1" })).status).toBe(400);
    const weak = await api("/api/auth/reset/confirm", { token: "forged", password: "123" });
    expect(await weak.json()).toMatchObject({ message: "weak password (must be 6 characters or more)" });
  });

  test("the HTML reset flow works without JavaScript", async () => {
    const { email } = await register();
    const request = await form("/reset", { email });
    expect(request.status).toBe(200);
    expect(await request.text()).toContain("Check your email for a link to reset your password.");
    const token = linkIn((await smtp.waitForMail((m) => m.envelopeTo.includes(email))).text);
    const confirm = await form("/reset/confirm", { token, password: "via-the-form", confirm: "via-the-form" });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get("location")).toBe("/dashboard");
    expect((await me(sessionOf(confirm))).status).toBe(200);
  });
});

describe("temporary passwords", () => {
  async function visitor(expiresInMs: number) {
    const email = uniqueEmail();
    await server.createUser({
      email,
      password: "Tmp12345",
      mustChangePassword: true,
      passwordExpiresAt: new Date(Date.now() + expiresInMs),
    });
    return email;
  }

  test("signing in with one grants no session until a new password is chosen", async () => {
    const email = await visitor(60_000);
    const response = await api("/api/auth/login", { email, password: "Tmp12345" });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const body = (await response.json()) as { mustChangePassword: boolean; ticket: string };
    expect(body.mustChangePassword).toBe(true);
    const done = await api("/api/auth/login/new-password", { ticket: body.ticket, password: "my-own-pass" });
    expect(done.status).toBe(200);
    expect((await me(sessionOf(done))).status).toBe(200);
    // The ticket is bound to the old password: it cannot be used twice.
    expect((await api("/api/auth/login/new-password", { ticket: body.ticket, password: "attacker1" })).status).toBe(400);
    const [user] = await server.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.mustChangePassword).toBe(false);
    expect(user?.passwordExpiresAt).toBeNull();
    expect((await api("/api/auth/login", { email, password: "my-own-pass" })).status).toBe(200);
  });

  const stepCookieOf = (response: Response): string => {
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("password-step=") && !c.startsWith("password-step=;"));
    if (!cookie) throw new Error(`no step cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
    return cookie.split(";")[0]!;
  };

  test("the HTML sign-in leads to the step at its own address, which a detour or a reload finds again", async () => {
    const email = await visitor(60_000);
    const response = await form("/login", { email, password: "Tmp12345" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/choose-password");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(false);
    const step = stepCookieOf(response);
    // The ticket is in an HttpOnly cookie, never in the page.
    expect(response.headers.getSetCookie().find((c) => c.startsWith("password-step="))).toContain("HttpOnly");
    const shown = await server.request("/choose-password", { cookie: step });
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain("Choose a new password");
    expect(html).toContain(email);
    expect(html).not.toContain('name="ticket"');
    // Any page, the landing page and the sign-in page included, leads back to the step.
    for (const path of ["/dashboard", "/", "/login", "/settings"]) {
      const detour = await server.request(path, { cookie: step });
      expect(detour.status).toBe(303);
      expect(detour.headers.get("location")).toBe("/choose-password");
    }
    // One error at a time: a common password is named once; a mismatch only once the password passes.
    const common = await server.request("/choose-password", {
      method: "POST",
      cookie: step,
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newIp() },
      body: new URLSearchParams({ password: "123456", confirm: "654321" }).toString(),
    });
    expect(common.status).toBe(400);
    const commonHtml = await common.text();
    expect(commonHtml.match(/too common/g)).toHaveLength(1);
    expect(commonHtml).not.toContain("do not match");
    const mismatch = await server.request("/choose-password", {
      method: "POST",
      cookie: step,
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newIp() },
      body: new URLSearchParams({ password: "chosen-pass", confirm: "chosen-pazz" }).toString(),
    });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.text()).match(/The two passwords do not match\./g)).toHaveLength(1);
    const done = await server.request("/choose-password", {
      method: "POST",
      cookie: step,
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newIp() },
      body: new URLSearchParams({ password: "chosen-pass", confirm: "chosen-pass" }).toString(),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/dashboard?welcome=first");
    expect(done.headers.getSetCookie().some((c) => c.startsWith("password-step=;") && c.includes("Max-Age=0"))).toBe(true);
    const dashboard = await server.request("/dashboard?welcome=first", { cookie: sessionOf(done) });
    expect(dashboard.status).toBe(200);
    const greeting = await dashboard.text();
    expect(greeting).toContain("Password saved.");
    expect(greeting).toContain("Welcome, ");
    expect(greeting).not.toContain("Welcome back");
    // A second tab still showing the step sends its form after all: it is signed in and goes on.
    const secondTab = await server.request("/choose-password", {
      method: "POST",
      cookie: `${step}; ${sessionOf(done)}`,
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newIp() },
      body: new URLSearchParams({ password: "other-pass", confirm: "other-pass" }).toString(),
    });
    expect(secondTab.status).toBe(303);
    expect(secondTab.headers.get("location")).toBe("/dashboard");
    // The step is used up: the same cookie now says so and is cleared.
    const again = await server.request("/choose-password", { cookie: step });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This step has expired. Sign in again with your temporary password.");
  });

  test("the step expires with its ticket: the page says so, forgets the step, and the pages are a visitor's again", async () => {
    const email = await visitor(24 * 60 * 60_000);
    const step = stepCookieOf(await form("/login", { email, password: "Tmp12345" }));
    const now = Date.now();
    try {
      setSystemTime(new Date(now + 16 * 60_000));
      const expired = await server.request("/choose-password", { cookie: step });
      expect(expired.status).toBe(400);
      expect(await expired.text()).toContain("This step has expired. Sign in again with your temporary password.");
      expect(expired.headers.getSetCookie().some((c) => c.startsWith("password-step=;"))).toBe(true);
      const late = await server.request("/choose-password", {
        method: "POST",
        cookie: step,
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newIp() },
        body: new URLSearchParams({ password: "chosen-pass", confirm: "chosen-pass" }).toString(),
      });
      expect(late.status).toBe(400);
      expect(late.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(false);
    } finally {
      setSystemTime();
    }
    // Without the cookie (the browser dropped it) the step's address is the sign-in page.
    const none = await server.request("/choose-password");
    expect(none.status).toBe(303);
    expect(none.headers.get("location")).toBe("/login");
    // Signing out ends a pending step too.
    const out = await server.request("/logout", { method: "POST", cookie: step, headers: { origin: new URL(server.url).origin } });
    expect(out.headers.getSetCookie().some((c) => c.startsWith("password-step=;"))).toBe(true);
  });

  test("an expired temporary password is refused with a clear message", async () => {
    const email = await visitor(-1000);
    const response = await api("/api/auth/login", { email, password: "Tmp12345" });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toContain("temporary password has expired");
    // A wrong password still gets the generic message.
    expect(await (await api("/api/auth/login", { email, password: "nope-nope" })).json()).toEqual({
      message: "The e-mail or password you entered is incorrect.",
    });
  });

  test("a forged ticket is refused", async () => {
    expect((await api("/api/auth/login/new-password", { ticket: "v1.forged.ticket.x", password: "whatever1" })).status).toBe(400);
  });
});

describe("helpers for other features", () => {
  test("signInUser returns a session cookie for the user; hashPassword makes argon2id hashes", async () => {
    const { user } = await server.createUser();
    const cookie = await signInUser(server.deps, user.id);
    expect(cookie).toContain("HttpOnly");
    expect((await me(cookie.split(";")[0]!)).status).toBe(200);
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`pw-${i}`)));
    expect(hashes.every((h) => h.startsWith("$argon2id$"))).toBe(true);
    expect(await Bun.password.verify("pw-3", hashes[3]!)).toBe(true);
  });

  test("Secure cookies under an https PUBLIC_URL", async () => {
    const cookie = await signInUser({ ...server.deps, config: { ...server.deps.config, secureCookies: true } }, (await server.createUser()).user.id);
    expect(cookie).toContain("Secure");
  });
});

describe("bootstrap", () => {
  test("creates the super admin once from SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD, which must be replaced at its first sign-in", async () => {
    const email = uniqueEmail();
    const config = loadConfig({
      NODE_ENV: "test",
      SUPER_ADMIN_EMAIL: email,
      SUPER_ADMIN_PASSWORD: "boot-pass-1",
      ADMIN_KEY: server.deps.config.adminKey,
      SUPER_ADMIN_KEY: server.deps.config.superAdminKey,
    });
    expect(await ensureSuperAdmin(server.deps.database.db, config)).toBe("created");
    expect(await ensureSuperAdmin(server.deps.database.db, config)).toBe("exists");
    expect(await ensureSuperAdmin(server.deps.database.db, loadConfig({ NODE_ENV: "test" }))).toBe("skipped");
    // The variable's password opens only the choose-a-new-password step (tests/bootstrap-admin.test.ts).
    const login = await api("/api/auth/login", { email, password: "boot-pass-1" });
    expect(login.status).toBe(200);
    expect(login.headers.getSetCookie()).toEqual([]);
    expect(((await login.json()) as { mustChangePassword: boolean }).mustChangePassword).toBe(true);
    const [row] = await server.deps.database.db.select().from(users).where(eq(users.email, email));
    expect((await reloadUser(server, row!.id))?.isSuperAdmin).toBe(true);
  });
});
