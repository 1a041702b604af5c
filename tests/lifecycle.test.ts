// The process and the database over time: restarts, shutdown, outages, concurrent start-ups.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Socket, TCPSocketListener } from "bun";
import { sql } from "drizzle-orm";
import { users } from "../db/schema";
import { JOBS_START_AFTER_MS, boot } from "../src/boot";
import { loadConfig } from "../src/config";
import { seedFaqs } from "../src/features/faq/seed";
import { openDatabase } from "../src/lib/db";
import { newId } from "../src/lib/ids";
import { copyMigratedPglite, createTestDatabase, createThrowawayDatabase, migratedPgliteDataDir, testDatabaseUrl } from "./helpers/db";

const main = join(import.meta.dir, "../src/main.ts");

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await Bun.sleep(100);
  }
  throw new Error("condition not met in time");
}

describe("the embedded database", () => {
  test("PGlite keeps its data under DATA_DIR across restarts", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "webstudio-pglite-"));
    try {
      const first = await openDatabase({ databaseUrl: null, dataDir });
      const id = newId();
      await first.db.insert(users).values({ id, email: `${id}@example.com`, displayName: "Kept" });
      await first.close();
      const second = await openDatabase({ databaseUrl: null, dataDir });
      const rows = await second.db.select().from(users);
      expect(rows.map((row) => row.id)).toContain(id);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("PGlite reads each row's text as written, without copying a buffer per field (patches/, decision 062)", async () => {
    const database = await openDatabase({ databaseUrl: null, dataDir: "", memory: true, loadDataDir: await migratedPgliteDataDir() });
    const names = ["Zoë Ångström", "日本のスタジオ", "Ünïcödé 🚀 studio", ""];
    const slice = ArrayBuffer.prototype.slice;
    let copies = 0;
    try {
      await database.db.insert(users).values(names.map((name, i) => ({ id: newId(), email: `reader-${i}@example.com`, displayName: name })));
      ArrayBuffer.prototype.slice = function (this: ArrayBuffer, ...range: Parameters<ArrayBuffer["slice"]>) {
        copies++;
        return slice.apply(this, range);
      };
      const rows = await database.db.select().from(users);
      ArrayBuffer.prototype.slice = slice;
      expect(rows.map((row) => row.displayName).toSorted()).toEqual(names.toSorted());
      const fields = rows.length * Object.keys(rows[0]!).length;
      // A handful of copies per query (the protocol chunks), not one per field as unpatched.
      expect(copies).toBeLessThan(fields / 4);
    } finally {
      ArrayBuffer.prototype.slice = slice;
      await database.close();
    }
  });
});

