// `bun run bench:rounds [git-ref]`: alternated rounds on one seeded Postgres world, the reading to
// trust for a change (decision 103). A full `bun run bench` measures each row once, minutes apart,
// on a shared machine whose speed drifts; here every round measures the bare server and then each
// server under test back to back, so a ratio compares what ran within seconds of each other.
//
// With a git ref, the code at that ref (checked out into a temporary worktree that uses this
// tree's node_modules, so its lockfile must be the same) runs beside this tree's, on the same
// database, and the two take turns; the order flips every round, so neither always runs second.
//
//   BENCH_ROUNDS=5        rounds (default 5)
//   BENCH_DURATION=10     seconds per row (default 10)
//   BENCH_ROW=people      the row of customers who wait for each answer (its p99 is the latency
//                         target) instead of the saturated mix (its ratio is the throughput target)
//
// Each row runs beside 20 writes a second by other customers, as in `bun run bench`.
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSmtpCapture } from "../tests/helpers/smtp";
import { WRITERS, WRITES_PER_S, startWrites } from "./loaders";
import { ADMIN_KEY, APP_SECRET, type App, ROOT, cleanUp, onCleanUp, say, startApp, startBare } from "./processes";
import { createDatabase, dropDatabase, seedBenchData } from "./seed";
import { BROWSER, CUSTOMER_PATHS, type Mix, type WrkResult, requireWrk, runWrk } from "./wrk";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? "5");
const DURATION_S = Number(process.env.BENCH_DURATION ?? "10");
const PEOPLE = process.env.BENCH_ROW === "people";
const USERS = 50;

type Contender = { name: string; app: App; results: WrkResult[]; ratios: number[] };

const git = (args: string[]) => Bun.spawnSync(["git", ...args], { cwd: ROOT, stderr: "pipe" });

/** The code at `ref` in a temporary worktree sharing this tree's node_modules. */
function checkOut(ref: string): string {
  if (git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]).exitCode !== 0) throw new Error(`${ref} names no commit`);
  if (git(["diff", "--quiet", ref, "--", "bun.lock"]).exitCode !== 0)
    throw new Error(`${ref} has another bun.lock: its dependencies differ from this tree's node_modules`);
  const dir = mkdtempSync(join(tmpdir(), "bench-rounds-"));
  const added = git(["worktree", "add", "--detach", dir, ref]);
  if (added.exitCode !== 0) throw new Error(`git worktree add failed: ${added.stderr.toString().trim()}`);
  onCleanUp(() => void git(["worktree", "remove", "--force", dir]));
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  return dir;
}

const median = (values: number[]): number => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const fixed = (value: number, digits: number) => value.toFixed(digits);

async function main(): Promise<void> {
  requireWrk();
  const ref = process.argv[2];
  const refRoot = ref ? checkOut(ref) : null;

  const smtp = await startSmtpCapture();
  onCleanUp(() => smtp.stop());
  const dataDir = mkdtempSync(join(tmpdir(), "bench-rounds-data-"));
  onCleanUp(() => rmSync(dataDir, { recursive: true, force: true }));
  const databaseName = `bench_rounds_${process.pid}`;
  const databaseUrl = await createDatabase(databaseName);
  onCleanUp(() => dropDatabase(databaseName));
  say(`seeding ${databaseName}`);
  const world = await seedBenchData(
    { databaseUrl, dataDir, appSecret: APP_SECRET, adminKey: ADMIN_KEY },
    { customers: USERS, writers: WRITERS, admins: 0, signInUsers: 0, usersInAll: 0 },
  );

  const database = { databaseUrl, dataDir, smtpUrl: smtp.url };
  const contenders: Contender[] = [{ name: "this tree", app: await startApp(database), results: [], ratios: [] }];
  if (ref && refRoot) contenders.push({ name: ref, app: await startApp(database, refRoot), results: [], ratios: [] });
  const bareUrl = await startBare();
  const bareMix: Mix = { cookies: [], paths: ["/"] };
  const customers: Mix = { cookies: world.customers, paths: CUSTOMER_PATHS };

  // Warm every server up, and for the people row choose the pause for about half the saturated
  // rate, as `bun run bench` does.
  let saturated = Number.POSITIVE_INFINITY;
  for (const contender of contenders) {
    await runWrk(contender.app.url, { durationS: 2, headers: BROWSER, mix: customers });
    saturated = Math.min(saturated, (await runWrk(contender.app.url, { durationS: 3, headers: BROWSER, mix: customers })).rps);
  }
  const people = PEOPLE ? { connections: USERS, thinkMs: (USERS / (saturated / 2)) * 1000 } : undefined;
  say(
    PEOPLE
      ? `${ROUNDS} rounds: ${USERS} customers who wait, reading ${Math.round(people!.thinkMs)} ms on average, + ${WRITES_PER_S} writes/s`
      : `${ROUNDS} rounds: the signed-in mix + ${WRITES_PER_S} writes/s, each with the bare server just before`,
  );

  const bareRps: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bare = await runWrk(bareUrl, { durationS: DURATION_S, headers: BROWSER, mix: bareMix });
    bareRps.push(bare.rps);
    const order = round % 2 ? contenders.toReversed() : contenders;
    const line = [`round ${round + 1}: bare ${Math.round(bare.rps)} req/s`];
    for (const contender of order) {
      const writes = startWrites({ url: contender.app.url, writers: world.writers, perSecond: WRITES_PER_S });
      const result = await runWrk(contender.app.url, { durationS: DURATION_S, headers: BROWSER, mix: customers, ...people });
      await writes.stop();
      const failed = result.errors + result.non2xx + result.timeouts;
      contender.results.push(result);
      contender.ratios.push(result.rps / bare.rps);
      line.push(
        `${contender.name} ${Math.round(result.rps)} req/s (${fixed(result.rps / bare.rps, 4)} × bare), p50 ${fixed(result.p50Ms, 2)} ms, p99 ${fixed(result.p99Ms, 1)} ms${failed ? `, ${failed} failed` : ""}`,
      );
    }
    console.log(line.join("; "));
  }

  console.log(`\nmedians of ${ROUNDS} rounds (bare ${Math.round(median(bareRps))} req/s):`);
  for (const contender of contenders) {
    const p99s = contender.results.map((result) => result.p99Ms);
    console.log(
      `  ${contender.name}: ${Math.round(median(contender.results.map((result) => result.rps)))} req/s, ${fixed(median(contender.ratios), 4)} × bare, p99 ${fixed(median(p99s), 1)} ms (${fixed(Math.min(...p99s), 1)}–${fixed(Math.max(...p99s), 1)})`,
    );
  }
  const [mine, theirs] = contenders;
  if (mine && theirs) {
    const pairs = mine.results.map((result, index) => result.rps / theirs.results[index]!.rps);
    const better = pairs.filter((pair) => pair > 1).length;
    console.log(`  this tree ÷ ${theirs.name}, round by round: ${pairs.map((pair) => fixed(pair, 3)).join(", ")} (ahead in ${better} of ${pairs.length})`);
  }
}

process.on("SIGINT", () => void cleanUp().then(() => process.exit(130)));
try {
  await main();
} finally {
  await cleanUp();
}
