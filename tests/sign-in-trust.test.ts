// Sign-in that strangers cannot turn against users, and logs that leak nothing
// (point 2): throttling per account and address with a growing delay, the same answer time for
// known and unknown accounts, common passwords refused, the visitor's order session held to
// choosing a password, and a hostile session whose log holds no secret.
import { afterAll, beforeAll, describe, expect, setSystemTime, test } from "bun:test";
import { COMMON_PASSWORD_MESSAGE } from "../src/features/auth/passwords";
import { RESET_ANSWER_MS } from "../src/features/auth/reset";
import { CHOOSE_PASSWORD_FIRST_MESSAGE } from "../src/http/guards";
import { FREE_FAILURES, MAX_FAILURE_DELAY_SECONDS, failureDelaySeconds } from "../src/http/rate-limit";
import { isCommonPassword } from "../src/shared/passwords";
import { mailSettled } from "./helpers/mail-jobs";
import { type TestServer, reloadUser, startTestServer } from "./helpers/server";
import { waitFor } from "./helpers/wait";
import { orderForm, postOrder, uniqueEmail, validDraft } from "./projects/fixtures";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "1" });
});
afterAll(() => server.stop());

let ipCounter = 0;
const newIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function api(path: string, json: unknown, init: { cookie?: string; ip?: string; method?: string } = {}) {
  return server.request(path, { method: init.method ?? "POST", json, cookie: init.cookie, headers: { "x-forwarded-for": init.ip ?? newIp() } });
}

async function register(password = "a long own password"): Promise<{ email: string; password: string; cookie: string }> {
  const email = uniqueEmail("owner");
  const response = await api("/api/auth/register", { email, displayName: "Owner", password });
  expect(response.status).toBe(201);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { email, password, cookie };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Times `known(i)` and `unknown(i)` back to back, `rounds` times, taking turns at going first. On a
 * busy machine (hashing runs on low-priority threads, which other processes' load starves for
 * hundreds of ms at a time) a whole series drifts: the two series' medians then disagree though
 * every pair agreed. So the comparison is the median of each pair's difference, which a stall
 * that lands on one request moves no more than one pair. A pair before the rounds is not counted:
 * the first unknown e-mail of the process also makes the decoy hash, once.
 */
async function timedPairs(rounds: number, known: (round: number) => Promise<void>, unknown: (round: number) => Promise<void>) {
  const timed = async (request: () => Promise<void>) => {
    const started = performance.now();
    await request();
    return performance.now() - started;
  };
  const times = { known: [] as number[], unknown: [] as number[], differences: [] as number[] };
  await known(0);
  await unknown(0);
  for (let round = 0; round < rounds; round++) {
    const [first, second] = round % 2 === 0 ? [known, unknown] : [unknown, known];
    const [a, b] = [await timed(() => first(round)), await timed(() => second(round))];
    const [k, u] = round % 2 === 0 ? [a, b] : [b, a];
    times.known.push(k);
    times.unknown.push(u);
    times.differences.push(k - u);
  }
  return times;
}

describe("a stranger's wrong guesses cannot lock the owner out", () => {
  test("the delay grows per failure: none for the first few, then 1 s doubling to 15 minutes", () => {
    for (let failures = 1; failures <= FREE_FAILURES; failures++) expect(failureDelaySeconds(failures)).toBe(0);
    expect(failureDelaySeconds(FREE_FAILURES + 1)).toBe(1);
    expect(failureDelaySeconds(FREE_FAILURES + 2)).toBe(2);
    expect(failureDelaySeconds(FREE_FAILURES + 5)).toBe(16);
    expect(failureDelaySeconds(100)).toBe(MAX_FAILURE_DELAY_SECONDS);
  });

  test("twenty wrong guesses from one address slow that address down, and the owner signs in from theirs", async () => {
    const { email, password } = await register();
    const stranger = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await api("/api/auth/login", { email, password: `guess-${i}` }, { ip: stranger })).status);
    expect(statuses.slice(0, FREE_FAILURES + 1).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(FREE_FAILURES + 1)).toContain(429);
    const waiting = await api("/api/auth/login", { email, password }, { ip: stranger });
    expect(waiting.status).toBe(429);
    expect(((await waiting.json()) as { message: string }).message).toMatch(/^Too many sign-in attempts\. Try again in \d+ (second|seconds|minutes)\.$/);
    expect(Number(waiting.headers.get("retry-after"))).toBeGreaterThan(0);
    // The owner, from their own address, is not held at all.
    expect((await api("/api/auth/login", { email, password }, { ip: newIp() })).status).toBe(200);
  });

  test("guesses spread over many addresses do not lock the owner out either", async () => {
    const { email, password } = await register();
    for (let i = 0; i < 25; i++) await api("/api/auth/login", { email, password: `spread-${i}` }, { ip: newIp() });
    expect((await api("/api/auth/login", { email, password }, { ip: newIp() })).status).toBe(200);
  });

  test("the wait ends, the next failure waits longer, and a success forgets the address's failures", async () => {
    const { email, password } = await register();
    const ip = newIp();
    for (let i = 0; i <= FREE_FAILURES; i++) expect((await api("/api/auth/login", { email, password: "nope-nope" }, { ip })).status).toBe(401);
    const held = await api("/api/auth/login", { email, password: "nope-nope" }, { ip });
    expect(held.status).toBe(429);
    expect(held.headers.get("retry-after")).toBe("1");
    // The waits are kept as times on the app's clock (Date, in this process, where the server
    // runs), so moving that clock ends them without waiting them out.
    let clock = Date.now();
    const passSeconds = (seconds: number) => {
      clock += seconds * 1000;
      setSystemTime(clock);
    };
    try {
      passSeconds(1.1);
      expect((await api("/api/auth/login", { email, password: "nope-nope" }, { ip })).status).toBe(401);
      const longer = await api("/api/auth/login", { email, password }, { ip });
      expect(longer.status).toBe(429);
      expect(longer.headers.get("retry-after")).toBe("2");
      passSeconds(2.1);
      expect((await api("/api/auth/login", { email, password }, { ip })).status).toBe(200);
      expect((await api("/api/auth/login", { email, password: "nope-nope" }, { ip })).status).toBe(401);
    } finally {
      setSystemTime();
    }
  });
});

