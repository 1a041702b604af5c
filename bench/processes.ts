// The processes a bench run starts and stops: the production server (`bun src/main.ts`, from this
// tree or another checkout), the bare Bun.serve every ratio is taken against, and whatever else a
// run registers to undo (databases, directories, servers), undone in reverse order at the end.
import { join } from "node:path";
import type { Subprocess } from "bun";
import { freePort, productionEnv } from "../tests/cluster/harness";

export const APP_SECRET = "bench-secret-bench-secret-bench-secret-0123";
export const ADMIN_KEY = "bench-admin-key";
export const SUPER_ADMIN_KEY = "bench-super-admin-key";

/** This checkout: the server a run measures unless told to start another tree. */
export const ROOT = join(import.meta.dir, "..");

export type App = { process: Subprocess; url: string; coldStartMs: number };
/** Where a server keeps its data: a Postgres URL (null for PGlite in `dataDir`) and its SMTP server. */
export type Database = { databaseUrl: string | null; dataDir: string; smtpUrl: string };

export const say = (line: string) => console.error(`bench: ${line}`);

const cleanups: Array<() => Promise<void> | void> = [];

/** Something to undo when the run ends, however it ends. */
export function onCleanUp(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

export async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch((error: unknown) => say(`cleanup failed: ${String(error)}`));
}

/** Spawns the production server of the checkout at `root` and times it from the spawn to its first 200 on `/`. */
export async function startApp(database: Database, root = ROOT): Promise<App> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = Bun.spawn(["bun", "src/main.ts"], {
    cwd: root,
    env: {
      ...productionEnv({ port, publicUrl: url, databaseUrl: database.databaseUrl ?? "", dataDir: database.dataDir, smtpUrl: database.smtpUrl }),
      APP_SECRET,
      ADMIN_KEY,
      SUPER_ADMIN_KEY,
      // Nothing balances these: stop at once rather than drain for the production default.
      SHUTDOWN_DELAY_MS: "0",
    },
    // One access-log line per request: to /dev/null, as cheap as a log collector would make it.
    stdout: "ignore",
    stderr: "inherit",
  });
  onCleanUp(async () => {
    child.kill("SIGTERM");
    await child.exited;
  });
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

export async function stopApp(app: App): Promise<void> {
  app.process.kill("SIGTERM");
  await app.process.exited;
}

/** The bare Bun.serve (bench/bare-server.ts) in its own process, like the app; resolves to its URL. */
export async function startBare(): Promise<string> {
  const child = Bun.spawn(["bun", join(import.meta.dir, "bare-server.ts")], { stdout: "pipe", stderr: "inherit" });
  onCleanUp(() => void child.kill());
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
