// The job queue: pg-boss in the app's own database (PGlite or Postgres), so a job is as durable
// as the rows that caused it and any instance may run it. No product rules live here.
//
// - Every queue is declared when the queue is created; `start()` creates or updates them, so
//   retry and dead-letter settings in code are the settings in the database.
// - `send(..., { tx })` enqueues inside the caller's Drizzle transaction: the job exists exactly
//   when the transaction commits, and a rollback leaves nothing behind.
// - Jobs are at-least-once: a handler may run again after a crash or a stop that outlasts its
//   timeout, so handlers must be idempotent.
// - The server answers before the queue starts: pg-boss (a fifth of the server's modules) is loaded
//   by the start, which `start()` or the first use of the queue begins; what needs it waits for it.
import { SQL, sql } from "drizzle-orm";
import type { Db as BossDb, Job as BossJob, ConstructorOptions, PgBoss } from "pg-boss";
import type { Database, Db } from "./db";
import type { JsonObject } from "./json";

/** Queue name → payload type. Dead letter queues are queues too, with the payload of their source. */
export type JobMap = Record<string, JsonObject>;

export type QueueSettings = {
  /**
   * "short": at most one queued (not yet running) job per singleton key, so a burst of sends
   * becomes one job, and a send while it runs queues the next. Standard (no such limit) by default.
   */
  policy?: "short";
  /** Retries after the first attempt; 2 by default. */
  retryLimit?: number;
  /** Seconds before the first retry; 1 by default. */
  retryDelaySeconds?: number;
  /** Doubles the delay after each failure (with jitter); on by default. */
  retryBackoff?: boolean;
  /** Upper bound on the delay between retries, in seconds. */
  retryDelayMaxSeconds?: number;
  /** Queue that receives the job once its retries are spent; declare it as well. */
  deadLetter?: string;
  /** A running job not finished after this many seconds counts as failed; 15 minutes by default. */
  expireInSeconds?: number;
  /**
   * The worker running a job refreshes it every half this many seconds (at least 10); a job not
   * refreshed for this long (its process died) counts as failed and is retried. Off by default.
   */
  heartbeatSeconds?: number;
};

export type JobContext<Name extends string, Data> = {
  id: string;
  name: Name;
  data: Data;
  /** 0 on the first attempt. */
  retryCount: number;
  /** Aborted when the job expires or the queue stops without waiting for it. */
  signal: AbortSignal;
};

export type SendOptions = {
  /** The transaction of the change that causes the job; without it the job is sent on its own. */
  tx?: Db;
  /** Run no earlier than this moment, or this many seconds from now. */
  startAfter?: Date | number;
  /** While a job with this key is queued in this queue, another send with the key is dropped (returns null). */
  singletonKey?: string;
  /** Higher runs first. */
  priority?: number;
};

export type WorkOptions = {
  /** Handlers of this queue running at once in this instance; 1 by default. */
  concurrency?: number;
  /** Seconds between polls when no notification arrives; 2 by default. */
  pollingIntervalSeconds?: number;
};

export type BatchWorkOptions = WorkOptions & {
  /** Jobs fetched at once by each of the `concurrency` workers; while fetches come back full, the next follows at once. */
  batchSize: number;
  /** Only jobs sent with at least this priority: workers kept free for urgent jobs while others work through a backlog. */
  minPriority?: number;
};

/** One job's outcome in a batch: null when it succeeded, or the error that fails (and retries) that job alone. */
export type JobOutcome = Error | null;

