import { createDatabase, seedBenchData } from "./seed";
import { runWrk } from "./wrk";
import { startWrites } from "./loaders";
const PATHS = ["/dashboard", "/", "/notifications", "/settings", "/api/users/me", "/api/projects/search", "/api/notifications"];
const url0 = await createDatabase("bench_prof");
const world = await seedBenchData({ databaseUrl: url0, dataDir: "/tmp/prof/data", appSecret: "bench-secret-bench-secret-bench-secret-0123", adminKey: "k" }, { customers: 50, writers: 20, admins: 2, signInUsers: 0, usersInAll: 0 });
const port = 3999;
const url = `http://127.0.0.1:${port}`;
const child = Bun.spawn(["bun", ...(process.env.PROF ? ["--cpu-prof-md", "--cpu-prof-dir", "/tmp/prof"] : []), "src/main.ts"], { cwd: "/work/main", env: { ...process.env, NODE_ENV: "production", REQUIRE_ADMIN_MFA: "off", PORT: String(port), PUBLIC_URL: url, DATA_DIR: "/tmp/prof/data", DATABASE_URL: url0, APP_SECRET: "bench-secret-bench-secret-bench-secret-0123", ADMIN_KEY: "k", SUPER_ADMIN_KEY: "s", TRUST_PROXY: "1", SHUTDOWN_DELAY_MS: "0" }, stdout: "ignore", stderr: "inherit" });
for (;;) { try { if ((await fetch(url + "/")).ok) break; } catch {} await Bun.sleep(50); }
await runWrk(url, { durationS: 3, mix: { cookies: world.customers, paths: PATHS } });
const writes = startWrites({ url, writers: world.writers, perSecond: 20 });
const result = await runWrk(url, { durationS: Number(process.env.D ?? 10), mix: { cookies: world.customers, paths: PATHS } });
const tally = await writes.stop();
console.log(JSON.stringify(result), JSON.stringify(tally));
child.kill("SIGINT");
await child.exited;
