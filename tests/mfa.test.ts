// Two-factor authentication and signed-in devices over HTTP (decision 028): setting TOTP up,
// signing in with a code or a recovery code, codes refused when reused, the admin console closed
// to admins without a second factor (REQUIRE_ADMIN_MFA), a super admin's reset, and the sessions list.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { eq } from "drizzle-orm";
import { recoveryCodes, sessions } from "../db/schema";
import { queuedMails } from "./helpers/mail-jobs";
import { type TestServer, reloadUser, startTestServer } from "./helpers/server";

let server: TestServer;
beforeAll(async () => {
  // TRUST_PROXY lets each test come from its own address, so throttling does not leak between tests.
  server = await startTestServer({ TRUST_PROXY: "1", REQUIRE_ADMIN_MFA: "on" });
});
afterAll(() => server.stop());

let ipCounter = 0;
const newIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function api(path: string, json?: unknown, init: { cookie?: string; ip?: string; method?: string; userAgent?: string } = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": init.ip ?? newIp() };
  if (init.userAgent) headers["user-agent"] = init.userAgent;
  return server.request(path, { method: init.method ?? (json === undefined ? "GET" : "POST"), json, cookie: init.cookie, headers });
}

const sessionOf = (response: Response): string => {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("session=") && !c.startsWith("session=;"));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  return cookie.split(";")[0]!;
};

/** The code an authenticator app shows `offset` steps from now. */
function codeFor(secret: string, offset = 0): string {
  const step = Math.floor(Date.now() / 30_000) + offset;
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
}

type Setup = { secret: string; otpauthUri: string; qrSvg: string; ticket: string };

async function enrol(cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await api("/api/users/me/mfa/setup", {}, { cookie });
  expect(setup.status).toBe(200);
  const { secret, ticket } = (await setup.json()) as Setup;
  const enabled = await api("/api/users/me/mfa/enable", { ticket, code: codeFor(secret) }, { cookie });
  expect(enabled.status).toBe(200);
  const body = (await enabled.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes: body.recoveryCodes };
}

async function passwordStep(email: string, password: string): Promise<string> {
  const response = await api("/api/auth/login", { email, password });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { user: null; mfaRequired: boolean; ticket: string };
  expect(body.user).toBeNull();
  expect(body.mfaRequired).toBe(true);
  expect(response.headers.getSetCookie().some((c) => c.startsWith("session=") && !c.startsWith("session=;"))).toBe(false);
  return body.ticket;
}

