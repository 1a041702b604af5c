// Runs wrk and reads its `--latency` report. wrk is a C load generator: unlike a loader written
// in JavaScript it does not saturate before a Bun server does, so the figures are the server's.
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

// Every request a URL of its own (`fresh=<thread>-<n>` added to the query), so no answer kept for an
// earlier request can serve it: the cost of rendering, not of remembering.
const FRESH_SCRIPT = `
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end
local counter = 0
function request()
  counter = counter + 1
  local sep = string.find(wrk.path, "?", 1, true) and "&" or "?"
  return wrk.format(nil, wrk.path .. sep .. "fresh=" .. tid .. "-" .. counter)
end
`;

/** `fresh`: no two requests ask for the same URL (see FRESH_SCRIPT). */
export async function runWrk(url: string, options: { durationS: number; headers?: Record<string, string>; fresh?: boolean }): Promise<WrkResult> {
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const scriptArgs: string[] = [];
  if (options.fresh) {
    const script = join(tmpdir(), `bench-fresh-${process.pid}.lua`);
    await Bun.write(script, FRESH_SCRIPT);
    scriptArgs.push("-s", script);
  }
  const command = [
    "wrk",
    "-t",
    String(THREADS),
    "-c",
    String(CONNECTIONS),
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
