// The database adapter: PGlite on disk by default, Postgres when a URL is given.
// Everything above this file sees one Drizzle type and never knows which it got. The few
// helpers every queries.ts shares (LIKE patterns, paged lists) live here too. Each driver is
// loaded only when it is the one configured (PGlite alone is a tenth of the server's modules).
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { SQL as PostgresClient } from "bun";
import { type Placeholder, type SQL, count, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../db/schema";
import { compilePgliteWasm } from "./pglite-wasm";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The client under Drizzle, for adapters that need what Drizzle does not offer (LISTEN, the job queue). */
export type Driver = { kind: "pglite"; client: PGlite } | { kind: "postgres"; client: PostgresClient; url: string };

/**
 * A query every signed-in request runs, built and named once per database (Drizzle's `.prepare()`
 * with placeholders), so neither Drizzle nor Postgres plans it again on each request.
 */
export function preparedQuery<Prepared>(build: (db: Db) => Prepared): (db: Db) => Prepared {
  const byDb = new WeakMap<Db, Prepared>();
  return (db) => {
    let prepared = byDb.get(db);
    if (!prepared) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * One page of a list and how many rows the whole list has, counted at most COUNT_AHEAD rows past
 * the page asked for: an exact count(*) of 100k projects cost 40 ms on every admin keystroke, and
 * nobody reads "Page 1 of 9,003" differently from "Page 1 of 51+". `countCapped` says the list
 * goes on past `totalCount`.
 */
export type Page<Row> = { rows: Row[]; totalCount: number; countCapped: boolean };

export const COUNT_AHEAD = 1000;

/** Reads `limit` rows of an ordered list after skipping `offset`: `ordered.limit(limit).offset(offset)`. */
export type PageReader<Row> = (limit: number, offset: number) => PromiseLike<Row[]>;

/** The page reader of an ordered select. */
export const pageOf =
  <Row>(ordered: { limit(limit: number): { offset(offset: number): PromiseLike<Row[]> } }): PageReader<Row> =>
  (limit, offset) =>
    ordered.limit(limit).offset(offset);

/**
 * The count of the rows `where` matches in `table`, reading at most `limit` of them: what `paged`
 * runs, and what a prepared count (a placeholder for the limit) is built from.
 */
export function countAtMost(db: Db, table: PgTable, where: SQL | undefined, limit: number | Placeholder) {
  const matching = db.select({ one: sql`1` }).from(table).where(where).limit(limit).as("matching");
  return db.select({ value: count() }).from(matching);
}

/**
 * What `paged` counts: the rows `where` matches in `table`, or the list's own `count` of at most
 * `limit` rows (its `countAtMost`, prepared); `alongside` as below.
 */
type Counted = ({ table: PgTable; where: SQL | undefined } | { count: (limit: number) => PromiseLike<Array<{ value: number }>> }) & { alongside?: boolean };

/**
 * Runs page `page` (from 1) of an ordered list, then a (capped) count of the rows `where` matches
 * in `table`, or of `counted.count`. A page that is not full ends the list, so its rows give the
 * count and the count query is skipped (most customers' lists fit on one page). The count reads the
 * table alone, so joins that only add columns do not slow it down. A list that usually fills its
 * page (the admins' lists of every project, the audit log) is counted `alongside` the page's read:
 * on Postgres each query has a connection of its own, so the answer waits for the slower one rather
 * than for both in turn.
 */
export async function paged<Row>(db: Db, readPage: PageReader<Row>, counted: Counted, page: { page: number; pageSize: number }): Promise<Page<Row>> {
  const offset = (page.page - 1) * page.pageSize;
  const cap = offset + COUNT_AHEAD;
  const countMatching = async () => {
    const [total] = await ("count" in counted ? counted.count(cap + 1) : countAtMost(db, counted.table, counted.where, cap + 1));
    return total?.value ?? 0;
  };
  const [rows, countedAlongside] = await Promise.all([readPage(page.pageSize, offset), counted.alongside ? countMatching() : undefined]);
  if (rows.length < page.pageSize && (rows.length > 0 || offset === 0)) return { rows, totalCount: offset + rows.length, countCapped: false };
  const found = countedAlongside ?? (await countMatching());
  return { rows, totalCount: Math.min(found, cap), countCapped: found > cap };
}

/** How many rows an export reads per query. */
export const EXPORT_BATCH = 500;

/** Every row of a paged list, a page at a time: for exports of all matching rows. */
export async function* everyRow<Row>(fetchPage: (page: number) => Promise<{ rows: Row[] }>, pageSize: number): AsyncGenerator<Row> {
  for (let page = 1; ; page++) {
    const { rows } = await fetchPage(page);
    yield* rows;
    if (rows.length < pageSize) return;
  }
}

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  driver: Driver;
  /** Resolves when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** The connections this instance may hold (for metrics): 10 in the Postgres pool, PGlite's one. */
  maxConnections: number;
  /** This instance's connections by state, read now (for metrics; never per request). */
  connections(): Promise<Array<{ state: string; count: number }>>;
  close(): Promise<void>;
};

const migrationsFolder = join(import.meta.dir, "../../db/migrations");
// Any constant works; every instance of this app must use the same one.
const MIGRATION_LOCK_KEY = 7_240_518_311;

export type OpenOptions = {
  databaseUrl: string | null;
  /** The tables' owner on Postgres (DATABASE_MIGRATION_URL): migrations run as it, the app as databaseUrl's role. */
  migrationUrl?: string | null;
  dataDir: string;
  /** PGlite in memory, for tests. */
  memory?: boolean;
  /**
   * With `memory`, the data directory PGlite starts from (a `dumpDataDir()`), so each test file
   * opens a copy of a database migrated once per run instead of migrating a new one.
   */
  loadDataDir?: Blob;
  /** PGlite's WebAssembly, when its compiling was started earlier (main.ts). */
  pgliteWasm?: Promise<WebAssembly.Module>;
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.migrationUrl ?? null);
  const wasm = options.pgliteWasm ?? compilePgliteWasm();
  return options.memory ? openPglite(null, wasm, options.loadDataDir) : openPglite(join(options.dataDir, "db"), wasm);
}

/** The newest migration's time, as drizzle-kit wrote it in the journal and the migrator records it once applied. */
const newestMigrationMillis = Math.max(
  ...(JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: Array<{ when: number }> }).entries.map(
    (entry) => entry.when,
  ),
);
const LAST_APPLIED_SQL = "select max(created_at)::text as last from drizzle.__drizzle_migrations";

