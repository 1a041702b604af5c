// `bun run bench`: seeds a fresh Postgres database and a PGlite directory, starts the production
// server (`bun src/main.ts`, its own process) and a bare Bun.serve, loads each page and API route
// with wrk, and prints one Markdown table (also written to bench/last-run.md): requests/s, p99 and
// the ratio to the bare server measured in the same run (Postgres, and the main signed-in pages on
// PGlite), plus cold starts (median restart), the server's memory after the load on each database,
// the JavaScript each page makes the browser download and each island's weight, 2,000 idle
// live-event streams (bench/sse.ts), /dashboard under a burst of sign-ins, and /dashboard on one
// instance against two behind HAProxy (bench/cluster.ts; needs haproxy).
//
//   BENCH_DURATION=3 bun run bench     seconds per wrk row (default 10)
//   BENCH_SCALE=1 bun run bench        adds admin search at 100k projects / 10k users (the
//                                      `bench_scale` database is seeded once and kept)
//
// Not part of `bun run test`: figures depend on the machine, so nothing asserts them.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import type { Browser, Request as BrowserRequest } from "playwright-core";
import { SESSION_COOKIE } from "../src/http/sessions";
import { buildAssets } from "../src/render/assets";
import { findHaproxy } from "../tests/cluster/harness";
import { CHROMIUM_PATH, browserAvailable, launchBrowser } from "../tests/e2e/browser";
import { type Saturation, measureScaleOut, watchSaturation } from "./cluster";
import { measureSearches } from "./search";
import { ADMIN, CUSTOMER, CUSTOMER_PROJECTS, createDatabase, dropDatabase, ensureDatabase, seedBenchData } from "./seed";
import { startSignIns } from "./sign-ins";
import { describeIdleStreams, measureIdleStreams } from "./sse";
import { CONNECTIONS, THREADS, TIMEOUT_S, type WrkResult, requireWrk, runWrk } from "./wrk";

requireWrk();

const root = join(import.meta.dir, "..");
const DURATION_S = Number(process.env.BENCH_DURATION ?? "10");
const WARMUP_S = 1;
const SCALE = process.env.BENCH_SCALE === "1";
const SIGN_INS_PER_S = 20;
// Each e-mail signs in at most 5 times per run, half of the per-e-mail limit (10 per 15 minutes).
const SIGN_IN_USERS = Math.ceil((SIGN_INS_PER_S * (DURATION_S + WARMUP_S + 5)) / 5);
const APP_SECRET = "bench-secret-bench-secret-bench-secret-0123";
const ADMIN_KEY = "bench-admin-key";
const SUPER_ADMIN_KEY = "bench-super-admin-key";
// What a browser sends: the app compresses what it renders, so the load pays for that too.
const BROWSER = { "accept-encoding": "gzip, deflate, br" };

/** The PGlite rows: the signed-in pages an embedded install serves most. */
const PGLITE_ROUTES = [
  { name: "customer /", path: "/", notes: "embedded database, one connection" },
  { name: "customer /dashboard", path: "/dashboard", notes: `${CUSTOMER_PROJECTS} projects` },
  { name: "customer /settings", path: "/settings", notes: "" },
  { name: "customer /notifications", path: "/notifications", notes: "" },
  { name: "JSON /api/projects/search", path: "/api/projects/search", notes: `${CUSTOMER_PROJECTS} projects` },
  { name: "customer /dashboard (rendered every time)", path: "/dashboard", notes: `${CUSTOMER_PROJECTS} projects`, fresh: true },
];

type Row = { name: string; figure: string; p99: string; ratio: string; notes: string };
type App = { process: Subprocess; url: string; coldStartMs: number };

const rows: Row[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
const say = (line: string) => console.error(`bench: ${line}`);

const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rps = (value: number) => `${Math.round(value).toLocaleString("en-US")} req/s`;
const ratio = (value: number) => `${value >= 0.1 ? value.toFixed(2) : value.toPrecision(2)} ×`;
/** wrk reports no latency when nothing was answered in time. */
const p99 = (result: WrkResult) => (result.requests > 0 ? ms(result.p99Ms) : "none answered");

async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port ?? 0;
  await probe.stop(true);
  return port;
}

