// Scaling out on this machine: the same signed-in page loaded straight from one instance, through
// HAProxy (deploy/haproxy.cfg) with one instance in service, and through HAProxy with two. The
// instances are production processes on the bench's seeded Postgres database, started by the
// cluster test harness, so the figures are for the configuration an operator deploys.
import { readFileSync, readdirSync } from "node:fs";
import { cpus } from "node:os";
import { type Cluster, startCluster } from "../tests/cluster/harness";

export type ScaleOut<Result> = {
  /** Each instance loaded straight, one after the other (also their warm-up, and the noise between two equal runs). */
  firstStraight: Result;
  secondStraight: Result;
  /** Through HAProxy, both instances in service. */
  twoBehind: Result;
  /** Through HAProxy, the second instance stopped (HAProxy has marked it DOWN). */
  oneBehind: Result;
};

/**
 * Runs `measure` four times against the same page and answers what each returned. `measure`
 * receives a base URL (no trailing slash); it must not change anything the page shows. Neither
 * instance is restarted between runs, so both are equally warm.
 */
export async function measureScaleOut<Result>(
  options: { databaseUrl: string; env: Record<string, string>; say: (line: string) => void },
  measure: (baseUrl: string, appPids: number[]) => Promise<Result>,
): Promise<ScaleOut<Result>> {
  // No drain delay: nothing is in front of these instances but the bench's own HAProxy.
  const cluster: Cluster = await startCluster({ databaseUrl: options.databaseUrl, env: { ...options.env, SHUTDOWN_DELAY_MS: "0" }, keepLogs: false });
  try {
    const [first, second] = cluster.instances;
    if (!first || !second) throw new Error("the bench cluster has two instances");
    options.say("scale-out: each instance straight");
    const pids = () => cluster.instances.flatMap((instance) => (instance.running && instance.pid ? [instance.pid] : []));
    const firstStraight = await measure(first.url, first.pid ? [first.pid] : []);
    const secondStraight = await measure(second.url, second.pid ? [second.pid] : []);
    options.say("scale-out: HAProxy with two instances");
    const twoBehind = await measure(cluster.url, pids());
    options.say("scale-out: HAProxy with one instance in service");
    await second.stop("SIGTERM");
    await cluster.waitForServer(second.name, "DOWN");
    const oneBehind = await measure(cluster.url, pids());
    return { firstStraight, secondStraight, twoBehind, oneBehind };
  } finally {
    await cluster.stop();
  }
}

export type Saturation = {
  cpuBusyPercent: number;
  /** Share of the machine's CPU time (all cores) spent by the app instances, Postgres, HAProxy and wrk. */
  cpuShare: { app: number; postgres: number; haproxy: number; wrk: number };
  connections: number;
  maxActive: number;
};

const TICKS_PER_SECOND = 100;

function cpuTicks(): { busy: number; total: number } {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are the only waiting.
  const total = ticks.reduce((sum, value) => sum + value, 0);
  return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
}

type Group = keyof Saturation["cpuShare"];
type Snapshot = { at: number; machine: { busy: number; total: number }; processes: Map<number, { group: Group; ticks: number }> };

/** CPU ticks (user + system) used so far by each process of interest: the app pids, and Postgres, HAProxy and wrk by name. */
function snapshot(appPids: number[]): Snapshot {
  const processes = new Map<number, { group: Group; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // the process ended meanwhile
    }
    // "pid (comm) state ...": the command may hold spaces, so split after its closing parenthesis.
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const group: Group | null = appPids.includes(Number(entry)) ? "app" : comm === "postgres" || comm === "haproxy" || comm === "wrk" ? comm : null;
    if (!group) continue;
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    processes.set(Number(entry), { group, ticks: Number(fields[11] ?? 0) + Number(fields[12] ?? 0) });
  }
  return { at: performance.now(), machine: cpuTicks(), processes };
}

function compare(first: Snapshot, last: Snapshot): Pick<Saturation, "cpuBusyPercent" | "cpuShare"> {
  const capacity = ((last.at - first.at) / 1000) * TICKS_PER_SECOND * cpus().length;
  const cpuShare = { app: 0, postgres: 0, haproxy: 0, wrk: 0 };
  // A process that started in between (wrk, a new Postgres backend) counts from zero.
  for (const [pid, { group, ticks }] of last.processes) cpuShare[group] += (100 * (ticks - (first.processes.get(pid)?.ticks ?? 0))) / capacity;
  const cpuBusyPercent = (100 * (last.machine.busy - first.machine.busy)) / Math.max(1, last.machine.total - first.machine.total);
  return { cpuBusyPercent, cpuShare };
}

/**
 * What runs out first while `work` runs: the whole machine's CPU (every process, other users'
 * included) and who spent it, and the database's connections (open, and the most seen running
 * a query at once).
 */
export async function watchSaturation<Result>(
  databaseUrl: string,
  appPids: number[],
  work: () => Promise<Result>,
): Promise<{ result: Result; saturation: Saturation }> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const observer = new Bun.SQL(databaseUrl, { max: 1 });
  let connections = 0;
  let maxActive = 0;
  let watching = true;
  const first = snapshot(appPids);
  // The last snapshot taken while `work` still runs: wrk's own ticks vanish from /proc when it exits.
  let last = first;
  const sampling = (async () => {
    while (watching) {
      const [row] = await observer<{ open: number; active: number }[]>`
        select count(*)::int as open, (count(*) filter (where state = 'active'))::int - 1 as active
        from pg_stat_activity where datname = ${name}`;
      connections = Math.max(connections, (row?.open ?? 1) - 1);
      maxActive = Math.max(maxActive, row?.active ?? 0);
      if (watching) last = snapshot(appPids);
      await Bun.sleep(100);
    }
  })();
  try {
    const result = await work();
    watching = false;
    return { result, saturation: { ...compare(first, last), connections, maxActive } };
  } finally {
    watching = false;
    await sampling.catch(() => {});
    await observer.close({ timeout: 5 });
  }
}
