// The job queue on the test database (PGlite in memory, or Postgres with TEST_DATABASE_URL).
// Each test uses queues of its own, so jobs left by one test never reach another's workers.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../src/lib/db";
import { type JobQueue, createJobQueue } from "../src/lib/jobs";
import { createTestDatabase, testDatabaseUrl } from "./helpers/db";
import { waitFor } from "./helpers/wait";

type Jobs = {
  "t.committed": { causeId: string };
  "t.rolled-back": { causeId: string };
  "t.flaky": { n: number };
  "t.flaky.dead": { n: number };
  "t.shared": { n: number };
  "t.tick": { from: string };
  "t.slow": { ms: number };
  "t.handover": { ms: number };
  "t.early": { causeId: string };
  "t.unstarted": { causeId: string };
  "t.batch": { n: number };
  "t.backlog": { n: number };
  "t.many": { n: number };
};

const queues = {
  "t.committed": {},
  "t.rolled-back": {},
  "t.flaky": { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true, deadLetter: "t.flaky.dead" },
  "t.flaky.dead": {},
  "t.shared": {},
  "t.tick": {},
  "t.slow": {},
  "t.handover": {},
  "t.early": {},
  "t.unstarted": {},
  "t.batch": { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false },
  "t.backlog": {},
  "t.many": {},
} as const;

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;
let db: Db;
const logs: string[] = [];
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  // A stand-in for a feature's table: the change that causes a job.
  await db.execute(sql`create table job_causes (id text primary key)`);
  // Opening and migrating a database takes seconds on a busy machine.
}, 60_000);

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  logs.length = 0;
});

afterAll(async () => {
  await database.close();
});

/** A started queue instance, as one app instance would have; stopped after the test. */
async function instance(cronIntervalSeconds?: number): Promise<JobQueue<Jobs>> {
  const jobs = createJobQueue<Jobs>(database, {
    queues,
    log: (line) => logs.push(line),
    ...(cronIntervalSeconds === undefined ? {} : { cronIntervalSeconds }),
  });
  await jobs.start();
  cleanups.push(() => jobs.stop({ timeoutMs: 1_000 }));
  return jobs;
}

