// Loaders next to wrk, in the bench process. Paced: requests at a fixed rate (open loop: one is
// sent every 1/rate seconds whether or not the previous ones have answered), so what they cost
// competes with the crowd wrk sends the way real sign-ins and real edits would. Burst: a fixed
// number of requests, as fast as a few connections get them answered. Each reports its own answers
// per second, p50 and p99 (of the 2xx answers) and its failures by status.
import { orderForm, validDraft } from "../tests/projects/fixtures";
import { SIGN_IN_PASSWORD, type Writer, signInEmail } from "./seed";

export type Tally = { perSecond: number; answered: number; failures: Record<string, number>; p50Ms: number; p99Ms: number };
export type PacedLoad = { stop(): Promise<Tally> };

/** The customers who write (never the ones wrk signs in as), and how many writes a second they make together. */
export const WRITERS = 20;
export const WRITES_PER_S = 20;

/** Times each request `send` makes; `summary` counts what was answered (2xx) up to now. */
function createTally() {
  const started = performance.now();
  const times: number[] = [];
  const failures: Record<string, number> = {};
  return {
    async record(send: () => Promise<Response>): Promise<void> {
      const sentAt = performance.now();
      try {
        const response = await send();
        await response.arrayBuffer();
        if (response.ok) times.push(performance.now() - sentAt);
        else failures[String(response.status)] = (failures[String(response.status)] ?? 0) + 1;
      } catch {
        failures.network = (failures.network ?? 0) + 1;
      }
    },
    summary(): Tally {
      const seconds = (performance.now() - started) / 1000;
      const sorted = times.toSorted((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
      return { perSecond: sorted.length / seconds, answered: sorted.length, failures: { ...failures }, p50Ms: at(0.5), p99Ms: at(0.99) };
    },
  };
}

/**
 * Calls `send(0)`, `send(1)`, ... perSecond times a second until stopped: on schedule, each tick
 * sends what has fallen due, so a rate above the timers' resolution is kept too.
 */
function startPaced(perSecond: number, send: (index: number) => Promise<Response>): PacedLoad {
  const tally = createTally();
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let sent = 0;
  const timer = setInterval(
    () => {
      const due = Math.floor(((performance.now() - started) / 1000) * perSecond);
      while (sent < due) {
        const index = sent++;
        const attempt = tally.record(() => send(index)).finally(() => inFlight.delete(attempt));
        inFlight.add(attempt);
      }
    },
    Math.min(1000 / perSecond, 5),
  );
  return {
    async stop() {
      clearInterval(timer);
      // Answered within the window, before the stragglers are awaited (so they end before the next row).
      const summary = tally.summary();
      await Promise.all(inFlight);
      return summary;
    },
  };
}

/** `count` requests over `connections` at once (closed loop: each connection sends its next as the last answers), as fast as they are answered. */
async function sendBurst(count: number, connections: number, send: (index: number) => Promise<Response>): Promise<Tally> {
  const tally = createTally();
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let index = next++; index < count; index = next++) await tally.record(() => send(index));
    }),
  );
  return tally.summary();
}

const json = (origin: string, extra: Record<string, string> = {}) => ({ "content-type": "application/json", origin, ...extra });

/**
 * Password sign-ins. The server must run with TRUST_PROXY so each can come from its own
 * X-Forwarded-For address, and `users` must be large enough that no e-mail reaches its
 * per-window limit: the point is to measure hashing, not 429s.
 */
export function startSignIns(options: { url: string; users: number; perSecond: number }): PacedLoad {
  return startPaced(options.perSecond, (index) =>
    fetch(`${options.url}/api/auth/login`, {
      method: "POST",
      headers: json(options.url, { "x-forwarded-for": `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` }),
      body: JSON.stringify({ email: signInEmail(index % options.users), password: SIGN_IN_PASSWORD }),
    }),
  );
}

/**
 * Signed-in reads at a steady rate (open loop, like people who do not wait for each other), each
 * from a random one of `cookies` for a random one of `paths`, with `headers` besides the cookie.
 */
export function startReads(options: {
  url: string;
  cookies: readonly string[];
  paths: readonly string[];
  headers: Record<string, string>;
  perSecond: number;
}): PacedLoad {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;
  return startPaced(options.perSecond, () =>
    fetch(`${options.url}${pick(options.paths)}`, { headers: { ...options.headers, cookie: pick(options.cookies) }, redirect: "manual" }),
  );
}

/** Customers' writes, taking turns: a profile change (a new display name), then a message on their own project. */
export function startWrites(options: { url: string; writers: readonly Writer[]; perSecond: number }): PacedLoad {
  return startPaced(options.perSecond, (index) => {
    const writer = options.writers[Math.floor(index / 2) % options.writers.length]!;
    const headers = json(options.url, { cookie: writer.cookie });
    return index % 2 === 0
      ? fetch(`${options.url}/api/users/me`, { method: "PATCH", headers, body: JSON.stringify({ displayName: `Writer ${index}` }) })
      : fetch(`${options.url}/api/projects/${writer.projectId}/messages`, {
          method: "POST",
          headers,
          body: JSON.stringify({ body: `Could the hero say "fresh every morning"? (${index})` }),
        });
  });
}

/**
 * Visitors' orders from the wizard (multipart: the draft and a logo), each from a new e-mail and
 * its own X-Forwarded-For address (the server must run with TRUST_PROXY): every one creates an
 * account, hashes a temporary password and queues its mail.
 */
export function sendOrders(options: { url: string; orders: number; connections: number }): Promise<Tally> {
  const run = `${process.pid}-${Date.now().toString(36)}`;
  return sendBurst(options.orders, options.connections, (index) => {
    const name = `Visitor ${index}`;
    const draft = validDraft({ email: `bench-order-${run}-${index}@example.com`, creatorName: name, signature: name });
    return fetch(`${options.url}/api/projects`, {
      method: "POST",
      headers: { origin: options.url, "x-forwarded-for": `10.200.${(index >> 8) & 255}.${index & 255}` },
      body: orderForm(draft),
    });
  });
}

/** "3× 500, 1× network", or "" when everything was answered with a 2xx. */
export const failuresOf = (tally: Tally): string =>
  Object.entries(tally.failures)
    .map(([status, count]) => `${count}× ${status}`)
    .join(", ");

/** "answered 19.6/s, p50 .., p99 ..", and the failures in bold. */
export function describeTally(what: string, tally: Tally): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const failed = failuresOf(tally);
  return [`${what} answered ${tally.perSecond.toFixed(1)}/s, p50 ${ms(tally.p50Ms)}, p99 ${ms(tally.p99Ms)}`, failed ? `**${what} failed: ${failed}**` : ""]
    .filter(Boolean)
    .join("; ");
}
