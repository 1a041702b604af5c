// Measures the project searches at scale: boots the app in-process on the configured database
// (DATA_DIR for PGlite, DATABASE_URL for Postgres), seeds it with bench/seed-scale.ts when it holds
// no scale data yet, then times N sequential requests per scenario and reports p50 and p99.
// `BENCH_SCALE=1 bun run bench` runs it as a row of the bench; on its own:
//
//   DATA_DIR=/tmp/bench-pglite bun bench/search.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench DATA_DIR=/tmp/bench-pg bun bench/search.ts
//   ... bun bench/search.ts --requests 200
import { count, desc, eq, like, sql } from "drizzle-orm";
import { projects, users } from "../db/schema";
import { boot } from "../src/boot";
import { loadConfig } from "../src/config";
import { createSession } from "../src/http/sessions";
import { newId } from "../src/lib/ids";
import { SCALE_EMAIL_PREFIX, seedScale } from "./seed-scale";

type Scenario = { name: string; who: "admin" | "customer"; path: string };
export type SearchTiming = Scenario & { found: number; p50Ms: number; p99Ms: number };
export type SearchReport = { summary: string; timings: SearchTiming[] };

const WARMUP = 20;

const scenarios: Scenario[] = [
  { name: "admin: default (non-archived, newest)", who: "admin", path: "/api/admin/projects/search" },
  { name: "admin: status=in-progress", who: "admin", path: "/api/admin/projects/search?status=in-progress" },
  { name: "admin: paid=true", who: "admin", path: "/api/admin/projects/search?paid=true" },
  { name: "admin: archived=true", who: "admin", path: "/api/admin/projects/search?archived=true" },
  { name: "admin: status+paid+oldest", who: "admin", path: "/api/admin/projects/search?status=completed&paid=true&sortby=createdAt" },
  { name: "admin: title=bakery", who: "admin", path: "/api/admin/projects/search?title=bakery" },
  { name: "admin: title=bakery+status", who: "admin", path: "/api/admin/projects/search?title=bakery&status=pending-approval" },
  { name: "admin: title=bakery+paid", who: "admin", path: "/api/admin/projects/search?title=bakery&paid=true" },
  { name: "admin: title=bakery, archived", who: "admin", path: "/api/admin/projects/search?title=bakery&archived=true" },
  { name: "admin: title=zenith yoga 9 (rare)", who: "admin", path: "/api/admin/projects/search?title=zenith%20yoga%209" },
  { name: "admin: page=100", who: "admin", path: "/api/admin/projects/search?page=100" },
  { name: "admin palette: q=bakery (common)", who: "admin", path: "/api/admin/search?q=bakery" },
  { name: "admin palette: q=zenith yoga 9 (rare)", who: "admin", path: "/api/admin/search?q=zenith%20yoga%209" },
  { name: "admin palette: q=scale-user-4242 (e-mail)", who: "admin", path: "/api/admin/search?q=scale-user-4242" },
  { name: "admin palette: q=xqz (no match)", who: "admin", path: "/api/admin/search?q=xqz" },
  { name: "customer: default", who: "customer", path: "/api/projects/search" },
  { name: "customer: status=completed", who: "customer", path: "/api/projects/search?status=completed" },
  { name: "customer: paid+archived", who: "customer", path: "/api/projects/search?paid=true&archived=true" },
  { name: "customer: title=a", who: "customer", path: "/api/projects/search?title=a" },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function measureSearches(
  env: Record<string, string | undefined>,
  requests = 100,
  log: (line: string) => void = console.log,
): Promise<SearchReport> {
  const config = loadConfig({ ...env, PORT: "0" });
  const running = await boot(config, { log: () => {} });
  const db = running.deps.database.db;
  try {
    const [seeded] = await db
      .select({ value: count() })
      .from(users)
      .where(like(users.email, `${SCALE_EMAIL_PREFIX}%`));
    if ((seeded?.value ?? 0) === 0) await seedScale(db, running.deps.sealer, undefined, log);
    const [totals] = await db.select({ value: count() }).from(projects);
    const [userTotals] = await db.select({ value: count() }).from(users);

    // An admin of this run, and the customer with the most projects (the heaviest customer list).
    const adminId = newId();
    await db
      .insert(users)
      .values({ id: adminId, email: `bench-admin-${adminId}@example.com`, displayName: "Bench Admin", isAdmin: true, adminKey: config.adminKey });
    const [busiest] = await db
      .select({ creatorId: projects.creatorId, value: count() })
      .from(projects)
      .groupBy(projects.creatorId)
      .orderBy(desc(count()))
      .limit(1);
    if (!busiest) throw new Error("No projects to search");
    const cookieFor = async (userId: string) => `session=${(await createSession(db, userId)).token}`;
    const cookies = { admin: await cookieFor(adminId), customer: await cookieFor(busiest.creatorId) };

    const timings: SearchTiming[] = [];
    for (const scenario of scenarios) {
      const headers = { cookie: cookies[scenario.who] };
      // Each request a URL of its own, as each keystroke is: nothing in between (a proxy, the
      // database's own caches of a plan's result pages) may answer a repeat more cheaply.
      const urlFor = (request: string) => {
        const url = new URL(scenario.path, running.url);
        url.searchParams.set("fresh", request);
        return url;
      };
      let found = 0;
      for (let i = 0; i < WARMUP; i++) await (await fetch(urlFor(`warm-${i}`), { headers })).arrayBuffer();
      const times: number[] = [];
      for (let i = 0; i < requests; i++) {
        const url = urlFor(String(i));
        const started = performance.now();
        const response = await fetch(url, { headers });
        const body = (await response.json()) as { totalCount?: number; hits?: unknown[] };
        times.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${scenario.path} answered ${response.status}`);
        // A list's total, or the palette's hits (at most 5 of each kind).
        found = body.totalCount ?? body.hits?.length ?? 0;
      }
      times.sort((a, b) => a - b);
      timings.push({ ...scenario, found, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) });
    }

    const version = await db.execute(sql`select version() as version`);
    const versionText = String(
      (version as unknown as { rows?: { version: string }[] }).rows?.[0]?.version ?? (version as unknown as { version: string }[])[0]?.version ?? "",
    );
    await db.delete(users).where(eq(users.id, adminId));
    const summary = `${running.deps.database.kind} (${versionText.split(" ").slice(0, 2).join(" ")}), ${totals?.value} projects, ${userTotals?.value} users, busiest customer has ${busiest.value}; ${requests} sequential requests per query, after ${WARMUP} warm-up`;
    return { summary, timings };
  } finally {
    await running.stop();
  }
}

if (import.meta.main) {
  const requestsArg = process.argv.indexOf("--requests");
  const report = await measureSearches(process.env, requestsArg > 0 ? Number(process.argv[requestsArg + 1]) : 100);
  const rows = report.timings.map((timing) => [timing.name, String(timing.found), timing.p50Ms.toFixed(1), timing.p99Ms.toFixed(1)]);
  console.log(`\n${report.summary}\n`);
  const header = ["scenario", "totalCount", "p50 ms", "p99 ms"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((width, column) => (column === 0 ? "-".repeat(width + 2) : `${"-".repeat(width + 1)}:`)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}