export type JobQueue<Jobs extends JobMap> = {
  /**
   * Installs or migrates pg-boss's schema, applies the queue settings, starts schedules and
   * maintenance. A send, worker or schedule asked for earlier starts the queue itself and waits
   * for it, and so does a transaction on PGlite.
   */
  start(): Promise<void>;
  /** Stops fetching, waits up to `timeoutMs` (30 s) for running handlers, then fails the rest so another instance retries them. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Enqueues a job and resolves with its id, or null when a singleton key dropped it; waits for the start. */
  send<Name extends keyof Jobs & string>(name: Name, data: Jobs[Name], options?: SendOptions): Promise<string | null>;
  /**
   * Enqueues several jobs in one statement, in the caller's transaction when `tx` is given. A
   * singleton key drops a job only where the queue's policy says so ("short"). Waits for the start.
   */
  sendMany<Name extends keyof Jobs & string>(
    name: Name,
    jobs: { data: Jobs[Name]; singletonKey?: string; priority?: number }[],
    options?: Pick<SendOptions, "tx">,
  ): Promise<void>;
  /** Runs `handler` for each job of the queue; a throw fails the attempt and schedules a retry. */
  work<Name extends keyof Jobs & string>(name: Name, options: WorkOptions, handler: (job: JobContext<Name, Jobs[Name]>) => Promise<void>): Promise<void>;
  /**
   * Runs `handler` for batches of the queue's jobs, highest priority first. The handler answers
   * one outcome per job, in the order given: each job succeeds or fails (and retries) on its
   * own. A throw fails the whole batch.
   */
  workBatch<Name extends keyof Jobs & string>(
    name: Name,
    options: BatchWorkOptions,
    handler: (jobs: JobContext<Name, Jobs[Name]>[]) => Promise<JobOutcome[]>,
  ): Promise<void>;
  /** Sends `data` to the queue on a cron expression (UTC, 5 or 6 fields), once per occurrence across all instances. */
  schedule<Name extends keyof Jobs & string>(name: Name, cron: string, data: Jobs[Name]): Promise<void>;
  /** Removes the queue's schedule. */
  unschedule(name: keyof Jobs & string): Promise<void>;
  /** Every declared queue's waiting jobs, read now (for metrics; never per request). */
  stats(): Promise<QueueStats[]>;
};

export type JobQueueOptions<Jobs extends JobMap> = {
  queues: { [Name in keyof Jobs]: QueueSettings };
  log: (line: string) => void;
  /** Seconds between cron passes; 30 by default, shorter in tests. */
  cronIntervalSeconds?: number;
  /** False when the tables' owner has created the queue's schema for the app's role (DATABASE_MIGRATION_URL). */
  createSchema?: boolean;
};

type Started = { boss: PgBoss; fromDrizzle: typeof import("pg-boss").fromDrizzle };