describe("setting up two-factor authentication", () => {
  test("setup answers a QR code as SVG and the secret; the first code turns it on with ten recovery codes, stored hashed", async () => {
    const { user, cookie } = await server.createUser();
    const setup = await api("/api/users/me/mfa/setup", {}, { cookie });
    const body = (await setup.json()) as Setup;
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUri).toStartWith("otpauth://totp/Webstudio:");
    expect(body.qrSvg).toStartWith("<svg");
    // Nothing is stored until a code confirms it.
    expect((await reloadUser(server, user.id))?.totpSecretEnc).toBeNull();

    const wrong = await api("/api/users/me/mfa/enable", { ticket: body.ticket, code: "000000" === codeFor(body.secret) ? "111111" : "000000" }, { cookie });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { fields: Record<string, string> }).fields.code).toBeString();

    const enabled = await api("/api/users/me/mfa/enable", { ticket: body.ticket, code: codeFor(body.secret) }, { cookie });
    expect(enabled.status).toBe(200);
    const { recoveryCodes: codes } = (await enabled.json()) as { recoveryCodes: string[] };
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    const stored = await reloadUser(server, user.id);
    expect(stored?.totpSecretEnc).toStartWith("v1.");
    expect(stored?.totpSecretEnc).not.toContain(body.secret);
    const hashes = await server.deps.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(hashes).toHaveLength(10);
    for (const row of hashes) expect(codes.some((code) => row.codeHash.includes(code))).toBe(false);

    const status = (await (await api("/api/users/me/mfa", undefined, { cookie })).json()) as { enabled: boolean; recoveryCodesLeft: number };
    expect(status).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(((await (await api("/api/users/me", undefined, { cookie })).json()) as { user: { mfaEnabled: boolean } }).user.mfaEnabled).toBe(true);
    // A second setup is refused, and another user's ticket is worthless.
    expect((await api("/api/users/me/mfa/setup", {}, { cookie })).status).toBe(409);
    const other = await server.createUser();
    expect((await api("/api/users/me/mfa/enable", { ticket: body.ticket, code: codeFor(body.secret) }, { cookie: other.cookie })).status).toBe(400);
  });

  test("turning it on signs every other session out; turning it off needs the password and a current code", async () => {
    const { user, cookie } = await server.createUser();
    const login = await api("/api/auth/login", { email: user.email, password: "correct horse" });
    const elsewhere = sessionOf(login);
    const { secret } = await enrol(cookie);
    expect((await api("/api/users/me", undefined, { cookie: elsewhere })).status).toBe(401);
    expect((await api("/api/users/me", undefined, { cookie })).status).toBe(200);

    expect((await api("/api/users/me/mfa/disable", { currentPassword: "correct horse", code: "" }, { cookie })).status).toBe(400);
    expect((await api("/api/users/me/mfa/disable", { currentPassword: "correct horse", code: "123" }, { cookie })).status).toBe(400);
    // A good code without the password (a stolen session with the phone nearby) is not enough.
    const noPassword = await api("/api/users/me/mfa/disable", { code: codeFor(secret, 1) }, { cookie });
    expect(noPassword.status).toBe(400);
    expect(((await noPassword.json()) as { fields: Record<string, string> }).fields.currentPassword).toBe("Enter your current password.");
    const wrongPassword = await api("/api/users/me/mfa/disable", { currentPassword: "wrong horse", code: codeFor(secret, 1) }, { cookie });
    expect(wrongPassword.status).toBe(400);
    expect(((await wrongPassword.json()) as { message: string }).message).toBe("The current password is incorrect.");
    expect((await reloadUser(server, user.id))?.totpSecretEnc).not.toBeNull();
    const off = await api("/api/users/me/mfa/disable", { currentPassword: "correct horse", code: codeFor(secret, 1) }, { cookie });
    expect(off.status).toBe(200);
    expect((await reloadUser(server, user.id))?.totpSecretEnc).toBeNull();
    expect(await server.deps.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(0);
    // Without MFA the password alone signs in again.
    const again = await api("/api/auth/login", { email: user.email, password: "correct horse" });
    expect(((await again.json()) as { user: unknown }).user).not.toBeNull();
  });

  test("new recovery codes replace the old ones and need a code from the app", async () => {
    const { cookie } = await server.createUser();
    const { secret, recoveryCodes: old } = await enrol(cookie);
    expect((await api("/api/users/me/mfa/recovery-codes", { code: old[0] }, { cookie })).status).toBe(400);
    const fresh = await api("/api/users/me/mfa/recovery-codes", { code: codeFor(secret, 1) }, { cookie });
    expect(fresh.status).toBe(200);
    const { recoveryCodes: codes } = (await fresh.json()) as { recoveryCodes: string[] };
    expect(codes).toHaveLength(10);
    expect(codes.some((code) => old.includes(code))).toBe(false);
  });
});

