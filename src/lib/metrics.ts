// Prometheus metrics for one app instance (docs/decisions/070-prometheus-metrics.md): a registry of
// its own, so several servers in one process (the tests) never share or collide. Requests cost one
// histogram observation each; everything else is read when Prometheus scrapes, never per request.
// prom-client is loaded only when METRICS_TOKEN turns metrics on.
import type { MetricType } from "prom-client";
import type { Database } from "./db";
import type { QueueStats } from "./jobs";
import type { Mailer } from "./mail";
import type { SseHub } from "./sse";

/** Every metric's name starts with this. */
export const METRIC_PREFIX = "webstudio_";

/** The route label of an answer no route pattern produced: an unknown path, or one refused before routing. */
export const UNMATCHED_ROUTE = "unmatched";

// ---- Route patterns per request ----
// The route pattern that answered a request (`/projects/:id`, never the URL with its ids): a label
// from the app's own route table, so the set of series stays bounded. Remembered on the request by
// the routing hook (src/http/route-label.ts) and by a cached page's hit (src/render/page-cache.ts),
// read once the answer is made. A property of the request rather than a WeakMap entry like its id
// (src/http/request-id.ts): under Bun a WeakMap entry per request costs measurably more (decision 070).
const ROUTE = Symbol("route");
type Routed = Request & { [ROUTE]?: string };

export function rememberRoute(request: Request, route: string): void {
  (request as Routed)[ROUTE] = route;
}

/** The pattern remembered for `request`, if a route (or a cached page it rendered) answered it. */
export function routeOf(request: Request): string | undefined {
  return (request as Routed)[ROUTE];
}

/** Carries the pattern from the request the app saw to the one the server received, when the body reader handed the app a copy. */
export function carryRoute(from: Request, to: Request): void {
  const route = routeOf(from);
  if (route !== undefined && from !== to) rememberRoute(to, route);
}

// ---- The registry ----

export type Metrics = {
  /** The exposition text and its content type (`text/plain; version=0.0.4`). */
  scrape(): Promise<{ body: string; contentType: string }>;
  /**
   * Times an answer from `started` (performance.now()) to its headers, under its method, route
   * pattern and status: one histogram observation per request, nothing else.
   */
  observe(request: Request, answer: Response | Promise<Response>, started: number): void;
  /** The mailer, with every send counted as sent (resolved) or failed (rejected). */
  countMails(mailer: Mailer): Mailer;
};

/** What the scrape-time gauges read. */
export type MetricsSources = {
  database: Pick<Database, "kind" | "maxConnections" | "connections">;
  jobs: { stats(): Promise<QueueStats[]> };
  liveStreams: Pick<SseHub, "size">;
};

export type MetricsOptions = MetricsSources & {
  log: (line: string) => void;
  /** How long a scrape-time read may take; 2 s by default, well inside Prometheus's 10 s scrape timeout. */
  readTimeoutMs?: number;
};

/** One labelled value of a gauge read at scrape time. */
type GaugeReading = { labels?: Record<string, string>; value: number };

/** The TYPE the registry writes. prom-client's types declare a numeric enum; its code (and the format) has the word. */
const HISTOGRAM_TYPE = "histogram" as unknown as MetricType;
const REQUEST_HISTOGRAM = `${METRIC_PREFIX}http_request_duration_seconds`;
const REQUEST_HELP = `Time from a request's arrival to its answer's headers, by method, route pattern (${UNMATCHED_ROUTE}: no route) and status. Its _count is the request count.`;
type RequestLabel = "method" | "route" | "status" | "le";
type RequestSeries = { labels: { method: string; route: string; status: string }; buckets: number[]; sum: number; count: number };

