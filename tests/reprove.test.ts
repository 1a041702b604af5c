// Dangerous actions re-prove the person (decision 088), tried as an attacker holding only a
// session cookie would: deleting the account, changing its e-mail and turning two-factor
// authentication off need the current password (or a fresh e-mailed code when the account has
// none) and, when it is on, a code from the app. The e-mailed code: wrong, expired (the app's
// clock moved), reused, and spent after 5 tries.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { eq } from "drizzle-orm";
import { projects, sessions } from "../db/schema";
import { queuedMails } from "./helpers/mail-jobs";
import { type TestServer, reloadUser, startTestServer } from "./helpers/server";

let clockOffsetMs = 0;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "1" }, { now: () => new Date(Date.now() + clockOffsetMs) });
});
afterAll(() => server.stop());

let ipCounter = 0;
const newIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const call = (path: string, method: string, cookie: string, json?: unknown) =>
  server.request(path, { method, cookie, json, headers: { "x-forwarded-for": newIp() } });
const deleteMe = (cookie: string, json?: unknown) => call("/api/users/me", "DELETE", cookie, json);
const answer = async (response: Response) => (await response.json()) as { message: string; fields?: Record<string, string> };

function codeFor(secret: string, offset = 0): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000) + offset), 6);
}

async function enrol(cookie: string): Promise<string> {
  const setup = (await (await call("/api/users/me/mfa/setup", "POST", cookie, {})).json()) as { secret: string; ticket: string };
  expect((await call("/api/users/me/mfa/enable", "POST", cookie, { ticket: setup.ticket, code: codeFor(setup.secret) })).status).toBe(200);
  return setup.secret;
}

/** An account made through Google or OIDC: no password. */
const passwordless = () => server.createUser({ passwordHash: null });

async function mailedCode(email: string): Promise<string> {
  const last = (await queuedMails(server.deps.database.db, email)).at(-1);
  const code = /Your confirmation code is (\d{6})\./.exec(last?.text ?? "")?.[1];
  if (!code) throw new Error(`no code in ${last?.text}`);
  return code;
}