describe("signing in with a second factor", () => {
  test("the password gives a ticket; the ticket and a code give the session; a code works once", async () => {
    const { user, cookie } = await server.createUser();
    const { secret } = await enrol(cookie);

    const ticket = await passwordStep(user.email, "correct horse");
    const wrong = await api("/api/auth/login/code", { ticket, code: "not-a-code" });
    expect(wrong.status).toBe(400);
    // The next step's code is accepted (clocks drift); the setup already used this step's.
    const code = codeFor(secret, 1);
    const signedIn = await api("/api/auth/login/code", { ticket, code });
    expect(signedIn.status).toBe(200);
    const body = (await signedIn.json()) as { user: { _id: string; mfaEnabled: boolean } };
    expect(body.user._id).toBe(user.id);
    expect((await api("/api/users/me", undefined, { cookie: sessionOf(signedIn) })).status).toBe(200);

    // The same code again, even on a fresh ticket, is refused; so is an older step's.
    const second = await passwordStep(user.email, "correct horse");
    const reused = await api("/api/auth/login/code", { ticket: second, code });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { message: string }).message).toContain("already used");
    expect((await api("/api/auth/login/code", { ticket: second, code: codeFor(secret, -1) })).status).toBe(400);
    // Codes two steps away are outside the window.
    expect((await api("/api/auth/login/code", { ticket: second, code: codeFor(secret, 3) })).status).toBe(400);
  });

  test("a recovery code signs in once, whatever its case and dashes", async () => {
    const { user, cookie } = await server.createUser();
    const { recoveryCodes: codes } = await enrol(cookie);
    const code = codes[3]!;
    const first = await api("/api/auth/login/code", { ticket: await passwordStep(user.email, "correct horse"), code: code.toUpperCase().replace("-", " ") });
    expect(first.status).toBe(200);
    const again = await api("/api/auth/login/code", { ticket: await passwordStep(user.email, "correct horse"), code });
    expect(again.status).toBe(400);
    expect(((await (await api("/api/users/me/mfa", undefined, { cookie: sessionOf(first) })).json()) as { recoveryCodesLeft: number }).recoveryCodesLeft).toBe(
      9,
    );
  });

  test("a forged, foreign or stale ticket is refused", async () => {
    const { user, cookie } = await server.createUser();
    const { secret } = await enrol(cookie);
    expect((await api("/api/auth/login/code", { ticket: "v1.AAAA.BBBB.CCCC", code: codeFor(secret, 1) })).status).toBe(400);
    const ticket = await passwordStep(user.email, "correct horse");
    // A password change kills the ticket.
    expect((await api("/api/users/me/password", { currentPassword: "correct horse", password: "a much better one" }, { cookie, method: "PATCH" })).status).toBe(
      200,
    );
    const stale = await api("/api/auth/login/code", { ticket, code: codeFor(secret, 1) });
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as { message: string }).message).toContain("expired");
  });

  test("a replayed ticket gives no second session", async () => {
    const { user, cookie } = await server.createUser();
    const { secret, recoveryCodes: codes } = await enrol(cookie);
    const ticket = await passwordStep(user.email, "correct horse");
    const first = await api("/api/auth/login/code", { ticket, code: codeFor(secret, 1) });
    expect(first.status).toBe(200);
    const before = await server.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    // Within its 5 minutes, with another good code (a recovery code) and from elsewhere.
    const replay = await api("/api/auth/login/code", { ticket, code: codes[0]! });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { message: string }).message).toBe("This sign-in step was already used. Sign in again with your e-mail and password.");
    expect(replay.headers.getSetCookie().some((c) => c.startsWith("session=") && !c.startsWith("session=;"))).toBe(false);
    expect(await server.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(before.length);
    // The recovery code was not spent on the refused replay.
    expect(((await (await api("/api/users/me/mfa", undefined, { cookie })).json()) as { recoveryCodesLeft: number }).recoveryCodesLeft).toBe(10);
  });

  test("two requests racing with one ticket and two good codes make one session", async () => {
    const { user, cookie } = await server.createUser();
    const { recoveryCodes: codes } = await enrol(cookie);
    const ticket = await passwordStep(user.email, "correct horse");
    const before = (await server.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).length;
    const answers = await Promise.all([codes[1]!, codes[2]!].map((code) => api("/api/auth/login/code", { ticket, code })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await server.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(before + 1);
  });

  test("5 wrong codes in a row spend the ticket, not the account: the owner's fresh sign-in still works", async () => {
    const { user, cookie } = await server.createUser();
    const { secret } = await enrol(cookie);
    const attacker = newIp();
    const ticket = await passwordStep(user.email, "correct horse");
    const wrongCode = codeFor(secret, 10);
    const answers: { status: number; message: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await api("/api/auth/login/code", { ticket, code: wrongCode }, { ip: attacker });
      answers.push({ status: response.status, message: ((await response.json()) as { message: string }).message });
    }
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[0]?.message).toBe("That code is not right. Enter the 6-digit code from your app, or a recovery code.");
    expect(answers[4]?.message).toBe("That's 5 wrong codes in a row, so this sign-in has stopped. Sign in again with your e-mail and password.");
    // Spent: even the right code no longer opens it.
    const spent = await api("/api/auth/login/code", { ticket, code: codeFor(secret, 1) });
    expect(spent.status).toBe(400);
    expect(((await spent.json()) as { message: string }).message).toContain("5 wrong codes");
    // More tickets and more wrong codes than the old per-account cap (10 in 15 minutes) allowed...
    for (let round = 0; round < 2; round++) {
      const more = await passwordStep(user.email, "correct horse");
      for (let i = 0; i < 5; i++) await api("/api/auth/login/code", { ticket: more, code: wrongCode });
    }
    // ...and the owner, from their own address, still signs in.
    const owner = newIp();
    const fresh = await api("/api/auth/login/code", { ticket: await passwordStep(user.email, "correct horse"), code: codeFor(secret, 1) }, { ip: owner });
    expect(fresh.status).toBe(200);
    sessionOf(fresh);
  });

  test("wrong codes from one address slow that address down, and each address has its own budget", async () => {
    const { user, cookie } = await server.createUser();
    const { secret } = await enrol(cookie);
    const farm = newIp();
    const wrongCode = codeFor(secret, 10);
    const statuses: number[] = [];
    for (let round = 0; round < 2; round++) {
      const ticket = await passwordStep(user.email, "correct horse");
      for (let i = 0; i < 3; i++) statuses.push((await api("/api/auth/login/code", { ticket, code: wrongCode }, { ip: farm })).status);
    }
    // Four free failures on the account from this address, then it waits: a fresh ticket does not help.
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
  });

  test("one address's code attempts at sign-in are capped whatever the account (a ticket farm): 30 per 15 minutes", async () => {
    const farm = newIp();
    const statuses: number[] = [];
    for (let account = 0; account < 8; account++) {
      const { user, cookie } = await server.createUser();
      const { secret } = await enrol(cookie);
      const ticket = await passwordStep(user.email, "correct horse");
      for (let i = 0; i < 4; i++) statuses.push((await api("/api/auth/login/code", { ticket, code: codeFor(secret, 10) }, { ip: farm })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  test("the HTML code step goes back to sign-in once the ticket is spent or used", async () => {
    const { user, cookie } = await server.createUser();
    const { secret } = await enrol(cookie);
    const ip = newIp();
    const post = (fields: Record<string, string>) =>
      server.request("/login/code", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip, origin: server.url },
        body: new URLSearchParams(fields).toString(),
      });
    const ticket = await passwordStep(user.email, "correct horse");
    for (let i = 0; i < 4; i++) expect(await (await post({ ticket, code: codeFor(secret, 10) })).text()).toContain("Enter your code");
    const fifth = await post({ ticket, code: codeFor(secret, 10) });
    expect(fifth.status).toBe(400);
    const html = await fifth.text();
    expect(html).toContain("Sign in to your account");
    expect(html).toContain("5 wrong codes in a row");
  });

  test("the HTML sign-in asks for the code after the password", async () => {
    const { user, cookie } = await server.createUser();
    const { secret } = await enrol(cookie);
    const post = (path: string, fields: Record<string, string>) =>
      server.request(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newIp() },
        body: new URLSearchParams(fields).toString(),
      });
    const step = await post("/login", { email: user.email, password: "correct horse" });
    expect(step.status).toBe(200);
    const html = await step.text();
    expect(html).toContain("Enter your code");
    const ticket = /name="ticket" value="([^"]+)"/.exec(html)?.[1];
    expect(ticket).toBeString();
    const done = await post("/login/code", { ticket: ticket!.replaceAll("&amp;", "&"), code: codeFor(secret, 1) });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/dashboard");
    sessionOf(done);
  });
});

