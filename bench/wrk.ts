// Runs wrk and reads its `--latency` report. wrk is a C load generator: unlike a loader written
// in JavaScript it does not saturate before a Bun server does, so the figures are the server's.
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const CONNECTIONS = 32;
export const THREADS = 2;
// wrk drops (and counts as timeouts) answers slower than this; its 2 s default hid the slowest.
export const TIMEOUT_S = 10;

export type WrkResult = { rps: number; p50Ms: number; p99Ms: number; requests: number; errors: number; timeouts: number; non2xx: number };

/** Stops the bench before anything starts when wrk is missing, saying how to get it. */
export function requireWrk(): void {
  if (Bun.which("wrk")) return;
  console.error("bench: wrk is not installed (it is the load generator). Install it with:\n\n  apt-get install -y wrk\n");
  process.exit(1);
}

/**
 * What a crowd asks for: each request picks a random session cookie (none when `cookies` is empty)
 * and a random path. In a path, `{term}` becomes a search term (a word and a number, as someone
 * types it) and `{n}` a number no other request of the run has, so no two searches share a URL.
 */
export type Mix = { cookies: readonly string[]; paths: readonly string[] };

/** What a browser sends: the app compresses what it renders, so the load pays for that too. */
export const BROWSER = { "accept-encoding": "gzip, deflate, br" };

/** What signed-in customers ask for most: their pages and the JSON their islands fetch. */
export const CUSTOMER_PATHS = ["/dashboard", "/", "/notifications", "/settings", "/api/users/me", "/api/projects/search", "/api/notifications"];

export const SEARCH_WORDS = ["Bakery", "Studio", "Fitness", "Dental", "Cafe", "Salon", "Books", "Travel", "Yoga", "Design", "Acme", "Nova", "Pine"];

/** The same substitution as MIX_SCRIPT, for checking a path before the load. */
export const samplePath = (path: string): string => path.replaceAll("{term}", `${SEARCH_WORDS[0]}%201`).replaceAll("{n}", "check");

const lua = (values: readonly string[]) => `{ ${values.map((value) => JSON.stringify(value)).join(", ")} }`;

/**
 * With `thinkMs`, each connection waits for its answer and then pauses a random 0 to 2 × thinkMs
 * (a person reading the page) before its next request: a closed loop with think time. Without it,
 * each connection asks again at once.
 */
function mixScript(mix: Mix, thinkMs?: number): string {
  return `
local cookies = ${lua(mix.cookies)}
local paths = ${lua(mix.paths)}
local words = ${lua(SEARCH_WORDS)}
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end
function init(args)
  math.randomseed(tid * 7919 + os.time())
end
local counter = 0
function request()
  counter = counter + 1
  local term = words[math.random(#words)] .. "%%20" .. math.random(0, 99)
  local path = paths[math.random(#paths)]:gsub("{term}", term):gsub("{n}", tid .. "-" .. counter)
  if #cookies > 0 then wrk.headers["Cookie"] = cookies[math.random(#cookies)] end
  return wrk.format(nil, path)
end
${thinkMs === undefined ? "" : `function delay()\n  return math.random(0, ${2 * Math.round(thinkMs)})\nend\n`}`;
}

/** `mix`: requests spread over sessions and paths (see Mix); the URL's own path is then ignored. */
export async function runWrk(
  url: string,
  options: { durationS: number; headers?: Record<string, string>; mix?: Mix; connections?: number; thinkMs?: number },
): Promise<WrkResult> {
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const scriptArgs: string[] = [];
  if (options.mix) {
    const script = join(tmpdir(), `bench-mix-${process.pid}-${Math.random().toString(36).slice(2)}.lua`);
    await Bun.write(script, mixScript(options.mix, options.thinkMs));
    scriptArgs.push("-s", script);
  }
  const command = [
    "wrk",
    "-t",
    String(THREADS),
    "-c",
    String(options.connections ?? CONNECTIONS),
    "-d",
    `${options.durationS}s`,
    "--timeout",
    `${TIMEOUT_S}s`,
    "--latency",
    ...headerArgs,
    ...scriptArgs,
    url,
  ];
  const child = Bun.spawn(command, { stdout: "pipe", stderr: "pipe" });
  const [output, errors, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  if (scriptArgs[1]) rmSync(scriptArgs[1], { force: true });
  if (code !== 0) throw new Error(`wrk failed (${code}) on ${url}: ${errors || output}`);
  return parseWrk(output);
}

const TIME_UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function readTime(text: string, label: string): number {
  const match = new RegExp(`^\\s*${label}\\s+([\\d.]+)(us|ms|s|m|h)\\s*$`, "m").exec(text);
  if (!match) throw new Error(`wrk printed no ${label} latency:\n${text}`);
  return Number(match[1]) * TIME_UNITS[match[2]!]!;
}

export function parseWrk(text: string): WrkResult {
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(text);
  const requests = /^\s*(\d+) requests in /m.exec(text);
  if (!rps || !requests) throw new Error(`Unexpected wrk output:\n${text}`);
  // "Socket errors: connect 0, read 0, write 0, timeout 0" only appears when one is non-zero.
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const errors = socket ? socket.slice(1, 4).reduce((sum, value) => sum + Number(value), 0) : 0;
  const timeouts = Number(socket?.[4] ?? "0");
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? "0");
  return { rps: Number(rps[1]), p50Ms: readTime(text, "50%"), p99Ms: readTime(text, "99%"), requests: Number(requests[1]), errors, timeouts, non2xx };
}