/** Rows of a raw query: Bun.SQL answers an array of rows, PGlite `{ rows }`. */
async function select<Row>(on: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await on.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

async function countJobs(on: Db, name: keyof Jobs): Promise<number> {
  const [row] = await select<{ n: number }>(on, sql`select count(*)::int as n from pgboss.job where name = ${name}`);
  return row?.n ?? 0;
}

async function jobStates(name: keyof Jobs): Promise<string[]> {
  const rows = await select<{ state: string }>(db, sql`select state from pgboss.job where name = ${name}`);
  return rows.map((row) => row.state);
}

const fast = { pollingIntervalSeconds: 0.5 };

describe(`jobs on ${process.env.TEST_DATABASE_URL ? "Postgres" : "PGlite"}`, () => {
  test("a job sent in a committed transaction runs, and sees the change that caused it", async () => {
    const jobs = await instance();
    const seen: boolean[] = [];
    await jobs.work("t.committed", fast, async (job) => {
      seen.push((await select(db, sql`select 1 from job_causes where id = ${job.data.causeId}`)).length === 1);
    });

    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into job_causes (id) values ('committed')`);
      await jobs.send("t.committed", { causeId: "committed" }, { tx });
    });

    await waitFor("the job to run", () => seen.length === 1);
    expect(seen).toEqual([true]);
  });

  // On PGlite, one connection, the start would wait for the connection the transaction holds while
  // the send waits for the start: the server starts its queue before it serves (src/boot.ts).
  test.skipIf(!testDatabaseUrl)("on Postgres, a job sent while the queue is still starting waits for the start, even inside a transaction", async () => {
    const jobs = createJobQueue<Jobs>(database, { queues, log: (line) => logs.push(line) });
    const starting = jobs.start();
    cleanups.push(() => jobs.stop({ timeoutMs: 1_000 }));
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into job_causes (id) values ('early')`);
      await jobs.send("t.early", { causeId: "early" }, { tx });
    });
    await starting;
    expect(await countJobs(db, "t.early")).toBe(1);
  });

  test.skipIf(!testDatabaseUrl)("on Postgres, a job sent before anything started the queue starts it, even inside a transaction", async () => {
    const jobs = createJobQueue<Jobs>(database, { queues, log: (line) => logs.push(line) });
    cleanups.push(() => jobs.stop({ timeoutMs: 1_000 }));
    // No start(): the send starts it.
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into job_causes (id) values ('unstarted')`);
      await jobs.send("t.unstarted", { causeId: "unstarted" }, { tx });
    });
    expect(await countJobs(db, "t.unstarted")).toBe(1);
  });

  test("a job sent in a rolled-back transaction never exists, so it never runs", async () => {
    const jobs = await instance();
    const ran: string[] = [];
    await jobs.work("t.rolled-back", fast, async (job) => {
      ran.push(job.data.causeId);
    });

    let insideTransaction = -1;
    const failure = db.transaction(async (tx) => {
      await tx.execute(sql`insert into job_causes (id) values ('rolled-back')`);
      await jobs.send("t.rolled-back", { causeId: "rolled-back" }, { tx });
      insideTransaction = await countJobs(tx, "t.rolled-back");
      throw new Error("the change fails after the send");
    });
    await expect(failure).rejects.toThrow("the change fails after the send");

    // The job row was written by the transaction itself, and went with it.
    expect(insideTransaction).toBe(1);
    expect(await countJobs(db, "t.rolled-back")).toBe(0);
    // A job sent after it runs: the worker has fetched since, and ran only that one.
    await jobs.send("t.rolled-back", { causeId: "after" });
    await waitFor("the job sent after", () => ran.length > 0);
    expect(ran).toEqual(["after"]);
  });

  test("a failing job retries with growing delays, then lands in its dead letter queue", async () => {
    const jobs = await instance();
    const attempts: { at: number; retryCount: number }[] = [];
    await jobs.work("t.flaky", fast, async (job) => {
      attempts.push({ at: Date.now(), retryCount: job.retryCount });
      throw new Error("always fails");
    });
    const dead: { n: number }[] = [];
    await jobs.work("t.flaky.dead", fast, async (job) => {
      dead.push(job.data);
    });

    await jobs.send("t.flaky", { n: 7 });

    await waitFor("the dead letter", () => dead.length === 1, 15_000);
    expect(dead).toEqual([{ n: 7 }]);
    // The first attempt and two retries (retryLimit 2).
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    const [first, second, third] = attempts.map((a) => a.at);
    // Backoff from a 1 s delay: the first retry waits 1–2 s, the second 2–4 s.
    expect(second! - first!).toBeGreaterThanOrEqual(900);
    expect(third! - second!).toBeGreaterThanOrEqual(1_900);
    expect(logs.filter((line) => line.includes("t.flaky") && line.includes("always fails"))).toHaveLength(3);
  }, 20_000);

  test("jobs sent together exist only if the transaction commits", async () => {
    const jobs = await instance();
    const many = (ns: number[]) => ns.map((n) => ({ data: { n }, priority: n }));
    await expect(
      db.transaction(async (tx) => {
        await jobs.sendMany("t.many", many([1, 2, 3]), { tx });
        throw new Error("the change that caused them failed");
      }),
    ).rejects.toThrow("the change that caused them failed");
    expect(await countJobs(db, "t.many")).toBe(0);

    await db.transaction((tx) => jobs.sendMany("t.many", many([1, 2, 3]), { tx }));
    const rows = await select<{ n: number; priority: number }>(
      db,
      sql`select (data ->> 'n')::int as n, priority from pgboss.job where name = 't.many' order by 1`,
    );
    expect(rows).toEqual([
      { n: 1, priority: 1 },
      { n: 2, priority: 2 },
      { n: 3, priority: 3 },
    ]);
  });

  test("a batch's jobs succeed or fail one by one: only the failed one is retried", async () => {
    const jobs = await instance();
    for (let n = 0; n < 5; n++) await jobs.send("t.batch", { n });
    const attempts: { n: number; retryCount: number }[] = [];
    await jobs.workBatch("t.batch", { ...fast, batchSize: 5 }, async (batch) => {
      for (const job of batch) attempts.push({ n: job.data.n, retryCount: job.retryCount });
      return batch.map((job) => (job.data.n === 2 && job.retryCount === 0 ? new Error("the second one fails once") : null));
    });

    await waitFor(
      "every job to complete",
      async () => {
        const states = await jobStates("t.batch");
        return states.length === 5 && states.every((state) => state === "completed");
      },
      10_000,
    );
    expect(attempts.filter((attempt) => attempt.n !== 2).map((attempt) => attempt.retryCount)).toEqual([0, 0, 0, 0]);
    expect(attempts.filter((attempt) => attempt.n === 2).map((attempt) => attempt.retryCount)).toEqual([0, 1]);
    expect(logs.filter((line) => line.startsWith("jobs: t.batch") && line.includes("the second one fails once"))).toHaveLength(1);
  }, 15_000);

  test("a batch worker works through a backlog without waiting its polling interval between batches", async () => {
    const jobs = await instance();
    const total = 35;
    for (let n = 0; n < total; n++) await jobs.send("t.backlog", { n });
    const batches: number[] = [];
    // An hour between polls: only fetching again at once after a full batch can run them all.
    await jobs.workBatch("t.backlog", { batchSize: 5, pollingIntervalSeconds: 3_600 }, async (batch) => {
      batches.push(batch.length);
      return batch.map(() => null);
    });

    await waitFor("every job to run", () => batches.reduce((sum, size) => sum + size, 0) >= total, 10_000);
    expect(batches).toEqual([5, 5, 5, 5, 5, 5, 5]);
  }, 15_000);

  test("two instances on one database never run the same job twice", async () => {
    const [a, b] = [await instance(), await instance()];
    const runs: { id: string; by: "a" | "b" }[] = [];
    for (const [jobs, by] of [
      [a, "a"],
      [b, "b"],
    ] as const) {
      await jobs.work("t.shared", { ...fast, concurrency: 3 }, async (job) => {
        runs.push({ id: job.id, by });
        await Bun.sleep(10);
      });
    }

    const total = 40;
    for (let n = 0; n < total; n++) await (n % 2 ? a : b).send("t.shared", { n });

    await waitFor("every job to run", () => runs.length >= total, 15_000);
    // Stopping waits for the handlers running, so a second run of any job would be in by then.
    for (const jobs of [a, b]) await jobs.stop({ timeoutMs: 5_000 });
    expect(runs).toHaveLength(total);
    expect(new Set(runs.map((r) => r.id)).size).toBe(total);
  }, 20_000);

  test("a schedule registered on two instances fires once", async () => {
    const [a, b] = [await instance(1), await instance(1)];
    const runs: string[] = [];
    for (const jobs of [a, b]) {
      await jobs.work("t.tick", fast, async (job) => {
        runs.push(job.id);
      });
    }

    // A six-field cron naming one second, three seconds from now: it occurs exactly once, so
    // every job beyond the first would be a duplicate.
    const at = new Date(Date.now() + 3_000);
    const cron = `${at.getUTCSeconds()} ${at.getUTCMinutes()} ${at.getUTCHours()} ${at.getUTCDate()} ${at.getUTCMonth() + 1} *`;
    await a.schedule("t.tick", cron, { from: "a" });
    await b.schedule("t.tick", cron, { from: "b" });

    await waitFor("the scheduled job", () => runs.length >= 1, 15_000);
    // Both instances keep running cron passes for a few more seconds.
    await Bun.sleep(3_000);
    expect(runs).toHaveLength(1);
    await a.unschedule("t.tick");
  }, 25_000);

  test("stop() lets the running handler finish", async () => {
    const jobs = createJobQueue<Jobs>(database, { queues, log: (line) => logs.push(line) });
    await jobs.start();
    let started = false;
    let finished = false;
    await jobs.work("t.slow", fast, async (job) => {
      started = true;
      await Bun.sleep(job.data.ms);
      finished = true;
    });
    await jobs.send("t.slow", { ms: 1_000 });
    await waitFor("the handler to start", () => started);

    await jobs.stop({ timeoutMs: 5_000 });

    expect(finished).toBe(true);
    expect(await jobStates("t.slow")).toEqual(["completed"]);
  }, 15_000);

  test("a handler that outlasts stop()'s timeout is aborted and its job retried by another instance", async () => {
    const stopping = createJobQueue<Jobs>(database, { queues, log: (line) => logs.push(line) });
    await stopping.start();
    let aborted = false;
    await stopping.work("t.handover", fast, async (job) => {
      await Bun.sleep(job.data.ms);
      aborted = job.signal.aborted;
    });
    await stopping.send("t.handover", { ms: 3_000 });
    await waitFor("the first attempt to start", async () => (await jobStates("t.handover")).includes("active"));

    const stopStarted = Date.now();
    await stopping.stop({ timeoutMs: 1_000 });
    expect(Date.now() - stopStarted).toBeLessThan(2_900);
    expect(await jobStates("t.handover")).toEqual(["retry"]);

    const other = await instance();
    const retries: number[] = [];
    await other.work("t.handover", fast, async (job) => {
      retries.push(job.retryCount);
    });
    await waitFor("the retry on the other instance", () => retries.length === 1, 10_000);
    expect(retries).toEqual([1]);
    await waitFor("the first handler to notice", () => aborted, 5_000);
  }, 20_000);

  test("a queue's settings change at the next start, and a start that changes nothing writes nothing", async () => {
    const started = async (retryLimit: number) => {
      const jobs = createJobQueue<{ "t.settings": { n: number } }>(database, { queues: { "t.settings": { retryLimit } }, log: (line) => logs.push(line) });
      await jobs.start();
      await jobs.stop({ timeoutMs: 1_000 });
    };
    const settings = async () =>
      (await select<{ retry_limit: number; updated_on: string }>(db, sql`select retry_limit, updated_on::text from pgboss.queue where name = 't.settings'`))[0];

    await started(3);
    const first = await settings();
    expect(first?.retry_limit).toBe(3);
    await started(3);
    expect(await settings()).toEqual(first);
    await started(5);
    const changed = await settings();
    expect(changed?.retry_limit).toBe(5);
    expect(changed?.updated_on).not.toBe(first?.updated_on);
  }, 20_000);
});
