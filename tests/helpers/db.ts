// A migrated database for one test file, copied from one migrated once per run: PGlite in memory
// started from the data directory of a migrated one, or on the Postgres server TEST_DATABASE_URL
// names a new database made from a migrated template database (dropped again by `close`). The
// copy still goes through openDatabase, which finds nothing to migrate, as a restart would.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type Database, openDatabase } from "../../src/lib/db";
import { appQueues } from "../../src/lib/job-queues";
import { createJobQueue } from "../../src/lib/jobs";

export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || null;

/** `serverUrl` with its database name replaced by `name`. */
function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<Result>(serverUrl: string, run: (server: Bun.SQL) => Promise<Result>): Promise<Result> {
  const server = new Bun.SQL(serverUrl, { max: 1 });
  try {
    return await run(server);
  } finally {
    await server.close({ timeout: 5 });
  }
}

/**
 * A new database on the server `serverUrl` names, empty or a copy of the database `template`, and
 * how to drop it (even with sessions left by a kill -9).
 */
export async function createThrowawayDatabase(serverUrl: string, prefix = "t", template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await onServer(serverUrl, (server) => server.unsafe(`create database "${name}"${template ? ` template "${template}"` : ""}`));
  return { url: databaseUrl(serverUrl, name), drop: () => onServer(serverUrl, (server) => server.unsafe(`drop database if exists "${name}" with (force)`)) };
}

const migrationsFolder = join(import.meta.dir, "../../db/migrations");

/**
 * Migrates the database `databaseUrl` names (PGlite in memory without one) and installs the job
 * queue's schema and the app's queues in it, as a first start leaves them: each copy's start then
 * finds them. A start on an empty database (the cluster suite, `bun run start`) still installs them.
 */
async function openMigrated(databaseUrl: string | null): Promise<Database> {
  const database = await openDatabase(databaseUrl ? { databaseUrl, dataDir: "" } : { databaseUrl: null, dataDir: "", memory: true });
  const jobs = createJobQueue(database, { queues: appQueues, log: () => {} });
  await jobs.start();
  await jobs.stop();
  return database;
}

/** A hash of what makes the copies: the migrator's journal, every migration it lists, the app's queues and pg-boss's version. */
function migrationsHash(): string {
  const hash = createHash("sha256");
  hash.update(readFileSync(join(import.meta.dir, "../../src/lib/job-queues.ts")));
  hash.update(readFileSync(Bun.resolveSync("pg-boss/package.json", import.meta.dir)));
  const journal = readFileSync(join(migrationsFolder, "meta/_journal.json"));
  hash.update(journal);
  for (const entry of (JSON.parse(journal.toString()) as { entries: Array<{ tag: string }> }).entries) {
    hash.update(readFileSync(join(migrationsFolder, `${entry.tag}.sql`)));
  }
  return hash.digest("hex").slice(0, 16);
}

// Any constant works; every test run on one server must use the same one.
const TEMPLATE_LOCK_KEY = 7_240_518_312;

/**
 * The name of a database on the server, migrated to today's migrations and never connected to
 * again, to copy. It is named by the migrations' hash, so runs of other trees (other migrations)
 * keep theirs, a changed migration makes a new one, and a later run reuses it. It is migrated
 * under another name and renamed when done, under a lock, so no run copies a half-migrated one.
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const name = `template_webstudio_${migrationsHash()}`;
  return onServer(serverUrl, async (server) => {
    await server`select pg_advisory_lock(${TEMPLATE_LOCK_KEY})`;
    try {
      if ((await server`select 1 from pg_database where datname = ${name}`).length > 0) return name;
      // What a run stopped while migrating left behind.
      const building = `${name}_building`;
      await server.unsafe(`drop database if exists "${building}" with (force)`);
      await server.unsafe(`create database "${building}"`);
      await (await openMigrated(databaseUrl(serverUrl, building))).close();
      await server.unsafe(`alter database "${building}" rename to "${name}"`);
      return name;
    } finally {
      await server`select pg_advisory_unlock(${TEMPLATE_LOCK_KEY})`;
    }
  });
}

async function dumpMigratedPglite(): Promise<Blob> {
  const database = await openMigrated(null);
  try {
    if (database.driver.kind !== "pglite") throw new Error("expected PGlite");
    return await database.driver.client.dumpDataDir("none");
  } finally {
    await database.close();
  }
}

// Made by the first test file that asks, once per `bun test` process (its files share modules).
let pgliteDataDir: Promise<Blob> | undefined;
let postgresTemplate: Promise<string> | undefined;

/** The data directory of a migrated PGlite database (a tar, PGlite's `dumpDataDir()`), to start copies from. */
export function migratedPgliteDataDir(): Promise<Blob> {
  pgliteDataDir ??= dumpMigratedPglite();
  return pgliteDataDir;
}

/** Puts a copy of the migrated PGlite database where a server started with DATA_DIR=`dataDir` keeps its own, as an earlier start would have left it. */
export async function copyMigratedPglite(dataDir: string): Promise<void> {
  const tar = join(dataDir, "migrated.tar");
  const target = join(dataDir, "db");
  await Bun.write(tar, await migratedPgliteDataDir());
  mkdirSync(target);
  const extracted = Bun.spawnSync(["tar", "-xf", tar, "-C", target]);
  rmSync(tar);
  if (extracted.exitCode !== 0) throw new Error(`tar: ${extracted.stderr.toString()}`);
}

function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplate ??= migratedTemplate(serverUrl);
  return postgresTemplate;
}

/**
 * Makes the migrated database that createTestDatabase copies before the first file, with a time
 * budget of its own (tests/preload-database.ts); without it, the first file's createTestDatabase does.
 */
export async function prepareTestDatabases(): Promise<void> {
  await (testDatabaseUrl ? migratedPostgresTemplate(testDatabaseUrl) : migratedPgliteDataDir());
}

export async function createTestDatabase(): Promise<Database & { url: string | null }> {
  if (!testDatabaseUrl) {
    const database = await openDatabase({ databaseUrl: null, dataDir: "", memory: true, loadDataDir: await migratedPgliteDataDir() });
    return { ...database, url: null };
  }
  const { url, drop } = await createThrowawayDatabase(testDatabaseUrl, "t", await migratedPostgresTemplate(testDatabaseUrl));
  const database = await openDatabase({ databaseUrl: url, dataDir: "" });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await drop();
    },
  };
}