/** Spawns the production server and times it from the spawn to its first 200 on `/`. */
async function startApp(database: { databaseUrl: string | null; dataDir: string }): Promise<App> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = Bun.spawn(["bun", "src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      // The bench signs its admin in with a password alone; a second factor would hold the console.
      REQUIRE_ADMIN_MFA: "off",
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl ?? "",
      APP_SECRET,
      ADMIN_KEY,
      SUPER_ADMIN_KEY,
      SUPER_ADMIN_EMAIL: ADMIN.email,
      SUPER_ADMIN_PASSWORD: ADMIN.password,
      // The sign-in loader gives each attempt its own X-Forwarded-For address, so the per-address
      // limit does not turn the hashing under test into 429s.
      TRUST_PROXY: "1",
      SMTP_URL: "",
      S3_BUCKET: "",
      // Nothing balances these: stop at once rather than drain for the production default.
      SHUTDOWN_DELAY_MS: "0",
    },
    // One access-log line per request: to /dev/null, as cheap as a log collector would make it.
    stdout: "ignore",
    stderr: "inherit",
  });
  const stop = async () => {
    child.kill("SIGTERM");
    await child.exited;
  };
  cleanups.push(stop);
  const deadline = started + 60_000;
  for (;;) {
    const status = await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => 0,
    );
    if (status === 200) return { process: child, url, coldStartMs: performance.now() - started };
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode} before answering /`);
    if (performance.now() > deadline) throw new Error(`The server at ${url} answered no 200 on / within 60 s`);
    await Bun.sleep(5);
  }
}

const RESTARTS = 3;

/**
 * Starts the server, stops it, and restarts it RESTARTS times, keeping the last one running. The
 * first start of an install also creates the job queue's schema and caches the island bundles, so
 * the figure is the median restart.
 */
async function startAppTimed(database: { databaseUrl: string | null; dataDir: string }): Promise<{ app: App; coldStart: Omit<Row, "name"> }> {
  const first = await startApp(database);
  await stopApp(first);
  const restarts: number[] = [];
  for (;;) {
    const app = await startApp(database);
    restarts.push(app.coldStartMs);
    if (restarts.length === RESTARTS) {
      const sorted = restarts.toSorted((a, b) => a - b);
      const notes = `spawn of \`bun src/main.ts\` to the first 200 on /: median of ${RESTARTS} restarts (${sorted.map(ms).join(", ")}); the install's first start ${ms(first.coldStartMs)}`;
      return { app, coldStart: { figure: ms(sorted[Math.floor(RESTARTS / 2)]!), p99: "", ratio: "", notes } };
    }
    await stopApp(app);
  }
}

async function stopApp(app: App): Promise<void> {
  app.process.kill("SIGTERM");
  await app.process.exited;
}

async function startBare(): Promise<string> {
  const child = Bun.spawn(["bun", join(import.meta.dir, "bare-server.ts")], { stdout: "pipe", stderr: "inherit" });
  cleanups.push(() => void child.kill());
  const reader = child.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { done, value } = await reader.read();
    if (done) throw new Error("The bare server did not start");
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return `http://127.0.0.1:${Number(text.trim())}`;
}

/** Signs in through the API like the login form does, and answers the session cookie. */
async function signIn(app: App, credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${app.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.url },
    body: JSON.stringify(credentials),
  });
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (response.status !== 200 || !session) throw new Error(`Signing in as ${credentials.email} answered ${response.status}: ${await response.text()}`);
  return session.split(";")[0]!;
}

/**
 * Checks the route answers 200 (a lost cookie would otherwise bench a redirect), warms it up, loads
 * it. `fresh`: every request has a URL of its own, so none is answered from what the server kept.
 */
async function load(url: string, cookie?: string, fresh = false): Promise<WrkResult> {
  const headers: Record<string, string> = cookie ? { ...BROWSER, cookie } : BROWSER;
  const check = await fetch(fresh ? `${url}${url.includes("?") ? "&" : "?"}fresh=check` : url, { headers, redirect: "manual" });
  await check.arrayBuffer();
  if (check.status !== 200) throw new Error(`${url} answered ${check.status} before the load`);
  await runWrk(url, { durationS: WARMUP_S, headers, fresh });
  return runWrk(url, { durationS: DURATION_S, headers, fresh });
}

