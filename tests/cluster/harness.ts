// Several production processes of the app (`bun src/main.ts`) on one Postgres database behind
// HAProxy running deploy/haproxy.cfg, all on loopback with random ports. tests/cluster and
// bench/cluster.ts both use it, so what they exercise is the file an operator deploys.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";

const root = join(import.meta.dir, "../..");
const HAPROXY_CONFIG = join(root, "deploy/haproxy.cfg");

export const CLUSTER_KEYS = {
  APP_SECRET: "cluster-secret-cluster-secret-cluster-0123",
  ADMIN_KEY: "cluster-admin-key",
  SUPER_ADMIN_KEY: "cluster-super-admin-key",
};

/**
 * What a production server on loopback starts with: the seeded admins need no second factor (it
 * has its own tests), X-Forwarded-For is trusted (load tools give each client its own address), no
 * S3. The caller adds the keys. `publicUrl` is where browsers reach it: the balancer, if any.
 */
export function productionEnv(server: {
  port: number;
  publicUrl: string;
  databaseUrl: string;
  dataDir: string;
  smtpUrl: string;
}): Record<string, string | undefined> {
  return {
    ...process.env,
    NODE_ENV: "production",
    REQUIRE_ADMIN_MFA: "off",
    PORT: String(server.port),
    PUBLIC_URL: server.publicUrl,
    DATABASE_URL: server.databaseUrl,
    DATA_DIR: server.dataDir,
    TRUST_PROXY: "1",
    SMTP_URL: server.smtpUrl,
    S3_BUCKET: "",
  };
}

/** HAProxy's path, or null: Debian installs it in /usr/sbin, which a non-root PATH may lack. */
export function findHaproxy(): string | null {
  return Bun.which("haproxy") ?? (existsSync("/usr/sbin/haproxy") ? "/usr/sbin/haproxy" : null);
}

export async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port ?? 0;
  await probe.stop(true);
  return port;
}

/** One app process; its HAProxy server name is `app1`, `app2`... in the order given. */
export type Instance = {
  /** HAProxy's name for it, also the X-Served-By header of what it answered. */
  name: string;
  port: number;
  url: string;
  /** Every stdout and stderr line since the first start (the access log among them). */
  logs: string[];
  /** Spawns the process (again, after a stop) and resolves once it answers /ready with 200. */
  start(): Promise<void>;
  /** Sends `signal` (SIGTERM: the graceful stop) and resolves with the exit code. */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<number>;
  readonly running: boolean;
  readonly pid: number | undefined;
};

export type Cluster = {
  /** HAProxy's address: what clients use, and every instance's PUBLIC_URL. */
  url: string;
  instances: Instance[];
  /** HAProxy's stdout: one line per request (option httplog). */
  balancerLogs: string[];
  /** HAProxy's view of each server of the `app` backend: UP, DOWN, MAINT, "DOWN 1/2"... */
  serverStatus(): Promise<Record<string, string>>;
  /** Waits until HAProxy reports `name` in `status` (UP or DOWN, as its stats page spells it). */
  waitForServer(name: string, status: "UP" | "DOWN", timeoutMs?: number): Promise<void>;
  /** Stops HAProxy and every instance still running (SIGTERM, then SIGKILL after 15 s), and removes the data directories. */
  stop(): Promise<void>;
};

export type ClusterOptions = {
  databaseUrl: string;
  instances?: number;
  /** Extra environment for every instance (SMTP_URL, SHUTDOWN_DELAY_MS...). */
  env?: Record<string, string>;
  /** Keep stdout lines in `logs` (on by default; the bench turns it off so logging costs nothing to collect). */
  keepLogs?: boolean;
};

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await Bun.sleep(50);
  }
}

/** Production logs are JSON lines (pino): keep their message, as a person reading the log would. */
function messageOf(line: string): string {
  if (!line.startsWith("{")) return line;
  try {
    const { msg } = JSON.parse(line) as { msg?: unknown };
    return typeof msg === "string" ? msg : line;
  } catch {
    return line;
  }
}

