// `bun run bench`: seeds a fresh Postgres database and a PGlite directory with a busy studio's
// world (bench/seed.ts), starts the production server (`bun src/main.ts`, its own process) and a
// bare Bun.serve, and prints one Markdown table (also written to bench/last-run.md). The load rows
// model a day's traffic, each a crowd of many sessions and paths at once (bench/wrk.ts's Mix):
// signed-in customers, the same while other customers write, admins' lists and searches while
// customers write, anonymous pages, the same crowd during a burst of sign-ins, a burst of orders,
// and an e-mail announcement to 2,000 users with a password reset asked for meanwhile. Each load
// row gives requests/s, p50, p99, the ratio to the bare server measured in the same run and the
// errors. Then: cold starts (median restart), the server's memory after 60 s of those rows on each
// database, the JavaScript each page makes the browser download and each island's weight, 2,000
// idle live-event streams (bench/sse.ts), and the signed-in crowd on one instance against two
// behind HAProxy (bench/cluster.ts; needs haproxy).
//
//   BENCH_DURATION=3 bun run bench     seconds per wrk row (default 10)
//   BENCH_USERS=200 bun run bench      signed-in customers, each with a session (default 50)
//   BENCH_MAIL_TIMEOUT=60 bun run bench  seconds the announcement may take (default 180)
//   BENCH_SCALE=1 bun run bench        adds admin search at 100k projects / 10k users (the
//                                      `bench_scale` database is seeded once and kept)
//
// Not part of `bun run test`: figures depend on the machine, so nothing asserts them.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Request as BrowserRequest } from "playwright-core";
import { buildAssets } from "../src/render/assets";
import { findHaproxy } from "../tests/cluster/harness";
import { CHROMIUM_PATH, browserAvailable, launchBrowser } from "../tests/e2e/browser";
import { type SmtpCapture, startSmtpCapture } from "../tests/helpers/smtp";
import { type Saturation, measureScaleOut, watchSaturation } from "./cluster";
import { type PacedLoad, type Tally, WRITERS, WRITES_PER_S, describeTally, failuresOf, sendOrders, startReads, startSignIns, startWrites } from "./loaders";
import { measureAnnouncement } from "./mail";
import { ADMIN_KEY, APP_SECRET, type App, type Database, ROOT, SUPER_ADMIN_KEY, cleanUp, onCleanUp, say, startApp, startBare, stopApp } from "./processes";
import { measureSearches } from "./search";
import { type BenchWorld, PROJECTS_EACH, countUsers, createDatabase, dropDatabase, ensureDatabase, pendingMails, seedBenchData } from "./seed";
import { describeIdleStreams, measureIdleStreams } from "./sse";
import { BROWSER, CONNECTIONS, CUSTOMER_PATHS, type Mix, THREADS, TIMEOUT_S, type WrkResult, requireWrk, runWrk, samplePath } from "./wrk";

requireWrk();

const DURATION_S = Number(process.env.BENCH_DURATION ?? "10");
const WARMUP_S = 1;
const SCALE = process.env.BENCH_SCALE === "1";
const USERS = Number(process.env.BENCH_USERS ?? "50");
const MAIL_TIMEOUT_MS = Number(process.env.BENCH_MAIL_TIMEOUT ?? "180") * 1000;
const ADMINS = 4;
const SIGN_INS_PER_S = 20;
// Each e-mail signs in at most 5 times per run, half of the per-e-mail limit (10 per 15 minutes).
const SIGN_IN_USERS = Math.ceil((SIGN_INS_PER_S * (DURATION_S + WARMUP_S + 5)) / 5);
/** Everyone on Postgres, so everyone the announcement reaches. */
const MAIL_AUDIENCE = 2_000;
const ORDERS = 200;

/** Admins' lists, each with a new search term (wrk.ts's {term} and {n}): the projects list is the admin's /dashboard. */
const ADMIN_PATHS = [
  "/admin?n={n}",
  "/dashboard?title={term}&n={n}",
  "/admin/bugreports?title={term}&n={n}",
  "/admin/payments?n={n}",
  "/api/admin/projects/search?title={term}&n={n}",
  "/api/admin/search?q={term}&n={n}",
  "/api/admin/users/searchnonadmin?searchText={term}&n={n}",
];
/** The public pages a visitor reads before ordering (the render cache keeps the first four; the forms are rendered each time). */
const ANONYMOUS_PATHS = ["/", "/support", "/contact-us", "/terms", "/login", "/register", "/create"];

type Row = { name: string; figure: string; p50?: string; p99?: string; ratio?: string; errors?: string; notes: string };

const rows: Row[] = [];