describe("mails about the second factor", () => {
  test("turning it on, using a recovery code and turning it off each mail the owner, saying what to do if it wasn't them", async () => {
    const { user, cookie } = await server.createUser();
    const { secret, recoveryCodes: codes } = await enrol(cookie);
    let mails = await queuedMails(server.deps.database.db, user.email);
    expect(mails.map((m) => m.subject)).toEqual(["Two-factor authentication is on"]);
    expect(mails[0]?.text).toContain("If this wasn't you,");
    // Multipart since decision 098: the HTML part carries the same words.
    expect(mails[0]?.html).toContain("If this wasn&#x27;t you,");

    const signedIn = await api("/api/auth/login/code", { ticket: await passwordStep(user.email, "correct horse"), code: codes[0]! });
    expect(signedIn.status).toBe(200);
    mails = await queuedMails(server.deps.database.db, user.email);
    expect(mails.map((m) => m.subject)).toEqual(["Two-factor authentication is on", "A recovery code was used"]);
    expect(mails[1]?.text).toContain("You have 9 recovery codes left.");
    expect(mails[1]?.text).toContain("If this wasn't you,");
    // A wrong recovery code mails nothing.
    await api("/api/auth/login/code", { ticket: await passwordStep(user.email, "correct horse"), code: "aaaaa-bbbbb" });
    expect(await queuedMails(server.deps.database.db, user.email)).toHaveLength(2);

    expect((await api("/api/users/me/mfa/disable", { currentPassword: "correct horse", code: codeFor(secret, 1) }, { cookie })).status).toBe(200);
    mails = await queuedMails(server.deps.database.db, user.email);
    expect(mails.at(-1)?.subject).toBe("Two-factor authentication is off");
    expect(mails.at(-1)?.text).toContain("If this wasn't you,");
    expect(mails.at(-1)?.text).toContain("change your password");
  });

  test("a super admin's reset mails the user too", async () => {
    const superAdmin = await server.createAdmin({ superAdmin: true });
    await enrol(superAdmin.cookie);
    const { user, cookie } = await server.createUser();
    await enrol(cookie);
    expect((await api("/api/admin/users/resetmfa", { userID: user.id }, { cookie: superAdmin.cookie, method: "PATCH" })).status).toBe(200);
    const last = (await queuedMails(server.deps.database.db, user.email)).at(-1);
    expect(last?.subject).toBe("Two-factor authentication is off");
    expect(last?.text).toContain("An administrator turned off two-factor authentication");
  });
});

