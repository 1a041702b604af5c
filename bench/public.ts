// The public pages' speed: the production server against a bare Bun.serve answering the same
// bytes, both loaded by autocannon in the same run. Prints requests/s and p99 latency for `/`
// and GET /api/faq, the ratio to the bare server, and the size of `/` (HTML + CSS, gzipped).
// Fails (exit 1) when `/` ships JavaScript, weighs 30 KB or more, or reaches less than 60% of
// the bare server's requests/s.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";

const root = join(import.meta.dir, "..");
const DURATION_S = Number(process.env.BENCH_DURATION ?? "10");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? "50");
const PATHS = ["/", "/api/faq"] as const;
const MIN_RATIO = 0.6;
const MAX_LANDING_BYTES = 30 * 1024;
// Hop-by-hop and encoding headers are the bare server's own business.
const SKIPPED_HEADERS = new Set(["content-length", "content-encoding", "date", "connection", "keep-alive", "transfer-encoding"]);

type Result = { rps: number; p99: number; errors: number };

async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, fetch: () => new Response() });
  const port = probe.port ?? 0;
  await probe.stop(true);
  return port;
}

async function waitForReady(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await Bun.sleep(200);
  }
  throw new Error(`The server at ${url} did not become ready`);
}

/** The first line the child prints is its port; the stream stays open while it runs. */
async function readPort(stream: ReadableStream<Uint8Array>): Promise<number> {
  const reader = stream.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { done, value } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return Number(text.trim());
}

async function load(url: string, duration: number): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers: { "accept-encoding": "gzip, deflate, br" } });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "webstudio-bench-"));
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const app = Bun.spawn(["bun", "src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: appUrl,
      DATA_DIR: dataDir,
      APP_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      ADMIN_KEY: "bench-admin-key",
      SUPER_ADMIN_KEY: "bench-super-admin-key",
      DATABASE_URL: "",
      SMTP_URL: "",
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  let bare: { kill(): void } | null = null;
  try {
    await waitForReady(appUrl);

    // The bytes the app answers, to serve from the bare server with the same headers.
    const routes: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
    let landingHtml = "";
    for (const path of PATHS) {
      const response = await fetch(`${appUrl}${path}`);
      const body = Buffer.from(await response.arrayBuffer());
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (!SKIPPED_HEADERS.has(name)) headers[name] = value;
      });
      routes[path] = { status: response.status, headers, body: body.toString("base64") };
      if (path === "/") landingHtml = body.toString("utf8");
    }
    const cssHref = /<link rel="stylesheet" href="([^"]+)"/.exec(landingHtml)?.[1];
    if (!cssHref) throw new Error("The landing page links no stylesheet");
    const css = Buffer.from(await (await fetch(`${appUrl}${cssHref}`)).arrayBuffer());
    const htmlGzip = Bun.gzipSync(Buffer.from(landingHtml), { level: 9 }).byteLength;
    const cssGzip = Bun.gzipSync(css, { level: 9 }).byteLength;
    const scripts = (landingHtml.match(/<script\b/g) ?? []).length;

    const bareProcess = Bun.spawn(["bun", join(import.meta.dir, "bare-server.ts")], { stdin: "pipe", stdout: "pipe", stderr: "inherit" });
    bare = bareProcess;
    bareProcess.stdin.write(JSON.stringify(routes));
    await bareProcess.stdin.end();
    const barePort = await readPort(bareProcess.stdout);
    if (!barePort) throw new Error("The bare server did not start");
    const bareUrl = `http://127.0.0.1:${barePort}`;

    console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per run, gzip accepted; ${navigator.hardwareConcurrency} CPUs\n`);
    const rows: { path: string; app: Result; bare: Result }[] = [];
    for (const path of PATHS) {
      await load(`${bareUrl}${path}`, 1);
      await load(`${appUrl}${path}`, 1);
      const bareResult = await load(`${bareUrl}${path}`, DURATION_S);
      const appResult = await load(`${appUrl}${path}`, DURATION_S);
      rows.push({ path, app: appResult, bare: bareResult });
    }

    const pad = (value: string, width: number) => value.padEnd(width);
    console.log(`${pad("path", 12)}${pad("app req/s", 12)}${pad("app p99", 10)}${pad("bare req/s", 12)}${pad("bare p99", 10)}ratio`);
    for (const row of rows) {
      console.log(
        `${pad(row.path, 12)}${pad(Math.round(row.app.rps).toString(), 12)}${pad(`${row.app.p99} ms`, 10)}${pad(Math.round(row.bare.rps).toString(), 12)}${pad(`${row.bare.p99} ms`, 10)}${(row.app.rps / row.bare.rps).toFixed(2)}`,
      );
    }
    console.log(
      `\n/ weighs ${(htmlGzip / 1024).toFixed(1)} KB HTML + ${(cssGzip / 1024).toFixed(1)} KB CSS = ${((htmlGzip + cssGzip) / 1024).toFixed(1)} KB gzipped; ${scripts} script tags`,
    );

    const problems: string[] = [];
    const landing = rows.find((row) => row.path === "/");
    if (landing && landing.app.rps < MIN_RATIO * landing.bare.rps)
      problems.push(`/ reached ${(landing.app.rps / landing.bare.rps).toFixed(2)} of the bare server (minimum ${MIN_RATIO})`);
    for (const row of rows) if (row.app.errors > 0) problems.push(`${row.path} answered ${row.app.errors} errors or non-2xx`);
    if (htmlGzip + cssGzip >= MAX_LANDING_BYTES) problems.push("/ weighs 30 KB or more gzipped");
    if (scripts > 0) problems.push("/ ships JavaScript");
    if (problems.length > 0) {
      console.error(`\nFAILED:\n  ${problems.join("\n  ")}`);
      process.exitCode = 1;
    }
  } finally {
    bare?.kill();
    app.kill("SIGTERM");
    await app.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