const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rps = (value: number) => `${Math.round(value).toLocaleString("en-US")} req/s`;
const ratio = (value: number) => `${value >= 0.1 ? value.toFixed(2) : value.toPrecision(2)} ×`;
/** wrk reports no latency when nothing was answered in time. */
const latency = (result: WrkResult, value: number) => (result.requests > 0 ? ms(value) : "none answered");

const RESTARTS = 3;

/**
 * Starts the server, stops it, and restarts it RESTARTS times, keeping the last one running. The
 * first start of an install also creates the job queue's schema and caches the island bundles, so
 * the figure is the median restart.
 */
async function startAppTimed(database: Database): Promise<{ app: App; coldStart: Omit<Row, "name"> }> {
  const first = await startApp(database);
  await stopApp(first);
  const restarts: number[] = [];
  for (;;) {
    const app = await startApp(database);
    restarts.push(app.coldStartMs);
    if (restarts.length === RESTARTS) {
      const sorted = restarts.toSorted((a, b) => a - b);
      const notes = `spawn of \`bun src/main.ts\` to the first 200 on /: median of ${RESTARTS} restarts (${sorted.map(ms).join(", ")}); the install's first start ${ms(first.coldStartMs)}`;
      return { app, coldStart: { figure: ms(sorted[Math.floor(RESTARTS / 2)]!), notes } };
    }
    await stopApp(app);
  }
}

/**
 * Checks every path of the mix answers 200 (a lost cookie would otherwise bench a redirect), warms
 * up, then loads the mix for DURATION_S. `alongside`: a loader that runs during the measured part.
 */
async function load(
  baseUrl: string,
  mix: Mix,
  alongside?: () => PacedLoad,
  people?: { connections: number; thinkMs: number },
): Promise<{ result: WrkResult; tally?: Tally }> {
  for (const path of mix.paths) {
    const headers: Record<string, string> = mix.cookies[0] ? { ...BROWSER, cookie: mix.cookies[0] } : BROWSER;
    const check = await fetch(`${baseUrl}${samplePath(path)}`, { headers, redirect: "manual" });
    await check.arrayBuffer();
    if (check.status !== 200) throw new Error(`${samplePath(path)} answered ${check.status} before the load`);
  }
  await runWrk(baseUrl, { durationS: WARMUP_S, headers: BROWSER, mix });
  const loader = alongside?.();
  try {
    const result = await runWrk(baseUrl, { durationS: DURATION_S, headers: BROWSER, mix, ...people });
    return { result, tally: await loader?.stop() };
  } catch (error) {
    await loader?.stop();
    throw error;
  }
}

/** The mix at `perSecond`, sent on schedule for DURATION_S beside `alongside`: how queues build when arrivals do not wait for answers. */
async function steadyLoad(baseUrl: string, mix: Mix, perSecond: number, alongside: () => PacedLoad): Promise<{ reads: Tally; writes: Tally }> {
  const others = alongside();
  const reads = startReads({ url: baseUrl, cookies: mix.cookies, paths: mix.paths.map(samplePath), headers: BROWSER, perSecond });
  await Bun.sleep(DURATION_S * 1000);
  return { reads: await reads.stop(), writes: await others.stop() };
}

/** A row of a paced load: what was answered a second and its latency; no ratio (the rate is chosen, not reached). */
function pacedRow(name: string, tally: Tally, notes: string): Row {
  const failed = failuresOf(tally);
  return {
    name,
    figure: `${rps(tally.perSecond)} answered`,
    p50: ms(tally.p50Ms),
    p99: ms(tally.p99Ms),
    ratio: "–",
    errors: failed ? `**${failed}**` : "0",
    notes,
  };
}

/** A row of people who wait for each answer and read before the next: no ratio either (the think time sets the rate). */
function peopleRow(name: string, result: WrkResult, notes: string): Row {
  return {
    name,
    figure: `${rps(result.rps)} answered`,
    p50: latency(result, result.p50Ms),
    p99: latency(result, result.p99Ms),
    ratio: "–",
    errors: problems(result),
    notes,
  };
}

function problems(result: WrkResult): string {
  const found = [
    result.non2xx > 0 ? `${result.non2xx} non-2xx/3xx` : "",
    result.errors > 0 ? `${result.errors} socket errors` : "",
    result.timeouts > 0 ? `${result.timeouts} over ${TIMEOUT_S} s` : "",
  ].filter(Boolean);
  return found.length > 0 ? `**${found.join(", ")}**` : "0";
}