describe("admins under REQUIRE_ADMIN_MFA", () => {
  test("an admin without a second factor is a customer until it is set up: console and admin API closed, sent to setup", async () => {
    const admin = await server.createAdmin();
    const console = await server.request("/admin", { cookie: admin.cookie });
    expect(console.status).toBe(303);
    expect(console.headers.get("location")).toBe("/settings/security?setup=required");
    const apiCall = await api("/api/admin/users", undefined, { cookie: admin.cookie });
    expect(apiCall.status).toBe(403);
    expect(((await apiCall.json()) as { message: string }).message).toContain("two-factor");
    // Signing in with the password lands on the setup page.
    const login = await api("/api/auth/login", { email: admin.user.email, password: "correct horse" });
    expect(((await login.json()) as { next: string }).next).toBe("/settings/security?setup=required");
    const setupPage = await server.request("/settings/security?setup=required", { cookie: admin.cookie });
    expect(setupPage.status).toBe(200);
    expect(await setupPage.text()).toContain("Set up two-factor authentication to open the admin console");

    await enrol(admin.cookie);
    expect((await server.request("/admin", { cookie: admin.cookie })).status).toBe(200);
    expect((await api("/api/admin/users", undefined, { cookie: admin.cookie })).status).toBe(200);
  });

  test("a super admin resets another user's second factor and signs them out; admins cannot", async () => {
    const superAdmin = await server.createAdmin({ superAdmin: true });
    await enrol(superAdmin.cookie);
    const admin = await server.createAdmin();
    await enrol(admin.cookie);
    const plainAdmin = await api("/api/admin/users/resetmfa", { userID: superAdmin.user.id }, { cookie: admin.cookie, method: "PATCH" });
    expect(plainAdmin.status).toBe(403);

    const reset = await api("/api/admin/users/resetmfa", { userID: admin.user.id }, { cookie: superAdmin.cookie, method: "PATCH" });
    expect(reset.status).toBe(200);
    expect(((await reset.json()) as { message: string }).message).toContain("has been reset");
    expect((await reloadUser(server, admin.user.id))?.totpSecretEnc).toBeNull();
    expect((await api("/api/users/me", undefined, { cookie: admin.cookie })).status).toBe(401);
    // Signed in again with the password alone, they are sent to set it up before the console.
    const login = await api("/api/auth/login", { email: admin.user.email, password: "correct horse" });
    expect(((await login.json()) as { next: string }).next).toBe("/settings/security?setup=required");
    expect((await api("/api/admin/users", undefined, { cookie: sessionOf(login) })).status).toBe(403);

    expect((await api("/api/admin/users/resetmfa", { userID: admin.user.id }, { cookie: superAdmin.cookie, method: "PATCH" })).status).toBe(409);
    expect((await api("/api/admin/users/resetmfa", { userID: superAdmin.user.id }, { cookie: superAdmin.cookie, method: "PATCH" })).status).toBe(409);
    expect((await api("/api/admin/users/resetmfa", { userID: "nobody" }, { cookie: superAdmin.cookie, method: "PATCH" })).status).toBe(404);
  });
});