describe("the server process", () => {
  test("SIGTERM finishes in-flight work, closes the database and exits 0", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "webstudio-proc-"));
    // As a restart finds it: the migrations ran at an earlier start.
    await copyMigratedPglite(dataDir);
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = Bun.spawn(["bun", main], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "" },
      stdout: "pipe",
      stderr: "pipe",
    });
    let stdout = "";
    const read = (async () => {
      for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) stdout += chunk;
    })();
    try {
      // Fully started: on PGlite the job queue (on a new database, installing its schema) runs before the server listens.
      // In a fresh clone this is the suite's first start, which also builds the island bundles: it took
      // over 15 s on a slow 2-core machine, so it gets a minute (a bound on waiting, not on speed).
      await waitFor(async () => stdout.includes("jobs: the queue runs") && stdout.includes("listening on"), 60_000);
      // A request that is half sent when SIGTERM arrives must still be answered.
      let received = "";
      const answered = Promise.withResolvers<void>();
      const socket = await Bun.connect({
        hostname: "127.0.0.1",
        port,
        socket: {
          data: (_socket, chunk) => {
            received += new TextDecoder().decode(chunk);
            if (received.includes("\r\n\r\n")) answered.resolve();
          },
          close: () => answered.resolve(),
        },
      });
      // /health, not /ready: a stopping instance answers /ready with 503 on purpose.
      socket.write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      await Bun.sleep(200);
      child.kill("SIGTERM");
      await Bun.sleep(200);
      socket.write("Connection: close\r\n\r\n");
      await answered.promise;
      expect(received).toStartWith("HTTP/1.1 200");
      socket.end();
      expect(await child.exited).toBe(0);
      await read;
      expect(stdout).toContain("SIGTERM received");
    } finally {
      child.kill();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  test("SIGTERM turns /ready to 503 for SHUTDOWN_DELAY_MS while requests are still served, then exits 0", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "webstudio-drain-"));
    // As a restart finds it: the migrations ran at an earlier start.
    await copyMigratedPglite(dataDir);
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = Bun.spawn(["bun", main], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", SHUTDOWN_DELAY_MS: "1500" },
      stdout: "pipe",
      stderr: "pipe",
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      // A new PGlite installs the job queue's schema before the server listens: a bound on waiting, not on speed.
      await waitFor(async () => (await fetch(`${base}/ready`)).status === 200, 60_000);
      const signalled = Date.now();
      child.kill("SIGTERM");
      await waitFor(async () => (await fetch(`${base}/ready`)).status === 503, 1000);
      // Still listening: the balancer's last requests, sent before it saw the 503, are answered.
      expect((await fetch(`${base}/health`)).status).toBe(200);
      expect(await child.exited).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(1500);
      expect(await new Response(child.stdout).text()).toContain("draining: /ready answers 503");
    } finally {
      child.kill();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe("the job queue's start", () => {
  const QUEUE_RUNS = "jobs: the queue runs";
  // On Postgres the queue holds connections of its own, named "jobs", from its start on.
  const queueConnections = async (database: Awaited<ReturnType<typeof createTestDatabase>>) => {
    const result: unknown = await database.db.execute(
      sql`select count(*)::int as connections from pg_stat_activity where datname = current_database() and application_name = 'jobs'`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { connections: number }[];
    return rows[0]?.connections ?? 0;
  };

  async function start() {
    const database = await createTestDatabase();
    // A database some start has seeded already, as at any restart.
    await seedFaqs(database.db);
    const dataDir = mkdtempSync(join(tmpdir(), "webstudio-jobs-start-"));
    const logs: string[] = [];
    const config = loadConfig({ NODE_ENV: "test", PORT: "0", DATA_DIR: dataDir, APP_SECRET: "x".repeat(40) });
    const running = await boot(config, { database, log: (line) => logs.push(line) });
    // Stopping the server closes the database it was given.
    const stop = async () => {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    return { database, running, logs, stop };
  }

  test.skipIf(!testDatabaseUrl)(
    "on Postgres, waits for the first answer, so the first request has the machine to itself",
    async () => {
      const { database, running, logs, stop } = await start();
      try {
        // Well within JOBS_START_AFTER_MS of the listener opening, nothing has started the queue
        // (started with the listener, as it was, pg-boss had connected by then).
        expect(JOBS_START_AFTER_MS).toBeGreaterThanOrEqual(1000);
        await Bun.sleep(300);
        expect(await queueConnections(database)).toBe(0);
        expect((await fetch(`${running.url}/`)).status).toBe(200);
        await running.jobsStarted;
        expect(await queueConnections(database)).toBeGreaterThan(0);
        expect(logs.filter((line) => line.includes(QUEUE_RUNS))).toHaveLength(1);
      } finally {
        await stop();
      }
    },
    30_000,
  );

  // PGlite is one connection: a transaction that sends a job would wait for the queue's start while
  // the start waits for that connection, so the queue runs before the first request.
  test.skipIf(Boolean(testDatabaseUrl))(
    "on PGlite, runs before the server answers its first request",
    async () => {
      const { running, logs, stop } = await start();
      try {
        // boot() has returned, so no request can have come yet.
        expect(logs.filter((line) => line.includes(QUEUE_RUNS))).toHaveLength(1);
        await running.jobsStarted;
      } finally {
        await stop();
      }
    },
    30_000,
  );

  test("begins on its own when no request comes", async () => {
    const { running, logs, stop } = await start();
    try {
      await running.jobsStarted;
      expect(logs.filter((line) => line.includes(QUEUE_RUNS))).toHaveLength(1);
    } finally {
      await stop();
    }
  }, 30_000);

  test.skipIf(!testDatabaseUrl)(
    "on Postgres, a server stopped before its queue started stops without starting it",
    async () => {
      const { running, logs, stop } = await start();
      await stop();
      await Bun.sleep(JOBS_START_AFTER_MS + 500);
      expect(running.startJobs).toBeInstanceOf(Function);
      expect(logs.filter((line) => line.includes(QUEUE_RUNS))).toHaveLength(0);
    },
    30_000,
  );
});

describe.skipIf(!testDatabaseUrl)("on PostgreSQL", () => {
  const freshDatabaseUrl = () => createThrowawayDatabase(testDatabaseUrl ?? "", "t_life");

  test("two instances migrating one empty database at once both start, and migrations apply once", async () => {
    const { url, drop } = await freshDatabaseUrl();
    try {
      const [a, b] = await Promise.all([openDatabase({ databaseUrl: url, dataDir: "" }), openDatabase({ databaseUrl: url, dataDir: "" })]);
      const check = new Bun.SQL(url, { max: 1 });
      const applied = await check`select count(*)::int as n from drizzle.__drizzle_migrations`;
      const files = [...new Bun.Glob("*.sql").scanSync(join(import.meta.dir, "../db/migrations"))];
      expect(applied[0]?.n).toBe(files.length);
      await check.close();
      await Promise.all([a.close(), b.close()]);
    } finally {
      await drop();
    }
  });

  test("/ready answers 503 while the database is unreachable and 200 again when it returns, without a restart", async () => {
    const { url, drop } = await freshDatabaseUrl();
    const target = new URL(testDatabaseUrl ?? "");
    // A loopback TCP relay in front of Postgres that the test can cut and restore.
    type Link = { peer?: Socket<unknown>; pending: Uint8Array[] };
    const open = new Set<Socket<Link>>();
    const relay = (port: number): TCPSocketListener<Link> =>
      Bun.listen<Link>({
        hostname: "127.0.0.1",
        port,
        socket: {
          async open(client) {
            open.add(client);
            client.data = { pending: [] };
            const peer = await Bun.connect({
              hostname: target.hostname,
              port: Number(target.port || 5432),
              socket: {
                data: (_upstream, chunk) => void client.write(chunk),
                close: () => void client.end(),
                error: () => void client.end(),
              },
            });
            client.data.peer = peer;
            for (const chunk of client.data.pending) peer.write(chunk);
            client.data.pending = [];
          },
          data: (client, chunk) => {
            if (client.data.peer) client.data.peer.write(chunk);
            else client.data.pending.push(new Uint8Array(chunk));
          },
          close: (client) => {
            open.delete(client);
            client.data.peer?.end();
          },
          error: (client) => void client.data.peer?.end(),
        },
      });
    let listener = relay(0);
    const relayPort = listener.port;
    const relayed = new URL(url);
    relayed.hostname = "127.0.0.1";
    relayed.port = String(relayPort);
    const dataDir = mkdtempSync(join(tmpdir(), "webstudio-ready-"));
    const config = loadConfig({ NODE_ENV: "test", PORT: "0", DATA_DIR: dataDir, DATABASE_URL: relayed.toString(), APP_SECRET: "x".repeat(40) });
    const running = await boot(config, { log: () => {} });
    // An outage once fully started, the job queue too.
    await running.startJobs();
    try {
      expect((await fetch(`${running.url}/ready`)).status).toBe(200);
      listener.stop(true);
      for (const socket of open) socket.end();
      await waitFor(async () => (await fetch(`${running.url}/ready`)).status === 503);
      listener = relay(relayPort);
      await waitFor(async () => (await fetch(`${running.url}/ready`)).status === 200);
    } finally {
      await running.stop().catch(() => {});
      listener.stop(true);
      rmSync(dataDir, { recursive: true, force: true });
      await drop();
    }
  }, 60_000);
});
