// Production runs the server from its bundle (src/server-bundle.ts): what the sources do, the
// bundle must do too, including every module that finds files beside itself (migrations, styles,
// public/, the password worker and its list of common passwords) and pg-boss, which it carries.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Running } from "../src/boot";
import { loadConfig } from "../src/config";
import { loadServer } from "../src/server-bundle";
import { createTestDatabase, testDatabaseUrl } from "./helpers/db";

const cacheDir = mkdtempSync(join(tmpdir(), "webstudio-server-bundle-"));
const dataDir = mkdtempSync(join(tmpdir(), "webstudio-bundled-"));
const ADMIN = { email: "bundle-admin@example.com", password: "a long bundled passphrase" };
let running: Running;
let postgresDatabase: Awaited<ReturnType<typeof createTestDatabase>> | null = null;

beforeAll(async () => {
  const { boot } = await loadServer(true, cacheDir);
  // A fresh database (on PGlite, a directory the bundle migrates); bootstrap creates the super admin, a hash on the password worker.
  postgresDatabase = testDatabaseUrl ? await createTestDatabase() : null;
  const config = loadConfig({
    NODE_ENV: "production",
    PORT: "0",
    DATA_DIR: dataDir,
    DATABASE_URL: postgresDatabase?.url ?? "",
    APP_SECRET: "bundle-secret-bundle-secret-bundle-secret-0123",
    SUPER_ADMIN_EMAIL: ADMIN.email,
    SUPER_ADMIN_PASSWORD: ADMIN.password,
    ADMIN_KEY: "bundle-admin-key",
    SUPER_ADMIN_KEY: "bundle-super-admin-key",
    REQUIRE_ADMIN_MFA: "off",
  });
  running = await boot(config, { log: () => {} });
  await running.startJobs();
});

afterAll(async () => {
  await running?.stop();
  await postgresDatabase?.close();
  rmSync(cacheDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const request = (path: string, init?: RequestInit) => fetch(`${running.url}${path}`, init);
const json = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("the server bundle", () => {
  test("is built once into the cache, as JavaScript and its bytecode", () => {
    const keys = readdirSync(cacheDir).filter((name) => name !== "manifest.json");
    expect(keys).toHaveLength(1);
    for (const file of ["boot.js", "boot.js.jsc", "pg-boss.js", "pg-boss.js.jsc"]) expect(existsSync(join(cacheDir, keys[0] ?? "", file))).toBe(true);
  });

  test("holds the job queue's package in a bundle of its own, which the started queue runs from", () => {
    const folder = join(cacheDir, readdirSync(cacheDir).find((name) => name !== "manifest.json") ?? "");
    const server = readFileSync(join(folder, "boot.js"), "utf8");
    expect(server).not.toContain("node_modules/pg-boss/");
    expect(server).toContain('import("./pg-boss.js")');
    expect(readFileSync(join(folder, "pg-boss.js"), "utf8")).toContain("node_modules/pg-boss/");
    // beforeAll waited for the queue's start, which loaded that bundle.
    expect(Object.keys(require.cache)).toContain(join(folder, "pg-boss.js"));
  });

  test("serves the landing page with its stylesheet and the files of public/", async () => {
    const page = await request("/");
    expect(page.status).toBe(200);
    const css = (await page.text()).match(/href="(\/assets\/app-[^"]+\.css)"/)?.[1];
    expect(css).toBeDefined();
    expect((await request(css ?? "")).status).toBe(200);
    expect((await request("/favicon.svg")).status).toBe(200);
  });

  test("signs the bootstrap admin in and refuses a common password", async () => {
    const signIn = await request("/api/auth/login", json(ADMIN));
    expect(signIn.status).toBe(200);
    const register = await request("/api/auth/register", json({ email: "bundled@example.com", displayName: "Bundled", password: "password123" }));
    expect(register.status).toBe(400);
    expect(await register.text()).toContain("This password is too common");
  });
});

describe("building the server bundle", () => {
  // The server never holds the bundler's memory (about 20 MB a full collection did not return):
  // the build runs as this file in a child process, which a start waits for.
  test("runs in a process of its own, which fills the cache it is given", () => {
    const own = mkdtempSync(join(tmpdir(), "webstudio-server-bundle-child-"));
    try {
      const child = Bun.spawnSync([process.execPath, join(import.meta.dir, "../src/server-bundle.ts"), own]);
      expect(child.exitCode).toBe(0);
      const keys = readdirSync(own).filter((name) => name !== "manifest.json");
      expect(keys).toHaveLength(1);
      expect(existsSync(join(own, keys[0] ?? "", "boot.js.jsc"))).toBe(true);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  test("a cache it cannot write is not built: the child says why and fails (the start then runs the sources)", async () => {
    const blocked = join(mkdtempSync(join(tmpdir(), "webstudio-server-bundle-blocked-")), "file");
    await Bun.write(blocked, "not a directory");
    try {
      const child = Bun.spawnSync([process.execPath, join(import.meta.dir, "../src/server-bundle.ts"), join(blocked, "cache")]);
      expect(child.exitCode).toBe(1);
      expect(child.stderr.toString()).toContain("server bundle: not built, running from the sources");
    } finally {
      rmSync(dirname(blocked), { recursive: true, force: true });
    }
  });
});