describe("the same answer time for existing and unknown accounts", () => {
  test("password reset requests: medians within a tolerance, both at the floor", async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => server.createUser()));
    const { known, unknown, differences } = await timedPairs(
      users.length,
      async (round) => expect((await api("/api/auth/reset", { email: users[round]?.user.email })).status).toBe(200),
      async () => expect((await api("/api/auth/reset", { email: uniqueEmail("nobody") })).status).toBe(200),
    );
    expect(median(known)).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
    expect(median(unknown)).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
    // Timing on a shared machine is noisy: the pairs must agree within a tolerance, not exactly.
    expect(Math.abs(median(differences))).toBeLessThan(Math.max(15, 0.15 * median(known)));
  });

  test("wrong passwords: an existing account costs what an unknown e-mail costs", async () => {
    const accounts = await Promise.all([0, 1, 2, 3, 4, 5].map(() => register()));
    const { known, differences } = await timedPairs(
      accounts.length,
      async (round) => expect((await api("/api/auth/login", { email: accounts[round]?.email, password: "not the password" })).status).toBe(401),
      async () => expect((await api("/api/auth/login", { email: uniqueEmail("nobody"), password: "not the password" })).status).toBe(401),
    );
    expect(Math.abs(median(differences))).toBeLessThan(Math.max(25, 0.3 * median(known)));
  }, 30_000);
});