/** Request latency buckets in seconds: most answers take a few milliseconds, so the low end is finer than prom-client's default. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Methods a route can answer; anything else a client makes up is counted as one label, so the label set stays bounded. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export async function createMetrics(options: MetricsOptions): Promise<Metrics> {
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = await import("prom-client");
  const { database, jobs, liveStreams, log } = options;
  const readTimeoutMs = options.readTimeoutMs ?? 2_000;
  const registry = new Registry();
  // The process's CPU, memory, open files and event loop lag. Under Bun (JavaScriptCore, not V8)
  // the heap-space series read zero and the GC histogram stays empty; none of them throws.
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });

  /**
   * The request histogram. prom-client's own `observe` checks and hashes the labels on every call
   * (a visible share of a cached page's answer under Bun, decision 070), so requests are counted in a plain
   * table keyed by their three labels, and the histogram hands that table to the registry, in
   * prom-client's own shape, only when Prometheus scrapes.
   */
  class RequestHistogram extends Histogram<RequestLabel> {
    readonly table = new Map<string, RequestSeries>();

    record(method: string, route: string, status: number, seconds: number): void {
      const key = `${method} ${status} ${route}`;
      let series = this.table.get(key);
      if (!series) {
        series = { labels: { method, route, status: String(status) }, buckets: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 };
        this.table.set(key, series);
      }
      let bucket = 0;
      while (bucket < LATENCY_BUCKETS.length && seconds > (LATENCY_BUCKETS[bucket] as number)) bucket++;
      if (bucket < series.buckets.length) series.buckets[bucket] = (series.buckets[bucket] as number) + 1;
      series.sum += seconds;
      series.count++;
    }

    override async get() {
      const name = REQUEST_HISTOGRAM;
      const values: Array<{ metricName: string; labels: Partial<Record<RequestLabel, string | number>>; value: number }> = [];
      for (const { labels, buckets, sum, count } of this.table.values()) {
        let cumulative = 0;
        for (const [index, le] of LATENCY_BUCKETS.entries()) {
          cumulative += buckets[index] as number;
          values.push({ metricName: `${name}_bucket`, labels: { ...labels, le }, value: cumulative });
        }
        values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: "+Inf" }, value: count });
        values.push({ metricName: `${name}_sum`, labels, value: sum });
        values.push({ metricName: `${name}_count`, labels, value: count });
      }
      return { name, help: REQUEST_HELP, type: HISTOGRAM_TYPE, aggregator: "sum" as const, values, collect: () => {} };
    }

    /** What the registry reads when it writes the text format (prom-client's Histogram builds its own through it). */
    getForPromString = () => this.get();
  }
  const requests = new RequestHistogram({
    name: REQUEST_HISTOGRAM,
    help: REQUEST_HELP,
    labelNames: ["method", "route", "status"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const observe = (request: Request, answer: Response, started: number): void => {
    const method = KNOWN_METHODS.has(request.method) ? request.method : "other";
    requests.record(method, routeOf(request) ?? UNMATCHED_ROUTE, answer.status, (performance.now() - started) / 1000);
  };

  const mails = new Counter({
    name: `${METRIC_PREFIX}mails_total`,
    help: "Mails handed to the mail transport by this instance, by result: sent (accepted) or failed (the job queue retries it).",
    labelNames: ["result"],
    registers: [registry],
  });
  // Both series exist from the start, so a rate over them is defined before the first mail.
  mails.inc({ result: "sent" }, 0);
  mails.inc({ result: "failed" }, 0);

  // Reads shared by several gauges run once per scrape.
  const reads = new Map<string, Promise<unknown>>();
  const once = <Value>(key: string, read: () => Promise<Value>): Promise<Value> => {
    let pending = reads.get(key) as Promise<Value> | undefined;
    if (!pending) {
      pending = read();
      reads.set(key, pending);
    }
    return pending;
  };
  const withTimeout = <Value>(promise: Promise<Value>): Promise<Value> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${readTimeoutMs} ms`)), readTimeoutMs);
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  };
  /**
   * A gauge whose values `read` produces when Prometheus scrapes. A read that fails or outlasts
   * the timeout leaves the gauge without series for that scrape (and is logged), so one slow
   * source never holds the whole answer.
   */
  const gaugeAtScrape = (name: string, help: string, labelNames: string[], read: () => GaugeReading[] | Promise<GaugeReading[]>): void => {
    new Gauge({
      name: `${METRIC_PREFIX}${name}`,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          for (const { labels, value } of await withTimeout(Promise.resolve().then(read))) {
            if (labels) this.set(labels, value);
            else this.set(value);
          }
        } catch (error) {
          log(`metrics: ${METRIC_PREFIX}${name} not read: ${error instanceof Error ? error.message : String(error)}`);
        }
      },
    });
  };

  const queueStats = () => once("jobs", () => withTimeout(jobs.stats()));
  gaugeAtScrape(
    "job_queue_depth",
    "Jobs waiting in each queue (ready, retrying or deferred), read from the queue's table at scrape time.",
    ["queue"],
    async () => (await queueStats()).map((queue) => ({ labels: { queue: queue.name }, value: queue.queued })),
  );
  gaugeAtScrape(
    "job_queue_oldest_ready_seconds",
    "How long the job in each queue that could have run the longest has waited since it could (0: none waiting), at scrape time.",
    ["queue"],
    async () => (await queueStats()).map((queue) => ({ labels: { queue: queue.name }, value: queue.oldestReadySeconds })),
  );
  gaugeAtScrape("sse_connections", "Server-Sent Event streams open on this instance (live updates).", [], () => [{ value: liveStreams.size }]);
  gaugeAtScrape(
    "db_connections",
    database.kind === "postgres"
      ? "This instance's Postgres pool connections by pg_stat_activity state (active: running a query), at scrape time; the scrape's own connection and the LISTEN connection are not counted."
      : "PGlite: the one embedded connection inside this process (state embedded); it does not say whether a query is on it.",
    ["state"],
    async () => (await database.connections()).map((row) => ({ labels: { state: row.state }, value: row.count })),
  );
  gaugeAtScrape("db_pool_max_connections", "The most database connections this instance's pool opens (PGlite: its one connection).", [], () => [
    { value: database.maxConnections },
  ]);

  return {
    async scrape() {
      try {
        return { body: await registry.metrics(), contentType: registry.contentType };
      } finally {
        reads.clear();
      }
    },
    observe(request, answer, started) {
      if (answer instanceof Response) observe(request, answer, started);
      else answer.then((response) => observe(request, response, started), noop);
    },
    countMails(mailer) {
      // Spread, so whatever else a mailer offers passes through untouched; only `send` is counted.
      return {
        ...mailer,
        async send(message) {
          try {
            await mailer.send(message);
          } catch (error) {
            mails.inc({ result: "failed" });
            throw error;
          }
          mails.inc({ result: "sent" });
        },
      };
    },
  };
}

function noop(): void {}