function loadRow(name: string, result: WrkResult, bare: WrkResult, notes = ""): Row {
  return {
    name,
    figure: rps(result.rps),
    p50: latency(result, result.p50Ms),
    p99: latency(result, result.p99Ms),
    ratio: `${ratio(result.rps / bare.rps)} bare`,
    errors: problems(result),
    notes,
  };
}

function readRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? "0") * 1024;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
/** How long the server is left alone before its memory at rest is read (it collects after a quiet second). */
const REST_MS = 2500;

/** How long the load has run when the issue's memory figure is read. */
const LOADED_S = 60;

/** VmRSS once the load has run LOADED_S seconds (the issue's measure): read by a timer, in the middle of whichever row runs then. */
function readRssAfterLoading(app: App): { rss: Promise<number>; read(): boolean } {
  let read = false;
  const rss = new Promise<number>((resolve) => {
    // Unreferenced: a run that fails earlier exits without waiting for it.
    setTimeout(() => {
      read = true;
      resolve(readRssBytes(app.process.pid));
    }, LOADED_S * 1000).unref();
  });
  return { rss, read: () => read };
}

/** Loads the mixes again, unreported, until the figure above is read: a short run (BENCH_DURATION=3) still reaches LOADED_S. */
async function loadUntilRead(app: App, loaded: { read(): boolean }, mixes: readonly Mix[]): Promise<void> {
  for (let index = 0; !loaded.read(); index++) await load(app.url, mixes[index % mixes.length]!);
}

/** VmRSS after LOADED_S seconds of load, as the load ends, and again at rest, REST_MS later. */
async function rssRows(database: string, app: App, loadStarted: number, afterLoading: Promise<number>): Promise<Row[]> {
  const seconds = (performance.now() - loadStarted) / 1000;
  const loaded = readRssBytes(app.process.pid);
  await Bun.sleep(REST_MS);
  return [
    {
      name: `server RSS after ${LOADED_S} s of load, ${database}`,
      figure: mb(await afterLoading),
      notes: `VmRSS ${LOADED_S} s into the ${database} mixes above, read during a row (they run again unreported if they end sooner)`,
    },
    { name: `server RSS after the load, ${database}`, figure: mb(loaded), notes: `VmRSS after ${seconds.toFixed(0)} s of the rows above` },
    {
      name: `server RSS at rest, ${database}`,
      figure: mb(readRssBytes(app.process.pid)),
      notes: `${REST_MS / 1000} s after the load (one full collection runs after a quiet second)`,
    },
  ];
}

type Fetched = { path: string; bytes: number };
type IdleWindow = Window & { releaseIdleCallbacks?: () => void };

/** The scripts Chromium fetches for a page, with the bytes on the wire: at load, and once idle. */
async function fetchedScripts(browser: Browser, url: string, cookie: string | undefined): Promise<{ atLoad: Fetched[]; onceIdle: Fetched[] }> {
  const context = await browser.newContext();
  try {
    if (cookie) {
      const [name = "", value = ""] = cookie.split("=");
      // For the whole site, as the server sets it: a cookie added for the page's URL is scoped to its
      // folder, and a deep page's API calls (/projects/:id, /admin/faq) would go without the session.
      await context.addCookies([{ name, value, url: new URL(url).origin }]);
    }
    // Idle callbacks wait until released, so "at load" is what the page asks for at once.
    await context.addInitScript(() => {
      const held: IdleRequestCallback[] = [];
      window.requestIdleCallback = (callback) => held.push(callback);
      (window as IdleWindow).releaseIdleCallbacks = () => {
        for (const callback of held.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
      };
    });
    const page = await context.newPage();
    const fetched: Fetched[] = [];
    let inFlight = 0;
    let lastActivity = performance.now();
    // The live-event stream stays open for as long as the page: it is not a request in flight.
    const counted = (request: BrowserRequest) => request.resourceType() !== "eventsource";
    const settle = (request: BrowserRequest) => {
      if (!counted(request)) return;
      inFlight--;
      lastActivity = performance.now();
    };
    page.on("request", (request) => {
      if (!counted(request)) return;
      inFlight++;
      lastActivity = performance.now();
    });
    page.on("requestfailed", settle);
    page.on("requestfinished", async (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/assets/") && path.endsWith(".js")) fetched.push({ path, bytes: (await request.sizes()).responseBodySize });
      settle(request);
    });
    // Playwright's "networkidle" is reached once per page; this waits for each quiet moment (half a second without a request).
    const quiet = async () => {
      const deadline = performance.now() + 30_000;
      while (inFlight > 0 || performance.now() - lastActivity < 500) {
        if (performance.now() > deadline) throw new Error(`${url}: the network never went quiet`);
        await Bun.sleep(50);
      }
    };
    const response = await page.goto(url, { waitUntil: "load" });
    if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
    await quiet();
    const atLoad = [...fetched];
    await page.evaluate(() => (window as IdleWindow).releaseIdleCallbacks?.());
    // Every island that hydrates at load or when idle has committed; what it imported as it mounted has arrived.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLElement>("[data-island]")].every(
        (island) => (island.dataset.hydrate ?? "idle") !== "idle" || island.dataset.hydrated === "true",
      ),
    );
    await quiet();
    return { atLoad, onceIdle: [...fetched] };
  } finally {
    await context.close();
  }
}