describe("sessions and devices", () => {
  const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
  const SAFARI_IPHONE =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

  async function signIn(email: string, userAgent: string): Promise<string> {
    const response = await api("/api/auth/login", { email, password: "correct horse" }, { userAgent });
    const cookie = sessionOf(response);
    // The first request of a session records its device.
    expect((await api("/api/users/me", undefined, { cookie, userAgent })).status).toBe(200);
    return cookie;
  }

  type Listed = { id: string; device: string; createdAt: string; lastSeenAt: string; current: boolean };
  const list = async (cookie: string): Promise<Listed[]> =>
    ((await (await api("/api/users/me/sessions", undefined, { cookie })).json()) as { sessions: Listed[] }).sessions;

  test("lists the account's sessions with their devices, this one first and marked", async () => {
    const { user } = await server.createUser();
    const laptop = await signIn(user.email, FIREFOX_LINUX);
    await signIn(user.email, SAFARI_IPHONE);
    const sessionsSeen = await list(laptop);
    const mine = sessionsSeen.filter((s) => s.device !== "Unknown device");
    expect(mine.map((s) => s.device)).toEqual(["Firefox on Linux", "Safari on iOS"]);
    expect(sessionsSeen[0]?.current).toBe(true);
    expect(sessionsSeen.filter((s) => s.current)).toHaveLength(1);
    for (const s of sessionsSeen) {
      expect(s.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Number.isNaN(Date.parse(s.lastSeenAt))).toBe(false);
    }
    // The row id (the token's hash) never leaves the server.
    const rows = await server.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    for (const row of rows) expect(sessionsSeen.some((s) => s.id === row.id)).toBe(false);
  });

  test("last seen is written at most every few minutes, not per request", async () => {
    const { user } = await server.createUser();
    const cookie = await signIn(user.email, FIREFOX_LINUX);
    const [before] = await server.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    await api("/api/users/me", undefined, { cookie });
    const [after] = await server.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(after?.lastSeenAt?.getTime()).toBe(before?.lastSeenAt?.getTime());
  });

  test("signs out one session, or every other one; another user's session is not found", async () => {
    const { user } = await server.createUser();
    const laptop = await signIn(user.email, FIREFOX_LINUX);
    const phone = await signIn(user.email, SAFARI_IPHONE);
    const tablet = await signIn(user.email, SAFARI_IPHONE);
    const phoneId = (await list(phone)).find((s) => s.current)!.id;

    const stranger = await server.createUser();
    expect((await api(`/api/users/me/sessions/${phoneId}`, undefined, { cookie: stranger.cookie, method: "DELETE" })).status).toBe(404);
    expect((await api("/api/users/me", undefined, { cookie: phone })).status).toBe(200);

    expect((await api(`/api/users/me/sessions/${phoneId}`, undefined, { cookie: laptop, method: "DELETE" })).status).toBe(200);
    expect((await api("/api/users/me", undefined, { cookie: phone })).status).toBe(401);
    expect((await api(`/api/users/me/sessions/${phoneId}`, undefined, { cookie: laptop, method: "DELETE" })).status).toBe(404);

    expect((await api("/api/users/me/sessions", undefined, { cookie: laptop, method: "DELETE" })).status).toBe(200);
    expect((await api("/api/users/me", undefined, { cookie: tablet })).status).toBe(401);
    expect((await api("/api/users/me", undefined, { cookie: laptop })).status).toBe(200);
    expect(await list(laptop)).toHaveLength(1);
  });
});