function problems(result: WrkResult): string {
  const found = [
    result.non2xx > 0 ? `${result.non2xx} non-2xx` : "",
    result.errors > 0 ? `${result.errors} socket errors` : "",
    result.timeouts > 0 ? `${result.timeouts} over ${TIMEOUT_S} s` : "",
  ].filter(Boolean);
  return found.length > 0 ? `**${found.join(", ")}**` : "";
}

function addLoadRow(name: string, result: WrkResult, bare: WrkResult, notes = ""): void {
  rows.push({
    name,
    figure: rps(result.rps),
    p99: p99(result),
    ratio: `${ratio(result.rps / bare.rps)} bare`,
    notes: [problems(result), notes].filter(Boolean).join("; "),
  });
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

/** Loads `routes` again, unreported, until the figure above is read: a short run (BENCH_DURATION=3) still reaches LOADED_S. */
async function loadUntilRead(app: App, loaded: { read(): boolean }, routes: ReadonlyArray<{ path: string; cookie?: string; fresh?: boolean }>): Promise<void> {
  for (let index = 0; !loaded.read(); index++) {
    const route = routes[index % routes.length]!;
    await load(`${app.url}${route.path}`, route.cookie, route.fresh);
  }
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
      p99: "",
      ratio: "",
      notes: `VmRSS ${LOADED_S} s into the rows above, read during a row (they run again unreported if they end sooner): issue 11's measure`,
    },
    { name: `server RSS after the load, ${database}`, figure: mb(loaded), p99: "", ratio: "", notes: `VmRSS after ${seconds.toFixed(0)} s of the rows above` },
    {
      name: `server RSS at rest, ${database}`,
      figure: mb(readRssBytes(app.process.pid)),
      p99: "",
      ratio: "",
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
        p99: "",
        ratio: "",
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
    p99: "",
    ratio: "",
    notes: `${kb(rawOf(assets.loader))} minified, ${kb(brOf(assets.loader))} br`,
  });
  const chunks = [...assets.files.keys()].filter((path) => path.startsWith("/assets/chunks/"));
  const chunksGzip = chunks.reduce((sum, path) => sum + gzipOf(path), 0);
  weights.push({
    name: "JS: shared chunks between islands",
    figure: `${kb(chunksGzip)} gzip`,
    p99: "",
    ratio: "",
    notes: `${chunks.length} files, largest ${kb(Math.max(0, ...chunks.map(gzipOf)))} gzip; ${kb(chunks.reduce((sum, path) => sum + brOf(path), 0))} br`,
  });
  const islands = Object.entries(assets.islands).sort(([, a], [, b]) => gzipOf(b) - gzipOf(a));
  for (const [name, path] of islands)
    weights.push({ name: `JS: island ${name}`, figure: `${kb(gzipOf(path))} gzip`, p99: "", ratio: "", notes: `${kb(brOf(path))} br` });
  return weights;
}