/**
 * The JavaScript each page makes Chromium download, and whether React is among it: the bytes on the
 * wire (brotli, as every current browser accepts it), with the gzip bytes of the same files for
 * clients without brotli. A real browser, because a static reading of the bundles misses what an
 * island imports as it mounts (the wizard's first steps, Eden for a call made on mount).
 */
async function measurePageWeights(app: App, cookies: Record<"anonymous" | "customer" | "admin", string | undefined>, projectId: string): Promise<Row[]> {
  if (!browserAvailable) throw new Error(`The JS rows need Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  const assets = await buildAssets();
  const pages: Array<[keyof typeof cookies, string]> = [
    ["anonymous", "/"],
    ["anonymous", "/support"],
    ["anonymous", "/login"],
    ["anonymous", "/register"],
    ["anonymous", "/create"],
    ["customer", "/"],
    ["customer", "/create"],
    ["customer", "/dashboard"],
    ["customer", `/projects/${projectId}`],
    ["customer", "/settings"],
    ["customer", "/notifications"],
    ["admin", "/admin"],
    ["admin", "/admin/faq"],
    ["admin", "/admin/bugreports"],
  ];
  const weights: Row[] = [];
  const browser = await launchBrowser();
  try {
    for (const [who, path] of pages) {
      const { atLoad, onceIdle } = await fetchedScripts(browser, `${app.url}${path}`, cookies[who]);
      const wire = (files: Fetched[]) => files.reduce((sum, file) => sum + file.bytes, 0);
      const gzip = (files: Fetched[]) => files.reduce((sum, file) => sum + (assets.files.get(file.path)?.gzip?.byteLength ?? 0), 0);
      const paths = new Set(onceIdle.map((file) => file.path));
      const islands = Object.entries(assets.islands)
        .filter(([, src]) => paths.has(src))
        .map(([name]) => name);
      const behaviours = Object.entries(assets.behaviours)
        .filter(([, src]) => paths.has(src))
        .map(([name]) => name);
      weights.push({
        name: `JS on ${who} ${path.replace(projectId, ":id")}`,
        figure: `${kb(wire(atLoad))} br`,
        notes: [
          `at load (${kb(gzip(atLoad))} gzip); ${kb(wire(onceIdle))} br once idle (${kb(gzip(onceIdle))} gzip)`,
          `${onceIdle.length} files`,
          paths.has(assets.loader) ? "React" : "no React",
          ...islands,
          ...behaviours.map((name) => `${name} (plain script)`),
        ].join(", "),
      });
    }
  } finally {
    await browser.close();
  }
  return weights;
}

async function measureIslandWeights(): Promise<Row[]> {
  const weights: Row[] = [];
  const assets = await buildAssets();
  const gzipOf = (path: string) => assets.files.get(path)?.gzip?.byteLength ?? 0;
  const brOf = (path: string) => assets.files.get(path)?.br?.byteLength ?? 0;
  const rawOf = (path: string) => assets.files.get(path)?.body.byteLength ?? 0;
  weights.push({
    name: "JS: loader + shared runtime (every island page)",
    figure: `${kb(gzipOf(assets.loader))} gzip`,
    notes: `${kb(rawOf(assets.loader))} minified, ${kb(brOf(assets.loader))} br`,
  });
  const chunks = [...assets.files.keys()].filter((path) => path.startsWith("/assets/chunks/"));
  const chunksGzip = chunks.reduce((sum, path) => sum + gzipOf(path), 0);
  weights.push({
    name: "JS: shared chunks between islands",
    figure: `${kb(chunksGzip)} gzip`,
    notes: `${chunks.length} files, largest ${kb(Math.max(0, ...chunks.map(gzipOf)))} gzip; ${kb(chunks.reduce((sum, path) => sum + brOf(path), 0))} br`,
  });
  const islands = Object.entries(assets.islands).sort(([, a], [, b]) => gzipOf(b) - gzipOf(a));
  for (const [name, path] of islands) weights.push({ name: `JS: island ${name}`, figure: `${kb(gzipOf(path))} gzip`, notes: `${kb(brOf(path))} br` });
  return weights;
}

function printTable(): string {
  const header = ["Row", "Figure", "p50", "p99", "Ratio", "Errors", "Notes"];
  const cells = rows.map((row) => [row.name, row.figure, row.p50 ?? "", row.p99 ?? "", row.ratio ?? "", row.errors ?? "", row.notes]);
  const left = (column: number) => column === 0 || column === header.length - 1;
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const line = (values: string[]) =>
    `| ${values.map((value, column) => (left(column) ? value.padEnd(widths[column]!) : value.padStart(widths[column]!))).join(" | ")} |`;
  const rule = `|${widths.map((width, column) => (left(column) ? "-".repeat(width + 2) : `${"-".repeat(width + 1)}:`)).join("|")}|`;
  return [line(header), rule, ...cells.map(line)].join("\n");
}

const customersOf = (world: BenchWorld): Mix => ({ cookies: world.customers, paths: CUSTOMER_PATHS });
const CUSTOMER_NOTES = `${USERS} customers with ${PROJECTS_EACH} projects and a session each, a random one and one of ${CUSTOMER_PATHS.length} paths a request`;

/** The PGlite rows: an embedded install's signed-in crowd and its cached anonymous page. */
async function pgliteRows(database: Database, world: BenchWorld, bare: WrkResult): Promise<{ rows: Row[]; rss: Row[]; coldStart: Omit<Row, "name"> }> {
  const { app, coldStart } = await startAppTimed(database);
  const loadStarted = performance.now();
  const loaded = readRssAfterLoading(app);
  const customers = customersOf(world);
  const anonymous: Mix = { cookies: [], paths: ["/"] };
  say("PGlite: signed-in mix");
  const mix = (await load(app.url, customers)).result;
  say("PGlite: anonymous /");
  const cached = (await load(app.url, anonymous)).result;
  await loadUntilRead(app, loaded, [customers, anonymous]);
  const rss = await rssRows("PGlite", app, loadStarted, loaded.rss);
  await stopApp(app);
  return {
    rows: [
      loadRow("PGlite: signed-in mix", mix, bare, `${CUSTOMER_NOTES}; embedded database, one connection`),
      loadRow("PGlite: anonymous / (render cache)", cached, bare, `p99 ${ratio(cached.p99Ms / bare.p99Ms)} the bare server's p99 (target ≤ 3 ×)`),
    ],
    rss,
    coldStart,
  };
}