/**
 * Whether the migrator has work to do, in one query: it runs every migration newer than the last
 * one applied. On a new database the table is missing, the query fails, and the answer is yes.
 */
async function migrationsPending(lastApplied: () => Promise<string | null | undefined>): Promise<boolean> {
  const last = await lastApplied().catch(() => null);
  return !last || Number(last) < newestMigrationMillis;
}

async function openPglite(dir: string | null, wasm: Promise<WebAssembly.Module>, loadDataDir?: Blob): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  const [{ PGlite }, { pg_trgm }, { btree_gin }, { drizzle: drizzlePglite }, pgliteWasmModule] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("@electric-sql/pglite/contrib/btree_gin"),
    import("drizzle-orm/pglite"),
    wasm,
  ]);
  // Postgres touches all of its shared buffers at start, so each MB of them is a MB of the server's
  // RSS. The files are also in the OS page cache, and a small pool holds what signed-in pages read:
  // the bench's PGlite rows served as many requests a second as with Postgres's default, for far
  // less memory (decision 062, with the measurements in bench/journal.md).
  const client = await PGlite.create(dir ?? undefined, {
    extensions: { pg_trgm, btree_gin },
    postgresqlconf: ["shared_buffers=8MB"],
    pgliteWasmModule,
    loadDataDir,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // PGlite is one connection in this process, so no lock is needed around migrations.
  if (await migrationsPending(async () => (await client.query<{ last: string | null }>(LAST_APPLIED_SQL)).rows[0]?.last)) {
    const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
    await migratePglite(drizzlePglite(client), { migrationsFolder });
  }
  return {
    db,
    kind: "pglite",
    driver: { kind: "pglite", client },
    ping: (timeoutMs = 2000) =>
      withTimeout(
        client.query("select 1").then(() => true),
        timeoutMs,
      ),
    // One connection inside this process, always open; whether a query is on it is not kept.
    maxConnections: 1,
    connections: async () => [{ state: "embedded", count: 1 }],
    close: () => client.close(),
  };
}

/** Connections in this instance's Postgres pool. */
const POOL_MAX = 10;

/**
 * Postgres through Bun's own client (Bun.SQL): its protocol work is native, so a query costs the
 * server a fraction of the CPU postgres-js took (the session lookup every signed-in request makes:
 * 16 against 53-67 µs), and it names every statement, so Postgres plans each once per connection.
 * Its LISTEN connection is its own, reconnected and listened again by itself.
 */
async function openPostgres(url: string, migrationUrl: string | null): Promise<Database> {
  const { drizzle: drizzlePostgres } = await import("drizzle-orm/bun-sql");
  // Bun.SQL tells nothing of its pool, so the pool's connections carry a name of this instance's
  // own, and Postgres says what they do (pg_stat_activity).
  const applicationName = `webstudio-${randomBytes(4).toString("hex")}`;
  const client = new Bun.SQL(url, { max: POOL_MAX, connectionTimeout: 5, idleTimeout: 30, connection: { application_name: applicationName } });
  try {
    if (migrationUrl) {
      // The owner migrates and then grants the app's role its rights, at every start, so tables a
      // new version adds are covered before the app uses them.
      const [app] = await client<Array<{ role: string }>>`select current_user as role`;
      await migrate(migrationUrl, app?.role ?? "");
    } else if (await migrationsPending(async () => (await client.unsafe<Array<{ last: string | null }>>(LAST_APPLIED_SQL))[0]?.last)) {
      await migrate(url, null);
    }
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    driver: { kind: "postgres", client, url },
    ping: (timeoutMs = 2000) =>
      withTimeout(
        db.execute(sql`select 1`).then(() => true),
        timeoutMs,
      ),
    maxConnections: POOL_MAX,
    // The pool's connections, not the one asking nor the LISTEN connection (its own, outside the pool).
    connections: async () =>
      (
        await client<Array<{ state: string | null; count: number }>>`
          select state, count(*)::int as count from pg_stat_activity
          where application_name = ${applicationName} and pid <> pg_backend_pid() and query not ilike 'listen %'
          group by state`
      ).map((row) => ({ state: row.state ?? "unknown", count: row.count })),
    close: () => client.close({ timeout: 5 }),
  };
}

/**
 * What the app's own role may do when the tables belong to another (decision 078): read and write
 * rows, never change or empty the audit log, never alter a table (so no trigger can be turned off).
 * pg-boss keeps its own schema, which the app's role owns so the queue can migrate it.
 */
function grantsTo(role: string): string {
  const to = `"${role.replaceAll('"', '""')}"`;
  return `
    grant usage on schema public to ${to};
    grant select, insert, update, delete on all tables in schema public to ${to};
    grant usage, select, update on all sequences in schema public to ${to};
    revoke update, delete, truncate on audit_log from ${to};
    grant usage on schema drizzle to ${to};
    grant select on all tables in schema drizzle to ${to};
    create schema if not exists pgboss authorization ${to};`;
}

/**
 * A dedicated single connection holds the advisory lock for the whole migration run, so two
 * instances starting together apply each migration once. With an owner apart from the app's role
 * (`grantTo`), the same run grants that role its rights.
 */
async function migrate(url: string, grantTo: string | null): Promise<void> {
  const [{ drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
    import("drizzle-orm/bun-sql"),
    import("drizzle-orm/bun-sql/migrator"),
  ]);
  const migrationClient = new Bun.SQL(url, { max: 1, connectionTimeout: 5 });
  try {
    await migrationClient`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    try {
      await migratePostgres(drizzlePostgres({ client: migrationClient }), { migrationsFolder });
      if (grantTo) await migrationClient.unsafe(grantsTo(grantTo));
    } finally {
      await migrationClient`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    }
  } finally {
    await migrationClient.close({ timeout: 5 });
  }
}

async function withTimeout(check: Promise<boolean>, timeoutMs: number): Promise<boolean> {
  let timer: Timer | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([check.catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
