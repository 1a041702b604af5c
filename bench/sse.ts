// 2,000 idle signed-in EventSource clients on one instance: the server's RSS before and after
// they connect, and how long connecting them took. The clients are raw sockets in this process
// (fetch caps concurrent requests), each reading until the stream's first `retry:` line.
// A row of `bun run bench`; on its own (seeds and drops a Postgres database `bench_sse`):
//
//   bun bench/sse.ts [clients]
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Socket } from "bun";

export type IdleStreamsReport = { clients: number; rssBeforeBytes: number; rssAfterBytes: number; connectMs: number; fdLimit: number };

function readRssBytes(pid: number): number {
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? "0") * 1024;
}

/** This process's open-file limit; each client costs one here and one in the server. */
function openFileLimit(): number {
  const line = readFileSync("/proc/self/limits", "utf8")
    .split("\n")
    .find((text) => text.startsWith("Max open files"));
  return Number(line?.split(/\s+/)[3] ?? "1024");
}

export async function measureIdleStreams(options: {
  url: string;
  pid: number;
  /** Session cookies, each opening at most five streams: a session's sixth would end its first (decision 092). */
  cookies: readonly string[];
  clients: number;
  say: (line: string) => void;
}): Promise<IdleStreamsReport> {
  const fdLimit = openFileLimit();
  // Bun cannot raise RLIMIT_NOFILE itself; start the bench under `ulimit -n` to go higher.
  const clients = Math.min(options.clients, fdLimit - 200, options.cookies.length * 5);
  if (clients < options.clients)
    options.say(`sse: open-file limit ${fdLimit} and ${options.cookies.length} sessions: measuring ${clients} clients, not ${options.clients}`);
  const { hostname, port } = new URL(options.url);
  const request = (index: number) =>
    `GET /api/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\nCookie: ${options.cookies[index % options.cookies.length]}\r\n\r\n`;
  await Bun.sleep(500);
  Bun.gc(true);
  const rssBeforeBytes = readRssBytes(options.pid);
  const sockets: Socket<{ seen: string; ready: () => void }>[] = [];
  const started = performance.now();
  // In batches, like browsers arriving, not one SYN flood that the listen backlog would drop.
  for (let first = 0; first < clients; first += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, clients - first) }, async (_, offset) => {
        let ready: () => void = () => {};
        const opened = new Promise<void>((resolve) => (ready = resolve));
        const socket = await Bun.connect<{ seen: string; ready: () => void }>({
          hostname,
          port: Number(port),
          data: { seen: "", ready },
          socket: {
            open: (s) => void s.write(request(first + offset)),
            data(s, chunk) {
              if (s.data.seen.includes("retry:")) return;
              s.data.seen += chunk.toString();
              if (!s.data.seen.startsWith("HTTP/1.1 200")) throw new Error(`sse: the server answered ${s.data.seen.split("\r\n")[0]}`);
              if (s.data.seen.includes("retry:")) s.data.ready();
            },
          },
        });
        sockets.push(socket);
        await opened;
      }),
    );
  }
  const connectMs = performance.now() - started;
  await Bun.sleep(1_000);
  const rssAfterBytes = readRssBytes(options.pid);
  for (const socket of sockets) socket.end();
  return { clients, rssBeforeBytes, rssAfterBytes, connectMs, fdLimit };
}

export function describeIdleStreams(report: IdleStreamsReport): { figure: string; notes: string } {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const perClient = (report.rssAfterBytes - report.rssBeforeBytes) / report.clients;
  return {
    figure: `${mb(report.rssBeforeBytes)} → ${mb(report.rssAfterBytes)}`,
    notes: `server RSS before → after ${report.clients} idle streams (~${(perClient / 1024).toFixed(1)} KB each); connected in ${(report.connectMs / 1000).toFixed(2)} s; open-file limit ${report.fdLimit}`,
  };
}

if (import.meta.main) {
  const { createDatabase, dropDatabase, seedBenchData } = await import("./seed");
  const { ADMIN_KEY, APP_SECRET, cleanUp, onCleanUp, startApp } = await import("./processes");
  const clients = Number(process.argv[2] ?? "2000");
  const dataDir = mkdtempSync(join(tmpdir(), "bench-sse-"));
  onCleanUp(() => rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = await createDatabase("bench_sse");
  onCleanUp(() => dropDatabase("bench_sse"));
  try {
    const world = await seedBenchData(
      { databaseUrl, dataDir, appSecret: APP_SECRET, adminKey: ADMIN_KEY },
      { customers: 1, writers: 0, admins: 0, signInUsers: 0, usersInAll: 0 },
    );
    const app = await startApp({ databaseUrl, dataDir, smtpUrl: "" });
    const report = await measureIdleStreams({ url: app.url, pid: app.process.pid, cookies: world.streamSessions, clients, say: console.error });
    const { figure, notes } = describeIdleStreams(report);
    console.log(`| ${report.clients} idle SSE clients, Postgres | ${figure} | ${notes} |`);
  } finally {
    await cleanUp();
  }
}