async function main(): Promise<void> {
  const databaseName = `bench_${process.pid}`;
  const postgresDir = mkdtempSync(join(tmpdir(), "bench-postgres-"));
  const pgliteDir = mkdtempSync(join(tmpdir(), "bench-pglite-"));
  onCleanUp(() => rmSync(postgresDir, { recursive: true, force: true }));
  onCleanUp(() => rmSync(pgliteDir, { recursive: true, force: true }));
  onCleanUp(() => dropDatabase(databaseName));
  const smtp: SmtpCapture = await startSmtpCapture();
  onCleanUp(() => smtp.stop());

  say(`seeding Postgres database ${databaseName} and a PGlite directory`);
  const databaseUrl = await createDatabase(databaseName);
  const keys = { appSecret: APP_SECRET, adminKey: ADMIN_KEY };
  const world = await seedBenchData(
    { databaseUrl, dataDir: postgresDir, ...keys },
    { customers: USERS, writers: WRITERS, admins: ADMINS, signInUsers: SIGN_IN_USERS, usersInAll: MAIL_AUDIENCE },
  );
  const pgliteWorld = await seedBenchData(
    { databaseUrl: null, dataDir: pgliteDir, ...keys },
    { customers: USERS, writers: 0, admins: 0, signInUsers: 0, usersInAll: 0 },
  );

  say("building the island bundles");
  const islandRows = await measureIslandWeights();

  say("bare Bun.serve");
  const bareUrl = await startBare();
  const bareMix: Mix = { cookies: [], paths: ["/"] };
  const bare = (await load(bareUrl, bareMix)).result;
  rows.push({ ...loadRow("bare Bun.serve, 20 KB static", bare, bare), notes: "the same wrk script as every row" });

  say("PGlite: cold start, then its rows");
  const pglite = await pgliteRows({ databaseUrl: null, dataDir: pgliteDir, smtpUrl: "" }, pgliteWorld, bare);
  rows.push(...pglite.rows);

  say("Postgres: cold start");
  const { app, coldStart: postgresColdStart } = await startAppTimed({ databaseUrl, dataDir: postgresDir, smtpUrl: smtp.url });
  const postgresLoadStarted = performance.now();
  const postgresLoaded = readRssAfterLoading(app);
  const customers = customersOf(world);
  const admins: Mix = { cookies: world.admins, paths: ADMIN_PATHS };
  const anonymous: Mix = { cookies: [], paths: ANONYMOUS_PATHS };
  const writes = () => startWrites({ url: app.url, writers: world.writers, perSecond: WRITES_PER_S });
  const WRITE_NOTES = `${WRITES_PER_S} writes/s by ${WRITERS} other customers (a new display name, a message on their project) from the bench process`;

  say("Postgres: signed-in mix");
  const quiet = (await load(app.url, customers)).result;
  rows.push(loadRow("Postgres: signed-in mix", quiet, bare, CUSTOMER_NOTES));
  say(`Postgres: signed-in mix + ${WRITES_PER_S} writes/s`);
  const written = await load(app.url, customers, writes);
  rows.push(loadRow(`Postgres: signed-in mix + ${WRITES_PER_S} writes/s`, written.result, bare, `${WRITE_NOTES}; ${describeTally("writes", written.tally!)}`));
  // wrk keeps CONNECTIONS requests waiting at all times, so its p99 is the queue at saturation
  // (about CONNECTIONS ÷ requests a second, times the spread). The same mix at half that rate, sent
  // on schedule whether or not earlier requests have answered, shows how queues build behind a
  // stall when arrivals do not wait (decision 103).
  const steadyRate = Math.max(1, Math.round(written.result.rps / 2));
  say(`Postgres: signed-in mix at a steady ${steadyRate} req/s + ${WRITES_PER_S} writes/s`);
  const steady = await steadyLoad(app.url, customers, steadyRate, writes);
  rows.push(
    pacedRow(
      `Postgres: signed-in mix at half that rate, steady, + ${WRITES_PER_S} writes/s`,
      steady.reads,
      `${steadyRate} requests a second from the bench process, each sent on schedule whether or not the earlier ones have answered; ${describeTally("writes", steady.writes)}`,
    ),
  );
  // The same customers as people: each of USERS connections waits for its answer and reads for a
  // while before its next request, the pause chosen for about the steady row's rate. wrk times it,
  // so nothing in the bench process's own event loop is in the figures.
  const thinkMs = Math.max(0, (USERS / steadyRate) * 1000 - steady.reads.p50Ms);
  say(`Postgres: ${USERS} customers who wait and read ${Math.round(thinkMs)} ms on average + ${WRITES_PER_S} writes/s`);
  const people = await load(app.url, customers, writes, { connections: USERS, thinkMs });
  rows.push(
    peopleRow(
      `Postgres: ${USERS} customers who wait for each answer, + ${WRITES_PER_S} writes/s`,
      people.result,
      `${USERS} connections, each waiting for its answer and then 0 to ${Math.round(2 * thinkMs)} ms (a person reading) before the next request, for about the steady row's rate; ${describeTally("writes", people.tally!)}`,
    ),
  );
  say(`Postgres: admins' lists and search + ${WRITES_PER_S} writes/s`);
  const searched = await load(app.url, admins, writes);
  rows.push(
    loadRow(
      `Postgres: admins' lists and search + ${WRITES_PER_S} writes/s`,
      searched.result,
      bare,
      `${ADMINS} admins, ${ADMIN_PATHS.length} lists and searches, a new search term each request; ${describeTally("writes", searched.tally!)}`,
    ),
  );
  say("Postgres: anonymous pages");
  const visited = (await load(app.url, anonymous)).result;
  rows.push(
    loadRow(
      "Postgres: anonymous pages",
      visited,
      bare,
      `${ANONYMOUS_PATHS.join(", ")}, no cookie: every one from the render cache (a visitor's sign-in and order forms are the same for all)`,
    ),
  );
  say(`Postgres: signed-in mix while ${SIGN_INS_PER_S} sign-ins/s hash passwords`);
  const signingIn = await load(app.url, customers, () => startSignIns({ url: app.url, users: SIGN_IN_USERS, perSecond: SIGN_INS_PER_S }));
  rows.push(
    loadRow(
      `Postgres: signed-in mix + ${SIGN_INS_PER_S} sign-ins/s`,
      signingIn.result,
      bare,
      `p99 ${ratio(signingIn.result.p99Ms / quiet.p99Ms)} the quiet mix's; ${describeTally("sign-ins", signingIn.tally!)}`,
    ),
  );
  await loadUntilRead(app, postgresLoaded, [customers, admins, anonymous]);
  const postgresRss = await rssRows("Postgres", app, postgresLoadStarted, postgresLoaded.rss);
  const rssAfterSignIns = readRssBytes(app.process.pid);

  say("JS per page");
  const pageWeights = await measurePageWeights(app, { anonymous: undefined, customer: world.customers[0], admin: world.admins[0] }, world.customerProjectId);

  say("2,000 idle SSE clients");
  const idleStreams = describeIdleStreams(await measureIdleStreams({ url: app.url, pid: app.process.pid, cookies: world.streamSessions, clients: 2_000, say }));
  rows.push({ name: "Postgres: 2,000 idle SSE clients (server RSS)", figure: idleStreams.figure, notes: idleStreams.notes });

  // The same sessions work on every instance: they live in the one database. The instance above stays
  // up, idle, for the rows after these.
  if (findHaproxy()) {
    say("scale-out: the signed-in mix on one instance, then through HAProxy to one and to two");
    const scaleOut = await measureScaleOut(
      { databaseUrl, env: { APP_SECRET, ADMIN_KEY, SUPER_ADMIN_KEY, SMTP_URL: smtp.url, S3_BUCKET: "" }, say },
      (baseUrl, appPids) => watchSaturation(databaseUrl, appPids, async () => (await load(baseUrl, customers)).result),
    );
    // CPU per request is the steadier figure on a shared machine: requests/s move with the neighbours' load.
    const saturationNote = ({ result, saturation }: { result: WrkResult; saturation: Saturation }) => {
      const perRequestMs = (share: number) => ((share / 100) * cpus().length * 1000) / Math.max(1, result.rps);
      return (
        `CPU ${saturation.cpuBusyPercent.toFixed(0)}% busy: app ${saturation.cpuShare.app.toFixed(0)}%, Postgres ${saturation.cpuShare.postgres.toFixed(0)}%, ` +
        `HAProxy ${saturation.cpuShare.haproxy.toFixed(0)}%, wrk ${saturation.cpuShare.wrk.toFixed(0)}% ` +
        `(${perRequestMs(saturation.cpuShare.app).toFixed(1)} + ${perRequestMs(saturation.cpuShare.postgres).toFixed(1)} ms app + Postgres CPU a request); ` +
        `Postgres ${saturation.connections} connections, at most ${saturation.maxActive} running`
      );
    };
    const one = scaleOut.oneBehind.result.rps;
    rows.push(
      loadRow(
        "scale-out: signed-in mix, one instance straight",
        scaleOut.firstStraight.result,
        bare,
        `the other instance straight: ${rps(scaleOut.secondStraight.result.rps)}; ${saturationNote(scaleOut.firstStraight)}`,
      ),
      loadRow(
        "scale-out: signed-in mix, HAProxy + one instance",
        scaleOut.oneBehind.result,
        bare,
        `${ratio(one / scaleOut.firstStraight.result.rps)} straight; ${saturationNote(scaleOut.oneBehind)}`,
      ),
      loadRow(
        "scale-out: signed-in mix, HAProxy + two instances",
        scaleOut.twoBehind.result,
        bare,
        `${ratio(scaleOut.twoBehind.result.rps / one)} one behind HAProxy; ${saturationNote(scaleOut.twoBehind)}`,
      ),
    );
  } else {
    say("scale-out rows skipped: haproxy is not installed (apt-get install -y haproxy)");
    rows.push({ name: "scale-out: signed-in mix behind HAProxy", figure: "skipped", notes: "haproxy is not installed" });
  }

  // After the scale-out rows: a queue slower than BENCH_MAIL_TIMEOUT goes on sending after the row.
  // Before the orders, so the announcement reaches the seeded MAIL_AUDIENCE and no order's mail.
  const queued = await pendingMails(databaseUrl);
  const recipients = await countUsers(databaseUrl);
  say(`Postgres: e-mail announcement to ${recipients} users, a password reset 2 s in`);
  const mail = await measureAnnouncement({
    url: app.url,
    smtp,
    adminCookie: world.admins[0]!,
    resetEmail: world.resetEmail,
    recipients,
    timeoutMs: MAIL_TIMEOUT_MS,
  });
  const mailSeconds = (mail.finished ? mail.lastMs : MAIL_TIMEOUT_MS) / 1000;
  rows.push({
    name: `Postgres: e-mail announcement to ${recipients.toLocaleString("en-US")} users`,
    figure: `${(mail.received / mailSeconds).toFixed(1)} mails/s`,
    errors: mail.finished ? "0" : `**${recipients - mail.received} not sent within ${MAIL_TIMEOUT_MS / 1000} s**`,
    notes: `${mail.received.toLocaleString("en-US")} of ${recipients.toLocaleString("en-US")} mails at the loopback SMTP server ${mailSeconds.toFixed(1)} s after the admin's POST; ${queued} other mails (the writes') were queued before it`,
  });
  rows.push({
    name: "Postgres: password reset mail during the announcement",
    figure: mail.resetDelayMs === null ? "not arrived" : ms(mail.resetDelayMs),
    errors: mail.resetAnswerStatus === 200 ? "0" : `**reset answered ${mail.resetAnswerStatus}**`,
    notes: `from POST /api/auth/reset (2 s after the announcement) to its mail at the SMTP server${mail.resetDelayMs === null ? `: none within ${MAIL_TIMEOUT_MS / 1000} s` : ""}`,
  });

  say(`Postgres: a burst of ${ORDERS} orders`);
  const orders = await sendOrders({ url: app.url, orders: ORDERS, connections: CONNECTIONS });
  rows.push({
    name: `Postgres: a burst of ${ORDERS} orders`,
    figure: `${orders.perSecond.toFixed(1)} orders/s`,
    p50: ms(orders.p50Ms),
    p99: ms(orders.p99Ms),
    errors: failuresOf(orders) ? `**${failuresOf(orders)}**` : "0",
    notes: `the wizard's POST /api/projects (multipart, a logo) from ${ORDERS} new visitors over ${CONNECTIONS} connections: each creates an account, hashes a temporary password, queues its mail`,
  });

  await stopApp(app);

  // The ratios use the first bare run; a second one shows how much the machine drifted meanwhile.
  say("bare Bun.serve again");
  const bareAgain = (await load(bareUrl, bareMix)).result;
  rows.push({ ...loadRow("bare Bun.serve again, at the end", bareAgain, bare), notes: "machine drift during the run" });

  rows.push({ name: "cold start, Postgres", ...postgresColdStart }, { name: "cold start, PGlite", ...pglite.coldStart });
  rows.push(...postgresRss, ...pglite.rss);
  rows.push({ name: "server RSS after the sign-ins", figure: mb(rssAfterSignIns), notes: "argon2id takes 19 MiB a hash, at most one a spare core at once" });
  rows.push(...pageWeights, ...islandRows);

  let scaleSummary = "";
  if (SCALE) {
    say("admin search at scale (BENCH_SCALE=1; seeding bench_scale the first time takes minutes)");
    const scaleUrl = await ensureDatabase("bench_scale");
    const scaleDir = mkdtempSync(join(tmpdir(), "bench-scale-"));
    onCleanUp(() => rmSync(scaleDir, { recursive: true, force: true }));
    const report = await measureSearches({ DATABASE_URL: scaleUrl, DATA_DIR: scaleDir, APP_SECRET, ADMIN_KEY, SUPER_ADMIN_KEY }, 100, say);
    scaleSummary = `\nAdmin search: ${report.summary}.`;
    const adminTimings = report.timings.filter((timing) => timing.who === "admin");
    const slowest = adminTimings.reduce((worst, timing) => (timing.p99Ms > worst.p99Ms ? timing : worst));
    for (const timing of new Set([adminTimings[0]!, slowest])) {
      const notes = [`${timing.found} found`, timing === slowest ? `the slowest p99 of ${adminTimings.length} admin queries` : ""].filter(Boolean).join("; ");
      rows.push({
        name: `admin search, 100k projects / 10k users: ${timing.name.replace("admin: ", "")}`,
        figure: "",
        p50: ms(timing.p50Ms),
        p99: ms(timing.p99Ms),
        notes,
      });
    }
  }

  const commit = Bun.spawnSync(["git", "rev-parse", "--short", "HEAD"], { cwd: ROOT }).stdout.toString().trim();
  const heading =
    `wrk: ${THREADS} threads, ${CONNECTIONS} connections, ${DURATION_S} s per row after a ${WARMUP_S} s warm-up, Accept-Encoding gzip, ` +
    `a Lua script picking a session and a path per request; ${cpus().length} CPUs; commit ${commit}; ${new Date().toISOString()}. ` +
    `Ratio: requests/s over the bare server's in this run. Errors: wrk's non-2xx/3xx answers, socket errors and answers over ${TIMEOUT_S} s.${scaleSummary}`;
  const output = `${heading}\n\n${printTable()}\n`;
  console.log(`\n${output}`);
  writeFileSync(join(import.meta.dir, "last-run.md"), `# Last bench run\n\n${output}`);
}

process.on("SIGINT", () => void cleanUp().then(() => process.exit(130)));
try {
  await main();
} finally {
  await cleanUp();
}