describe("common passwords are refused with a clear message", () => {
  test("the bundled list holds the usual suspects and the 6-character minimum stays", async () => {
    for (const password of ["123456", "password", "qwerty123", "iloveyou", "Password1"]) expect(isCommonPassword(password)).toBe(true);
    expect(isCommonPassword("my own password 42")).toBe(false);
    const short = (await (await api("/api/auth/register", { email: uniqueEmail(), displayName: "A", password: "x1y2z" })).json()) as {
      fields: Record<string, string>;
    };
    expect(short.fields.password).toBe("weak password (must be 6 characters or more)");
  });

  test("on register, change, reset and choosing a password", async () => {
    const registered = await api("/api/auth/register", { email: uniqueEmail(), displayName: "A", password: "123456" });
    expect(registered.status).toBe(400);
    expect(await registered.json()).toEqual({ message: COMMON_PASSWORD_MESSAGE, fields: { password: COMMON_PASSWORD_MESSAGE } });

    const { cookie, password } = await register();
    const changed = await api("/api/users/me/password", { currentPassword: password, password: "password1" }, { cookie, method: "PATCH" });
    expect(changed.status).toBe(400);
    expect(((await changed.json()) as { message: string }).message).toBe(COMMON_PASSWORD_MESSAGE);

    const reset = await api("/api/auth/reset/confirm", { token: "whatever-token", password: "qwerty" });
    expect(reset.status).toBe(400);
    expect(((await reset.json()) as { message: string }).message).toBe(COMMON_PASSWORD_MESSAGE);

    const form = await server.request("/register", {
      method: "POST",
      body: new URLSearchParams({ email: uniqueEmail(), displayName: "A", password: "iloveyou" }),
      headers: { "x-forwarded-for": newIp() },
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain(COMMON_PASSWORD_MESSAGE);
  });
});

describe("the visitor's order session only chooses a new password", () => {
  async function orderAsVisitor(): Promise<{ cookie: string; projectId: string; email: string }> {
    const draft = validDraft();
    const response = await postOrder(server, orderForm(draft));
    expect(response.status).toBe(201);
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const { projectID } = (await response.json()) as { projectID: string };
    return { cookie, projectId: projectID, email: draft.email };
  }

  test("every other page redirects to /choose-password and every other API call is a 403", async () => {
    const { cookie, projectId } = await orderAsVisitor();
    for (const path of ["/dashboard", `/projects/${projectId}`, "/settings", "/"]) {
      const response = await server.request(path, { cookie });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`/choose-password?next=${encodeURIComponent(path)}`);
    }
    for (const [path, method] of [
      ["/api/users/me", "GET"],
      [`/api/projects/${projectId}`, "GET"],
      ["/api/bugreports", "POST"],
    ] as const) {
      const response = await server.request(path, { cookie, method, json: method === "POST" ? { title: "t", description: "d" } : undefined });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toBe(CHOOSE_PASSWORD_FIRST_MESSAGE);
    }
    const chooser = await server.request("/choose-password?next=%2Fdashboard", { cookie });
    expect(chooser.status).toBe(200);
    expect(await chooser.text()).toContain("Choose a new password");
  });

  test("choosing a password (not a common one) lifts the hold, signs out the old session and keeps the project", async () => {
    const { cookie, projectId, email } = await orderAsVisitor();
    const common = await api("/api/auth/choose-password", { password: "123456" }, { cookie });
    expect(common.status).toBe(400);
    const chosen = await api("/api/auth/choose-password", { password: "my own password 42" }, { cookie });
    expect(chosen.status).toBe(200);
    const fresh = (chosen.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(fresh).not.toBe(cookie);
    expect((await server.request(`/api/projects/${projectId}`, { cookie: fresh })).status).toBe(200);
    expect((await server.request("/dashboard", { cookie: fresh })).status).toBe(200);
    // The order's session is gone; the temporary password is too.
    expect((await server.request("/api/users/me", { cookie })).status).toBe(401);
    expect((await api("/api/auth/login", { email, password: "my own password 42" })).status).toBe(200);
  });

  test("the HTML form chooses the password and goes where the visitor was heading", async () => {
    const { cookie, projectId } = await orderAsVisitor();
    const response = await server.request("/choose-password", {
      method: "POST",
      cookie,
      body: new URLSearchParams({ password: "another own password", confirm: "another own password", next: `/projects/${projectId}` }),
      headers: { "x-forwarded-for": newIp() },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/projects/${projectId}`);
    const offsite = await server.request("/choose-password?next=%2F%2Fevil.example", { cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] });
    expect(offsite.status).toBe(303);
    expect(offsite.headers.get("location")).toBe("/dashboard");
  });
});

describe("a hostile session leaves no secret in the log", () => {
  test("NUL bytes, bad passwords, register, order, reset: no hash, password, token or e-mail is logged", async () => {
    const secrets: string[] = [];
    const email = uniqueEmail("hostile");
    const password = "hostile own password 9";
    secrets.push(email, password);
    const registered = await api("/api/auth/register", { email, displayName: "Hostile", password });
    const cookie = (registered.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    secrets.push(cookie.split("=")[1] ?? "never");
    for (const attempt of ["wrong password 1", "wrong\u0000password", "123456"]) {
      secrets.push(attempt);
      await api("/api/auth/login", { email, password: attempt });
      await api("/api/auth/login", { email: `nobody-${attempt.length}@example.com`, password: attempt });
    }
    await api("/api/auth/register", { email: `nul\u0000${email}`, displayName: "X\u0000", password });
    await api("/api/bugreports", { title: "t\u0000", description: "d" }, { cookie });
    await server.request("/dashboard?title=%00", { cookie });
    await api("/api/auth/reset", { email });
    const draft = validDraft({ domainProviderPassword: "sealed secret domain pw" });
    secrets.push(draft.email, "sealed secret domain pw");
    const order = await postOrder(server, orderForm(draft));
    expect(order.status).toBe(201);
    const orderCookie = (order.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    secrets.push(orderCookie.split("=")[1] ?? "never");
    await postOrder(server, orderForm({ ...validDraft(), heroTitle: "x\u0000" }));
    const me = (await (await server.request("/api/users/me", { cookie })).json()) as { user: { _id: string } };
    const user = await reloadUser(server, me.user._id);
    expect(user?.passwordHash).toStartWith("$argon2id$");
    secrets.push(user?.passwordHash ?? "never");
    // The reset mail is sent (and logged) by a job: the log is whole once every mail job has ended.
    await waitFor("the mail queued to be handled", () => mailSettled(server.deps.database.db));

    const log = server.logs.join("\n");
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain("$argon2id$");
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[a-z]{2,}/);
  });
});
