// Builds every dependency from a config and starts serving. main.ts and the tests both use
// this, so the tests exercise the same wiring as production.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createApp } from "./app";
import { COMMON_SUPER_ADMIN_PASSWORD, type Config } from "./config";
import type { AppDeps, AppEvents } from "./deps";
import { ensureSuperAdmin } from "./features/auth/bootstrap";
import { seedFaqs } from "./features/faq/seed";
import { startJobWorkers } from "./features/jobs/start";
import { forgetInstanceStreams, forgetLiveStream, pruneGoneInstanceStreams, recheckLiveStreams, startLiveFanout } from "./features/live/service";
import { loadBell } from "./features/notifications/service";
import { SERVER_BODY_CAP, createFetchHandler } from "./http/server";
import { createSealer, randomToken } from "./lib/crypto";
import { type Database, openDatabase } from "./lib/db";
import { createEventBus } from "./lib/events";
import { newId } from "./lib/ids";
import { type AppJobs, appQueues } from "./lib/job-queues";
import { createJobQueue } from "./lib/jobs";
import { createLogger } from "./lib/log";
import { createMailer } from "./lib/mail";
import { createMetrics } from "./lib/metrics";
import { createSseHub } from "./lib/sse";
import { createStorage } from "./lib/storage";
import { createPayments } from "./lib/stripe";
import { createTickets } from "./lib/tickets";
import { buildAssets } from "./render/assets";
import { answerFromCache, invalidatePublicPages } from "./render/page-cache";
import { LIVE_EVENTS_PATH } from "./shared/live-events";
import { isCommonPassword } from "./shared/passwords";

export type Running = {
  deps: AppDeps;
  url: string;
  port: number;
  /**
   * On Postgres the server answers before the job queue has started: the queue starts behind the
   * first answer, or JOBS_START_AFTER_MS after the listener opens if no request comes. On PGlite it
   * has started before the listener opens. This resolves once it has and this instance's workers
   * and schedules run, and rejects if it cannot start.
   */
  jobsStarted: Promise<void>;
  /** Starts the job queue now if nothing has yet, and answers `jobsStarted`. */
  startJobs(): Promise<void>;
  /**
   * Graceful stop: /ready answers 503 for SHUTDOWN_DELAY_MS while requests are still served (the load
   * balancer takes the instance out), then no new connections, in-flight requests finish, workers
   * stop, database closes.
   */
  stop(): Promise<void>;
};

/** How long after the listener opens the job queue starts when no request has come to start it behind. */
export const JOBS_START_AFTER_MS = 1000;

/**
 * `log` receives each serialized log line (JSON); without it lines go to stdout, JSON in production.
 * Without `database`, boot opens the configured one (with `pgliteWasm` if PGlite's compiling was started earlier).
 */
export type BootOptions = { database?: Database; pgliteWasm?: Promise<WebAssembly.Module>; log?: (line: string) => void; now?: () => Date };

/** Outside production a secret is generated once and kept in DATA_DIR, so sessions and sealed values survive restarts. */
function resolveAppSecret(config: Config): string {
  if (config.appSecret) return config.appSecret;
  const path = join(config.dataDir, "app-secret");
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  const secret = randomToken(48);
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}