function collectLines(stream: ReadableStream<Uint8Array>, into: string[] | null, prefix: string): void {
  const decoder = new TextDecoder();
  let partial = "";
  void (async () => {
    for await (const chunk of stream) {
      if (!into) continue;
      const lines = (partial + decoder.decode(chunk, { stream: true })).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) into.push(`${prefix}${messageOf(line)}`);
    }
  })().catch(() => {});
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const haproxy = findHaproxy();
  if (!haproxy) throw new Error("haproxy is not installed (apt-get install -y haproxy)");
  const count = options.instances ?? 2;
  // deploy/haproxy.cfg names two servers; a third needs its lines there first.
  if (count < 1 || count > 2) throw new Error("deploy/haproxy.cfg has servers for one or two instances");
  const keepLogs = options.keepLogs ?? true;
  const [balancerPort, statsPort, ...ports] = await Promise.all(Array.from({ length: count + 2 }, freePort));
  const url = `http://127.0.0.1:${balancerPort}`;
  const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;
  const dataDirs: string[] = [];

  const createInstance = (index: number): Instance => {
    const port = ports[index] ?? 0;
    const dataDir = mkdtempSync(join(tmpdir(), `webstudio-cluster-${index + 1}-`));
    dataDirs.push(dataDir);
    const logs: string[] = [];
    let child: Subprocess<"ignore", "pipe", "pipe"> | null = null;
    const instance: Instance = {
      name: `app${index + 1}`,
      port,
      url: `http://127.0.0.1:${port}`,
      logs,
      get running() {
        return child !== null && child.exitCode === null && child.signalCode === null;
      },
      get pid() {
        return child?.pid;
      },
      async start() {
        if (instance.running) throw new Error(`${instance.name} is already running`);
        const spawned = Bun.spawn(["bun", "src/main.ts"], {
          cwd: root,
          env: { ...productionEnv({ port, publicUrl: url, databaseUrl: options.databaseUrl, dataDir, smtpUrl: "" }), ...CLUSTER_KEYS, ...options.env },
          stdin: "ignore",
          stdout: "pipe",
          stderr: "pipe",
        });
        child = spawned;
        // Read both pipes for the whole life of the process: a full pipe would block its writes.
        collectLines(spawned.stdout, keepLogs ? logs : null, "");
        collectLines(spawned.stderr, keepLogs ? logs : null, "stderr: ");
        await until(
          `${instance.name} to answer /ready`,
          async () => {
            if (spawned.exitCode !== null) throw new Error(`${instance.name} exited with ${spawned.exitCode}:\n${logs.join("\n")}`);
            return (await fetch(`${instance.url}/ready`, { signal: AbortSignal.timeout(2000) })).status === 200;
          },
          60_000,
        ).catch((error: unknown) => {
          if (spawned.exitCode !== null) throw new Error(`${instance.name} exited with ${spawned.exitCode}:\n${logs.join("\n")}`);
          throw error;
        });
      },
      async stop(signal = "SIGTERM") {
        const current = child;
        if (!current || current.exitCode !== null || current.signalCode !== null) return current?.exitCode ?? 0;
        current.kill(signal);
        const forced = setTimeout(() => current.kill("SIGKILL"), 15_000);
        const code = await current.exited;
        clearTimeout(forced);
        return code;
      },
    };
    return instance;
  };

  const instances = Array.from({ length: count }, (_, index) => createInstance(index));
  const balancerLogs: string[] = [];
  let balancer: Subprocess<"ignore", "pipe", "pipe"> | null = null;

  const cluster: Cluster = {
    url,
    instances,
    balancerLogs,
    async serverStatus() {
      const csv = await (await fetch(statsUrl, { signal: AbortSignal.timeout(2000) })).text();
      const statuses: Record<string, string> = {};
      const [header, ...rows] = csv.replace(/^# /, "").trim().split("\n");
      const columns = (header ?? "").split(",");
      const [proxy, server, status] = ["pxname", "svname", "status"].map((name) => columns.indexOf(name));
      for (const row of rows) {
        const cells = row.split(",");
        if (cells[proxy ?? -1] === "app" && cells[server ?? -1] !== "BACKEND") statuses[cells[server ?? -1] ?? ""] = cells[status ?? -1] ?? "";
      }
      return statuses;
    },
    async waitForServer(name, status, timeoutMs = 15_000) {
      await until(`HAProxy to report ${name} ${status}`, async () => (await cluster.serverStatus())[name] === status, timeoutMs);
    },
    async stop() {
      balancer?.kill("SIGTERM");
      await balancer?.exited;
      await Promise.all(instances.map((instance) => instance.stop("SIGTERM")));
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    // One at a time: the first runs the migrations and seeds the FAQs, as a first deploy would.
    for (const instance of instances) await instance.start();
    const env: Record<string, string> = {
      ...process.env,
      LB_BIND: `127.0.0.1:${balancerPort}`,
      LB_STATS_BIND: `127.0.0.1:${statsPort}`,
    };
    for (const [index, instance] of instances.entries()) env[`APP${index + 1}_ADDR`] = `127.0.0.1:${instance.port}`;
    // -db: foreground, no daemon; the test owns the process and its logs.
    balancer = Bun.spawn([haproxy, "-f", HAPROXY_CONFIG, "-db"], { env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    collectLines(balancer.stdout, keepLogs ? balancerLogs : null, "");
    collectLines(balancer.stderr, balancerLogs, "stderr: ");
    const started = balancer;
    await until(
      "HAProxy to report every instance UP",
      async () => {
        if (started.exitCode !== null) throw new Error(`haproxy exited with ${started.exitCode}:\n${balancerLogs.join("\n")}`);
        const statuses = await cluster.serverStatus();
        return instances.every((instance) => statuses[instance.name] === "UP");
      },
      15_000,
    );
    return cluster;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}