function printTable(): string {
  const header = ["Row", "Figure", "p99", "Ratio", "Notes"];
  const cells = rows.map((row) => [row.name, row.figure, row.p99, row.ratio, row.notes]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const line = (values: string[]) =>
    `| ${values.map((value, column) => (column === 0 || column === 4 ? value.padEnd(widths[column]!) : value.padStart(widths[column]!))).join(" | ")} |`;
  const rule = `|${widths.map((width, column) => (column === 0 || column === 4 ? "-".repeat(width + 2) : `${"-".repeat(width + 1)}:`)).join("|")}|`;
  return [line(header), rule, ...cells.map(line)].join("\n");
}

async function main(): Promise<void> {
  const databaseName = `bench_${process.pid}`;
  const postgresDir = mkdtempSync(join(tmpdir(), "bench-postgres-"));
  const pgliteDir = mkdtempSync(join(tmpdir(), "bench-pglite-"));
  cleanups.push(() => rmSync(postgresDir, { recursive: true, force: true }));
  cleanups.push(() => rmSync(pgliteDir, { recursive: true, force: true }));
  cleanups.push(() => dropDatabase(databaseName));

  say(`seeding Postgres database ${databaseName} and a PGlite directory`);
  const databaseUrl = await createDatabase(databaseName);
  await seedBenchData({ databaseUrl, dataDir: postgresDir, appSecret: APP_SECRET, signInUsers: SIGN_IN_USERS });
  await seedBenchData({ databaseUrl: null, dataDir: pgliteDir, appSecret: APP_SECRET, signInUsers: 1 });

  say("building the island bundles");
  const islandRows = await measureIslandWeights();

  say("bare Bun.serve");
  const bareUrl = await startBare();
  const bare = await load(`${bareUrl}/`);
  rows.push({ name: "bare Bun.serve, 20 KB static", figure: rps(bare.rps), p99: p99(bare), ratio: "1.00 × bare", notes: problems(bare) });

  say("PGlite: cold start, then its signed-in pages");
  const { app: pglite, coldStart: pgliteColdStart } = await startAppTimed({ databaseUrl: null, dataDir: pgliteDir });
  const pgliteCustomer = await signIn(pglite, CUSTOMER);
  const pgliteLoadStarted = performance.now();
  const pgliteLoaded = readRssAfterLoading(pglite);
  for (const route of PGLITE_ROUTES) {
    say(`PGlite: ${route.name}`);
    addLoadRow(`PGlite: ${route.name}`, await load(`${pglite.url}${route.path}`, pgliteCustomer, route.fresh), bare, route.notes);
  }
  await loadUntilRead(
    pglite,
    pgliteLoaded,
    PGLITE_ROUTES.map((route) => ({ ...route, cookie: pgliteCustomer })),
  );
  const pgliteRss = await rssRows("PGlite", pglite, pgliteLoadStarted, pgliteLoaded.rss);
  await stopApp(pglite);

  say("Postgres: cold start");
  const { app, coldStart: postgresColdStart } = await startAppTimed({ databaseUrl, dataDir: postgresDir });
  const coldStarts: Row[] = [
    { name: "cold start, Postgres", ...postgresColdStart },
    { name: "cold start, PGlite", ...pgliteColdStart },
  ];
  const postgresLoadStarted = performance.now();
  const postgresLoaded = readRssAfterLoading(app);
  const customer = await signIn(app, CUSTOMER);
  const admin = await signIn(app, ADMIN);
  const search = (await (await fetch(`${app.url}/api/projects/search`, { headers: { cookie: customer } })).json()) as { projects: { _id: string }[] };
  const projectId = search.projects[0]?._id;
  if (search.projects.length !== CUSTOMER_PROJECTS || !projectId)
    throw new Error(`The customer should see ${CUSTOMER_PROJECTS} projects, saw ${search.projects.length}`);

  // Signed-in rows twice: as asked again (the answer the server kept for the session until the data
  // changes, README decision 43) and rendered every time (a URL of its own per request).
  const routes: Array<{ name: string; path: string; cookie?: string; notes?: string; fresh?: boolean }> = [
    { name: "anonymous /", path: "/", notes: "render cache" },
    { name: "anonymous /support", path: "/support", notes: "render cache" },
    { name: "anonymous /contact-us", path: "/contact-us", notes: "render cache" },
    { name: "anonymous /terms", path: "/terms", notes: "render cache" },
    { name: "customer /", path: "/", cookie: customer },
    { name: "customer /dashboard", path: "/dashboard", cookie: customer, notes: `${CUSTOMER_PROJECTS} projects` },
    { name: "customer /projects/:id", path: `/projects/${projectId}`, cookie: customer },
    { name: "customer /settings", path: "/settings", cookie: customer },
    { name: "customer /notifications", path: "/notifications", cookie: customer },
    { name: "admin /admin", path: "/admin", cookie: admin },
    { name: "admin /admin/faq", path: "/admin/faq", cookie: admin },
    { name: "admin /admin/bugreports", path: "/admin/bugreports", cookie: admin },
    { name: "JSON /api/users/me", path: "/api/users/me", cookie: customer },
    { name: "JSON /api/projects/search", path: "/api/projects/search", cookie: customer, notes: `${CUSTOMER_PROJECTS} projects` },
    { name: "JSON /api/notifications", path: "/api/notifications", cookie: customer },
    { name: "customer / (rendered every time)", path: "/", cookie: customer, fresh: true },
    { name: "customer /dashboard (rendered every time)", path: "/dashboard", cookie: customer, fresh: true, notes: `${CUSTOMER_PROJECTS} projects` },
    { name: "customer /projects/:id (rendered every time)", path: `/projects/${projectId}`, cookie: customer, fresh: true },
    { name: "customer /settings (rendered every time)", path: "/settings", cookie: customer, fresh: true },
    { name: "customer /notifications (rendered every time)", path: "/notifications", cookie: customer, fresh: true },
    { name: "admin /admin (rendered every time)", path: "/admin", cookie: admin, fresh: true },
    { name: "admin /admin/faq (rendered every time)", path: "/admin/faq", cookie: admin, fresh: true },
    { name: "admin /admin/bugreports (rendered every time)", path: "/admin/bugreports", cookie: admin, fresh: true },
    { name: "JSON /api/projects/search (every time)", path: "/api/projects/search", cookie: customer, fresh: true, notes: `${CUSTOMER_PROJECTS} projects` },
    { name: "JSON /api/notifications (every time)", path: "/api/notifications", cookie: customer, fresh: true },
  ];
  let quietDashboard: WrkResult | null = null;
  for (const route of routes) {
    say(route.name);
    const result = await load(`${app.url}${route.path}`, route.cookie, route.fresh);
    if (route.path === "/dashboard") quietDashboard = result;
    addLoadRow(`Postgres: ${route.name}`, result, bare, route.notes);
  }
  await loadUntilRead(app, postgresLoaded, routes);
  const postgresRss = await rssRows("Postgres", app, postgresLoadStarted, postgresLoaded.rss);
  say("JS per page");
  const pageWeights = await measurePageWeights(app, { anonymous: undefined, customer, admin }, projectId);

  say("2,000 idle SSE clients");
  const idleStreams = describeIdleStreams(await measureIdleStreams({ url: app.url, pid: app.process.pid, cookie: customer, clients: 2_000, say }));
  rows.push({ name: "Postgres: 2,000 idle SSE clients (server RSS)", figure: idleStreams.figure, p99: "", ratio: "", notes: idleStreams.notes });

  say(`/dashboard while ${SIGN_INS_PER_S} sign-ins/s hash passwords`);
  const signIns = startSignIns({ url: app.url, origin: app.url, users: SIGN_IN_USERS, perSecond: SIGN_INS_PER_S });
  let busy: WrkResult;
  try {
    busy = await load(`${app.url}/dashboard`, customer);
  } catch (error) {
    await signIns.stop();
    throw error;
  }
  const tally = await signIns.stop();
  const failed = Object.entries(tally.failures)
    .map(([status, count]) => `${count}× ${status}`)
    .join(", ");
  rows.push({
    name: `Postgres: customer /dashboard + ${SIGN_INS_PER_S} sign-ins/s`,
    figure: rps(busy.rps),
    p99: p99(busy),
    ratio: quietDashboard && busy.requests > 0 ? `p99 ${ratio(busy.p99Ms / quietDashboard.p99Ms)} quiet` : "",
    notes: [
      problems(busy),
      `sign-ins answered ${tally.perSecond.toFixed(1)}/s, p50 ${ms(tally.p50Ms)}, p99 ${ms(tally.p99Ms)}`,
      failed ? `**failed: ${failed}**` : "",
    ]
      .filter(Boolean)
      .join("; "),
  });
  const rssAfterSignIns = readRssBytes(app.process.pid);
  await stopApp(app);

  // The same session works on every instance: it lives in the one database.
  if (findHaproxy()) {
    say("scale-out: /dashboard on one instance, then through HAProxy to one and to two");
    const scaleOut = await measureScaleOut(
      { databaseUrl, env: { APP_SECRET, ADMIN_KEY, SUPER_ADMIN_KEY, SMTP_URL: "", S3_BUCKET: "" }, say },
      (baseUrl, appPids) => watchSaturation(databaseUrl, appPids, () => load(`${baseUrl}/dashboard`, customer)),
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
    addLoadRow(
      "scale-out: /dashboard, one instance straight",
      scaleOut.firstStraight.result,
      bare,
      `the other instance straight: ${rps(scaleOut.secondStraight.result.rps)}; ${saturationNote(scaleOut.firstStraight)}`,
    );
    addLoadRow(
      "scale-out: /dashboard, HAProxy + one instance",
      scaleOut.oneBehind.result,
      bare,
      `${ratio(one / scaleOut.firstStraight.result.rps)} straight; ${saturationNote(scaleOut.oneBehind)}`,
    );
    addLoadRow(
      "scale-out: /dashboard, HAProxy + two instances",
      scaleOut.twoBehind.result,
      bare,
      `${ratio(scaleOut.twoBehind.result.rps / one)} one behind HAProxy; ${saturationNote(scaleOut.twoBehind)}`,
    );
  } else {
    say("scale-out rows skipped: haproxy is not installed (apt-get install -y haproxy)");
    rows.push({ name: "scale-out: /dashboard behind HAProxy", figure: "skipped", p99: "", ratio: "", notes: "haproxy is not installed" });
  }

  // The ratios use the first bare run; a second one shows how much the machine drifted meanwhile.
  say("bare Bun.serve again");
  const bareAgain = await load(`${bareUrl}/`);
  rows.push({
    name: "bare Bun.serve again, at the end",
    figure: rps(bareAgain.rps),
    p99: p99(bareAgain),
    ratio: `${ratio(bareAgain.rps / bare.rps)} bare`,
    notes: ["machine drift during the run", problems(bareAgain)].filter(Boolean).join("; "),
  });

  rows.push(...coldStarts);
  rows.push(...postgresRss, ...pgliteRss);
  rows.push({
    name: "server RSS after the sign-ins",
    figure: mb(rssAfterSignIns),
    p99: "",
    ratio: "",
    notes: "argon2id takes 19 MiB a hash, at most one a spare core at once",
  });
  rows.push(...pageWeights, ...islandRows);

  let scaleSummary = "";
  if (SCALE) {
    say("admin search at scale (BENCH_SCALE=1; seeding bench_scale the first time takes minutes)");
    const scaleUrl = await ensureDatabase("bench_scale");
    const scaleDir = mkdtempSync(join(tmpdir(), "bench-scale-"));
    cleanups.push(() => rmSync(scaleDir, { recursive: true, force: true }));
    const report = await measureSearches({ DATABASE_URL: scaleUrl, DATA_DIR: scaleDir, APP_SECRET, ADMIN_KEY, SUPER_ADMIN_KEY }, 100, say);
    scaleSummary = `\nAdmin search: ${report.summary}.`;
    const admins = report.timings.filter((timing) => timing.who === "admin");
    const slowest = admins.reduce((worst, timing) => (timing.p99Ms > worst.p99Ms ? timing : worst));
    for (const timing of new Set([admins[0]!, slowest])) {
      const notes = [`${timing.found} found`, timing === slowest ? `the slowest p99 of ${admins.length} admin queries` : ""].filter(Boolean).join("; ");
      rows.push({
        name: `admin search, 100k projects / 10k users: ${timing.name.replace("admin: ", "")}`,
        figure: `p50 ${ms(timing.p50Ms)}`,
        p99: ms(timing.p99Ms),
        ratio: "",
        notes,
      });
    }
  }

  const commit = Bun.spawnSync(["git", "rev-parse", "--short", "HEAD"], { cwd: root }).stdout.toString().trim();
  const heading =
    `wrk: ${THREADS} threads, ${CONNECTIONS} connections, ${DURATION_S} s per row after a ${WARMUP_S} s warm-up, Accept-Encoding gzip; ` +
    `${cpus().length} CPUs; commit ${commit}; ${new Date().toISOString()}. Ratio: requests/s over the bare server's in this run.${scaleSummary}`;
  const output = `${heading}\n\n${printTable()}\n`;
  console.log(`\n${output}`);
  writeFileSync(join(import.meta.dir, "last-run.md"), `# Last bench run\n\n${output}`);
}

async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch((error: unknown) => say(`cleanup failed: ${String(error)}`));
}

process.on("SIGINT", () => void cleanUp().then(() => process.exit(130)));
try {
  await main();
} finally {
  await cleanUp();
}