export async function boot(config: Config, options: BootOptions = {}): Promise<Running> {
  const sink = options.log;
  const log = sink
    ? createLogger({ format: "json", sink: { write: (line) => sink(line.trimEnd()) } })
    : createLogger({ format: config.nodeEnv === "production" ? "json" : "pretty" });
  mkdirSync(config.dataDir, { recursive: true });
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      migrationUrl: config.databaseMigrationUrl,
      dataDir: config.dataDir,
      pgliteWasm: options.pgliteWasm,
    }));
  const events = createEventBus<AppEvents>(database, { log });
  const now = options.now ?? (() => new Date());
  const instanceId = newId();
  const liveStreams = createSseHub({
    log,
    recheck: (streams) => recheckLiveStreams({ db: database.db, config, now }, streams),
    onEnd: (id) => forgetLiveStream(database.db, id),
  });
  // The bootstrap rows and one LISTEN per channel for the whole instance, before the first request.
  // The FAQ trigger's notice reaches this instance too; the writer has already dropped its own
  // cache by then (decision 011). The island bundles (built, or read from their disk cache)
  // and the app are built while these queries are under way.
  const ready = Promise.all([
    ensureSuperAdmin(database.db, config),
    seedFaqs(database.db),
    startLiveFanout({ events, liveStreams }),
    // Streams a killed instance left behind (rows nobody refreshes any more).
    pruneGoneInstanceStreams(database.db, now()),
    events.subscribe("public_pages_changed", () => invalidatePublicPages(database.db)),
  ]);
  // Awaited below; until then a failure must not count as unhandled (that would print its stack).
  ready.catch(() => {});
  const jobs = createJobQueue<AppJobs>(database, { queues: appQueues, log, createSchema: !config.databaseMigrationUrl });
  let draining = false;
  const mailer = createMailer(config, log);
  // Prometheus metrics only with a scrape token (GET /metrics); without one nothing is measured.
  const metrics = config.metricsToken ? await createMetrics({ log, database, jobs, liveStreams }) : null;
  const appSecret = resolveAppSecret(config);
  const deps: AppDeps = {
    config,
    database,
    storage: createStorage(config),
    mailer: metrics ? metrics.countMails(mailer) : mailer,
    jobs,
    payments: createPayments(config),
    events,
    liveStreams,
    instanceId,
    assets: await buildAssets(),
    sealer: createSealer(appSecret),
    tickets: createTickets(appSecret),
    log,
    now,
    isDraining: () => draining,
    metrics,
    loadBell: (userId) => loadBell(database.db, userId),
  };
  const app = createApp(deps);
  // Plugins that read the disk at start-up (public/'s files) register their routes once this settles.
  await app.modules;
  const [superAdmin, seeded, liveUnsubscribes, , ...unsubscribes] = await ready;
  if (superAdmin === "created") log("bootstrap: created the super admin named by SUPER_ADMIN_EMAIL");
  // Production refuses to start with one (config.ts); elsewhere a demo password is allowed, loudly.
  if (config.superAdminPassword && isCommonPassword(config.superAdminPassword)) log.warn(`${COMMON_SUPER_ADMIN_PASSWORD} (refused when NODE_ENV=production)`);
  if (seeded) log("bootstrap: added the starter FAQs");
  // The job queue (pg-boss's schema check, queue settings, maintenance) starts on Postgres behind
  // the first answer, on five connections of its own: at the same time, its start took as much CPU
  // as that first page. A send asked for earlier starts it at once and waits for it.
  const jobsStarted = Promise.withResolvers<void>();
  // main.ts and the tests hear a failure; this only keeps an unheard one from ending the process.
  jobsStarted.promise.catch(() => {});
  let jobsRequested = false;
  const startJobs = (): Promise<void> => {
    if (!jobsRequested) {
      jobsRequested = true;
      clearTimeout(jobsTimer);
      jobs
        .start()
        .then(() => startJobWorkers(deps))
        .then(() => log("jobs: the queue runs, with this instance's workers and schedules"))
        .then(jobsStarted.resolve, jobsStarted.reject);
    }
    return jobsStarted.promise;
  };
  const startJobsBehind = () => void startJobs();
  // Once the answer is written: a reaction to the handler's promise would run before Bun's own.
  const startJobsAfterWrite = () => void setImmediate(startJobsBehind);
  const jobsTimer = setTimeout(startJobsBehind, JOBS_START_AFTER_MS);
  const handle = createFetchHandler(
    (request) => app.handle(request),
    config,
    log,
    (request, url, headers) => answerFromCache(database.db, request, url, headers),
  );
  // PGlite is one connection. A send inside a transaction waits for the queue's start, and the
  // start waits for the connection that transaction holds: so on PGlite the queue runs before any
  // request can begin a transaction (decision 065).
  if (database.kind === "pglite") await startJobs();
  const server = Bun.serve({
    port: config.port,
    hostname: "0.0.0.0",
    maxRequestBodySize: SERVER_BODY_CAP,
    idleTimeout: 30,
    fetch(request, server) {
      const started = metrics ? performance.now() : 0;
      // An event stream is idle between heartbeats by design, and Bun's idleTimeout would cut it
      // even while it writes: this request gets none (heartbeats find dead peers instead).
      if (request.headers.get("accept")?.includes("text/event-stream") && new URL(request.url).pathname === LIVE_EVENTS_PATH) server.timeout(request, 0);
      const answer = handle(request, server);
      if (!jobsRequested) Promise.resolve(answer).then(startJobsAfterWrite, startJobsAfterWrite);
      if (metrics) metrics.observe(request, answer, started);
      return answer;
    },
  });

  let stopping: Promise<void> | null = null;
  return {
    deps,
    jobsStarted: jobsStarted.promise,
    startJobs,
    port: server.port ?? config.port,
    url: `http://127.0.0.1:${server.port}`,
    stop() {
      stopping ??= (async () => {
        // Draining first: /ready answers 503 so the load balancer sends no new requests, and open
        // event streams end with a retry hint so browsers reconnect to another instance. Then
        // requests (a request may still enqueue), then jobs (running ones finish within 30 s or are
        // handed back to another instance), then the database they all use.
        draining = true;
        deps.liveStreams.close();
        if (config.shutdownDelayMs > 0) {
          log(`draining: /ready answers 503, the listener closes in ${config.shutdownDelayMs} ms`);
          await Bun.sleep(config.shutdownDelayMs);
          // A stream a browser reopened here during the delay ends too.
          deps.liveStreams.close();
        }
        await server.stop(false);
        for (const unsubscribe of [...liveUnsubscribes, ...unsubscribes]) await unsubscribe().catch(() => {});
        // Workers still registering would meet a stopped queue; a queue never asked for stays unstarted.
        clearTimeout(jobsTimer);
        if (jobsRequested) await jobsStarted.promise.catch(() => {});
        await jobs.stop();
        // Its streams ended above; their rows go before the database does.
        await forgetInstanceStreams(database.db, instanceId).catch((error: unknown) =>
          log.warn({ err: error }, "live: this instance's stream rows stay until they expire"),
        );
        mailer.close();
        await database.close();
        // The last lines are out before the process may exit.
        await new Promise<void>((resolve) => log.flush(() => resolve()));
      })();
      return stopping;
    },
  };
}