export function createJobQueue<Jobs extends JobMap>(database: Pick<Database, "driver">, options: JobQueueOptions<Jobs>): JobQueue<Jobs> {
  const { log } = options;
  const names = Object.keys(options.queues) as (keyof Jobs & string)[];
  let started: Promise<Started> | undefined;
  const ensureStarted = (): Promise<Started> => {
    if (!started) {
      started = startBoss();
      // Whoever waits for the start hears its failure; this only keeps an unawaited one from ending the process.
      started.catch(() => {});
    }
    return started;
  };

  async function startBoss(): Promise<Started> {
    const { PgBoss, fromDrizzle, fromPglite } = await import("pg-boss");
    const boss = new PgBoss({
      ...connection(database, fromPglite),
      ...cronTiming(options.cronIntervalSeconds),
      useListenNotify: true,
      createSchema: options.createSchema ?? true,
    });
    // pg-boss reports background failures (maintenance, polling) as events; unheard, an 'error'
    // event would throw and end the process.
    boss.on("error", (error) => log(`jobs: ${error.message}`));
    boss.on("warning", (warning) => log(`jobs: ${warning.message}`));
    await boss.start();
    await applyQueueSettings(boss);
    return { boss, fromDrizzle };
  }

  /**
   * Creates the queues that are missing and updates those whose settings changed: one read at a
   * start that changes nothing (creating and updating every queue again was some forty statements,
   * a tenth of a start on PGlite).
   */
  async function applyQueueSettings(boss: PgBoss): Promise<void> {
    const existing = new Map((await boss.getQueues(names)).map((queue) => [queue.name, queue as unknown as Record<string, unknown>]));
    // Created first and configured second, so a dead letter queue exists before anything names it.
    for (const name of names) {
      if (existing.has(name)) continue;
      const policy = options.queues[name].policy;
      await boss.createQueue(name, { notify: true, ...(policy ? { policy } : {}) });
    }
    for (const name of names) {
      const settings: QueueSettings = options.queues[name];
      const wanted = {
        retryLimit: settings.retryLimit ?? 2,
        retryDelay: settings.retryDelaySeconds ?? 1,
        retryBackoff: settings.retryBackoff ?? true,
        retryDelayMax: settings.retryDelayMaxSeconds ?? null,
        deadLetter: settings.deadLetter ?? null,
        ...(settings.expireInSeconds === undefined ? {} : { expireInSeconds: settings.expireInSeconds }),
        heartbeatSeconds: settings.heartbeatSeconds ?? null,
      };
      const current = existing.get(name);
      if (current && Object.entries(wanted).every(([key, value]) => current[key] === value)) continue;
      await boss.updateQueue(name, wanted);
    }
  }

  return {
    async start() {
      await ensureStarted();
    },

    async stop(stopOptions = {}) {
      if (!started) return;
      const boss = await started.then(
        ({ boss }) => boss,
        () => null,
      );
      await boss?.stop({ graceful: true, timeout: stopOptions.timeoutMs ?? 30_000 });
    },

    async send(name, data, sendOptions = {}) {
      // pg-boss looks up an unknown queue on its own connection. On PGlite that connection waits
      // for the caller's transaction to end, and the transaction waits for this send: a deadlock.
      // Declared queues are already cached by `start()`, so only declared names may be sent.
      if (!Object.hasOwn(options.queues, name)) throw new Error(`jobs: queue ${name} is not declared`);
      const { boss, fromDrizzle } = await ensureStarted();
      return boss.send(name, data, {
        ...(sendOptions.tx ? { db: transactionDb(sendOptions.tx, fromDrizzle) } : {}),
        ...(sendOptions.startAfter === undefined ? {} : { startAfter: sendOptions.startAfter }),
        ...(sendOptions.singletonKey === undefined ? {} : { singletonKey: sendOptions.singletonKey }),
        ...(sendOptions.priority === undefined ? {} : { priority: sendOptions.priority }),
      });
    },

    async sendMany(name, jobs, sendOptions = {}) {
      // Declared names only, for the reason given in `send`.
      if (!Object.hasOwn(options.queues, name)) throw new Error(`jobs: queue ${name} is not declared`);
      if (jobs.length === 0) return;
      const { boss, fromDrizzle } = await ensureStarted();
      await boss.insert(
        name,
        jobs.map((job) => ({
          data: job.data,
          ...(job.singletonKey === undefined ? {} : { singletonKey: job.singletonKey }),
          ...(job.priority === undefined ? {} : { priority: job.priority }),
        })),
        sendOptions.tx ? { db: transactionDb(sendOptions.tx, fromDrizzle) } : {},
      );
    },

    async work(name, workOptions, handler) {
      // A notification wakes the worker the moment a job is sent, but retries and delayed jobs
      // become due without one, so polling keeps its short interval even while notify is on.
      const pollingIntervalSeconds = workOptions.pollingIntervalSeconds ?? 2;
      const { boss } = await ensureStarted();
      await boss.work<Jobs[typeof name]>(
        name,
        { batchSize: 1, localConcurrency: workOptions.concurrency ?? 1, pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds },
        async (jobs: BossJob<Jobs[typeof name]>[]) => {
          for (const job of jobs) {
            try {
              await handler({ id: job.id, name, data: job.data, retryCount: job.retryCount, signal: job.signal });
            } catch (error) {
              log(`jobs: ${name} ${job.id} failed (attempt ${job.retryCount + 1}): ${error instanceof Error ? error.message : String(error)}`);
              throw error;
            }
          }
        },
      );
    },

    async workBatch(name, workOptions, handler) {
      const pollingIntervalSeconds = workOptions.pollingIntervalSeconds ?? 2;
      const { boss } = await ensureStarted();
      await boss.work<Jobs[typeof name]>(
        name,
        {
          batchSize: workOptions.batchSize,
          localConcurrency: workOptions.concurrency ?? 1,
          pollingIntervalSeconds,
          notifyPollingIntervalSeconds: pollingIntervalSeconds,
          // A full batch means more are waiting: fetch again at once instead of sleeping a poll.
          burstWhenBatchFull: true,
          perJobResults: true,
          ...(workOptions.minPriority === undefined ? {} : { minPriority: workOptions.minPriority }),
        },
        async (jobs: BossJob<Jobs[typeof name]>[]) => {
          const outcomes = await handler(jobs.map((job) => ({ id: job.id, name, data: job.data, retryCount: job.retryCount, signal: job.signal })));
          return jobs.map((job, index) => {
            const error = outcomes[index];
            if (error === null) return { id: job.id, status: "completed" as const };
            const message = error ? error.message : "the handler gave no outcome";
            log(`jobs: ${name} ${job.id} failed (attempt ${job.retryCount + 1}): ${message}`);
            return { id: job.id, status: "failed" as const, output: { message } };
          });
        },
      );
    },

    async schedule(name, cron, data) {
      const { boss } = await ensureStarted();
      await boss.schedule(name, cron, data, { tz: "UTC" });
    },

    async unschedule(name) {
      const { boss } = await ensureStarted();
      await boss.unschedule(name);
    },

    async stats() {
      const { boss } = await ensureStarted();
      return readQueueStats(boss, names);
    },
  };
}