describe("deleting the account", () => {
  test("the session cookie alone deletes nothing", async () => {
    const { user, cookie } = await server.createUser();
    for (const body of [undefined, {}, { currentPassword: "" }]) {
      const response = await deleteMe(cookie, body);
      expect(response.status).toBe(400);
      expect((await answer(response)).message).toBe("Enter your current password.");
    }
    expect(await reloadUser(server, user.id)).toBeDefined();
    expect((await call("/api/users/me", "GET", cookie)).status).toBe(200);
  });

  test("a wrong password deletes nothing; unknown fields are refused", async () => {
    const { user, cookie } = await server.createUser();
    const wrong = await deleteMe(cookie, { currentPassword: "wrong horse" });
    expect(wrong.status).toBe(400);
    expect(await answer(wrong)).toEqual({ message: "The current password is incorrect.", fields: { currentPassword: "The current password is incorrect." } });
    expect((await deleteMe(cookie, { currentPassword: "correct horse", force: true })).status).toBe(400);
    expect(await reloadUser(server, user.id)).toBeDefined();
  });

  test("with MFA on it needs a code too: missing or wrong, nothing is deleted", async () => {
    const { user, cookie } = await server.createUser();
    const secret = await enrol(cookie);
    const missing = await deleteMe(cookie, { currentPassword: "correct horse" });
    expect(missing.status).toBe(400);
    expect((await answer(missing)).fields).toEqual({ code: "Enter the code from your authenticator app, or a recovery code." });
    const wrong = await deleteMe(cookie, { currentPassword: "correct horse", code: codeFor(secret, 10) });
    expect(wrong.status).toBe(400);
    expect((await answer(wrong)).fields?.code).toContain("not right");
    // A good code with a wrong password does not pass either.
    expect((await deleteMe(cookie, { currentPassword: "wrong horse", code: codeFor(secret, 1) })).status).toBe(400);
    expect(await reloadUser(server, user.id)).toBeDefined();
    const done = await deleteMe(cookie, { currentPassword: "correct horse", code: codeFor(secret, 1) });
    expect(done.status).toBe(200);
    expect(await answer(done)).toEqual({ message: "Your account has been deleted." });
    expect(await reloadUser(server, user.id)).toBeUndefined();
    expect(await server.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });
});

describe("an account without a password confirms with an e-mailed code", () => {
  test("asking for a code mails 6 digits; the code deletes the account once", async () => {
    const { user, cookie } = await passwordless();
    const refused = await deleteMe(cookie, {});
    expect(refused.status).toBe(400);
    expect((await answer(refused)).fields?.emailCode).toBe("Enter the code we e-mailed you. No code yet? Choose 'Send me a code'.");
    // A password offered instead is no proof: the account has none.
    expect((await deleteMe(cookie, { currentPassword: "anything" })).status).toBe(400);

    const sent = await call("/api/users/me/confirmation-code", "POST", cookie);
    expect(sent.status).toBe(200);
    expect((await answer(sent)).message).toBe(`We sent a 6-digit code to ${user.email}. It works for 10 minutes.`);
    const mail = (await queuedMails(server.deps.database.db, user.email)).at(-1);
    expect(mail?.subject).toMatch(/^Your Webstudio confirmation code: \d{6}$/);
    expect(mail?.text).toContain("If this wasn't you,");
    const code = await mailedCode(user.email);
    expect(await reloadUser(server, user.id)).toBeDefined();
    expect((await deleteMe(cookie, { emailCode: code })).status).toBe(200);
    expect(await reloadUser(server, user.id)).toBeUndefined();
  });

  test("a wrong code is refused, and 5 wrong tries spend it", async () => {
    const { user, cookie } = await passwordless();
    await call("/api/users/me/confirmation-code", "POST", cookie);
    const code = await mailedCode(user.email);
    const wrongCode = code === "000000" ? "111111" : "000000";
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await answer(await deleteMe(cookie, { emailCode: wrongCode }))).message);
    expect(messages[0]).toBe("That code is not right. Check the e-mail we sent you and try again.");
    expect(messages[4]).toBe("That code is not right, and that was the last try. Ask for a new code.");
    const spent = await deleteMe(cookie, { emailCode: code });
    expect(spent.status).toBe(400);
    expect((await answer(spent)).message).toBe("Too many wrong tries for that code. Ask for a new code.");
    expect(await reloadUser(server, user.id)).toBeDefined();
    // A new code starts afresh.
    await call("/api/users/me/confirmation-code", "POST", cookie);
    expect((await deleteMe(cookie, { emailCode: await mailedCode(user.email) })).status).toBe(200);
  });

  test("a code expires after 10 minutes on the app's clock", async () => {
    const { user, cookie } = await passwordless();
    await call("/api/users/me/confirmation-code", "POST", cookie);
    const code = await mailedCode(user.email);
    clockOffsetMs = 10 * 60_000 + 1_000;
    try {
      const late = await deleteMe(cookie, { emailCode: code });
      expect(late.status).toBe(400);
      expect((await answer(late)).message).toBe("That code has expired. Ask for a new code.");
    } finally {
      clockOffsetMs = 0;
    }
    expect(await reloadUser(server, user.id)).toBeDefined();
  });

  test("a used code does not work again; a newer code replaces an older one", async () => {
    const { user, cookie } = await passwordless();
    await call("/api/users/me/confirmation-code", "POST", cookie);
    const older = await mailedCode(user.email);
    await call("/api/users/me/confirmation-code", "POST", cookie);
    const newer = await mailedCode(user.email);
    if (older !== newer) expect((await call("/api/users/me", "PATCH", cookie, { email: `b-${user.email}`, emailCode: older })).status).toBe(400);
    const changed = await call("/api/users/me", "PATCH", cookie, { email: `b-${user.email}`, emailCode: newer });
    expect(changed.status).toBe(200);
    const reused = await call("/api/users/me", "PATCH", cookie, { email: `c-${user.email}`, emailCode: newer });
    expect(reused.status).toBe(400);
    expect((await answer(reused)).message).toBe("That code was already used, or no code was sent. Ask for a new code.");
    expect((await reloadUser(server, user.id))?.email).toBe(`b-${user.email}`);
  });

  test("an account with a password cannot ask for a code, and codes are mailed at most 5 times an hour", async () => {
    const withPassword = await server.createUser();
    expect((await call("/api/users/me/confirmation-code", "POST", withPassword.cookie)).status).toBe(409);
    const { cookie } = await passwordless();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call("/api/users/me/confirmation-code", "POST", cookie)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("changing the e-mail and turning MFA off", () => {
  test("a new e-mail needs the password and, with MFA on, a code", async () => {
    const { user, cookie } = await server.createUser();
    const secret = await enrol(cookie);
    const missing = await call("/api/users/me", "PATCH", cookie, { email: `new-${user.email}`, currentPassword: "correct horse" });
    expect(missing.status).toBe(400);
    expect((await answer(missing)).fields?.code).toBeString();
    expect((await reloadUser(server, user.id))?.email).toBe(user.email);
    const ok = await call("/api/users/me", "PATCH", cookie, { email: `new-${user.email}`, currentPassword: "correct horse", code: codeFor(secret, 1) });
    expect(ok.status).toBe(200);
    expect((await reloadUser(server, user.id))?.email).toBe(`new-${user.email}`);
    // The name alone still changes with the cookie.
    expect((await call("/api/users/me", "PATCH", cookie, { displayName: "Only The Name" })).status).toBe(200);
  });

  test("an account without a password turns MFA off with the e-mailed code and a code from the app", async () => {
    const { user, cookie } = await passwordless();
    const secret = await enrol(cookie);
    const codeOnly = await call("/api/users/me/mfa/disable", "POST", cookie, { code: codeFor(secret, 1) });
    expect(codeOnly.status).toBe(400);
    expect((await answer(codeOnly)).fields).toEqual({ emailCode: "Enter the code we e-mailed you. No code yet? Choose 'Send me a code'." });
    await call("/api/users/me/confirmation-code", "POST", cookie);
    const off = await call("/api/users/me/mfa/disable", "POST", cookie, { emailCode: await mailedCode(user.email), code: codeFor(secret, 1) });
    expect(off.status).toBe(200);
    expect((await reloadUser(server, user.id))?.totpSecretEnc).toBeNull();
    expect((await queuedMails(server.deps.database.db, user.email)).at(-1)?.subject).toBe("Two-factor authentication is off");
  });

  test("deleting with the password keeps nothing of the account's projects", async () => {
    const { user, cookie, password } = await server.createUser();
    expect((await deleteMe(cookie, { currentPassword: password })).status).toBe(200);
    expect(await server.deps.database.db.select().from(projects).where(eq(projects.creatorId, user.id))).toEqual([]);
  });
});