function connection(database: Pick<Database, "driver">, fromPglite: typeof import("pg-boss").fromPglite): ConstructorOptions {
  const { driver } = database;
  // On Postgres pg-boss keeps its own small pool (and one LISTEN connection), so a busy queue
  // never starves requests of the app's connections.
  //
  // Expired jobs and lost heartbeats are failed (and so retried) by a supervise pass, once per
  // interval across the cluster; pg-boss's 60 s default would leave a job a killed instance held
  // untouched for up to a minute after its heartbeat ran out. Only several processes can lose a
  // running job this way, so PGlite (one process) keeps the defaults.
  if (driver.kind === "postgres") {
    return { connectionString: driver.url, max: 4, application_name: "jobs", superviseIntervalSeconds: 10, monitorIntervalSeconds: 10 };
  }
  // On PGlite there is one connection in this process. pg-boss's adapter runs parameterless
  // multi-statement scripts (schema install, migrations, locked maintenance) through `exec`,
  // flattening every statement's rows as `pg` would, and the rest through `query`.
  return { db: fromPglite(driver.client), backend: "pglite" };
}

function cronTiming(seconds: number | undefined): ConstructorOptions {
  return seconds === undefined ? {} : { cronMonitorIntervalSeconds: seconds, cronWorkerIntervalSeconds: seconds };
}

/**
 * pg-boss statements run on the caller's Drizzle transaction. pg-boss's Drizzle adapter turns its
 * `$1` text into a Drizzle `sql` query; both drivers' results (Bun.SQL: an array of rows,
 * PGlite: `{ rows }`) are what that adapter unwraps.
 */
function transactionDb(tx: Db, fromDrizzle: Started["fromDrizzle"]): BossDb {
  return fromDrizzle(
    {
      async execute(query: unknown) {
        if (!(query instanceof SQL)) throw new Error("jobs: expected a Drizzle SQL query");
        const result: unknown = await tx.execute(query);
        if (Array.isArray(result)) return result;
        if (hasRows(result)) return result;
        throw new Error("jobs: unexpected result from the transaction");
      },
    },
    sql,
  );
}

function hasRows(value: unknown): value is { rows: unknown[] } {
  return typeof value === "object" && value !== null && "rows" in value && Array.isArray(value.rows);
}

// ---- Queue stats (metrics) ----

export type QueueStats = {
  name: string;
  /** Jobs not yet running: waiting, retrying, or deferred to a later start. */
  queued: number;
  /** How long the job that could have run the longest has waited since it could; 0 with none. */
  oldestReadySeconds: number;
};

/**
 * One read of pg-boss's job table for all declared queues. pg-boss's own counts (getQueues) are
 * as old as its last monitor pass (up to a minute on PGlite) and carry no age without
 * persistQueueStats; this count of waiting jobs reads the partial index they sit in.
 */
async function readQueueStats(boss: PgBoss, names: string[]): Promise<QueueStats[]> {
  const { rows } = await boss.getDb().executeSql(
    `select name, count(*)::int as queued,
       coalesce(extract(epoch from now() - min(greatest(created_on, start_after)) filter (where start_after <= now() and not blocked)), 0)::float8 as oldest
     from pgboss.job where state < 'active' and name = any($1::text[]) group by name`,
    [names],
  );
  const byName = new Map((rows as { name: string; queued: number; oldest: number }[]).map((row) => [row.name, row]));
  return names.map((name) => ({ name, queued: Number(byName.get(name)?.queued ?? 0), oldestReadySeconds: Number(byName.get(name)?.oldest ?? 0) }));
}
