// Backups: one file holding the whole database and the disk uploads, and the way back from it
// (decision 079). The database part is Postgres's own custom-format dump (pg_dump, consistent
// while the app runs) or PGlite's data directory (PGlite is embedded in the server's process, so
// its directory is read only while no server holds it). Uploads kept on disk travel in the same
// file, beside their content-type sidecars; uploads in S3 stay in the bucket, whose versioning or
// replication is their backup. The file is a gzipped tar anyone can list (`tar tzf`). Bun's
// archive writer reads every entry into memory (it writes a lazily read file as empty), so a
// backup holds the dump and the disk uploads in memory once while it is written.
import { chmod, mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Config } from "../config";
import { createStorage } from "../lib/storage";

/** What a backup file says about itself, in `manifest.json`. */
type Manifest = {
  format: 1;
  createdAt: string;
  database: "postgres" | "pglite";
  /** "disk": the uploads are under `uploads/`; "s3": they stayed in the bucket. */
  uploads: "disk" | "s3";
  uploadFiles: number;
};

const MANIFEST = "manifest.json";
const POSTGRES_DUMP = "database/postgres.dump";
const PGLITE_DUMP = "database/pglite.tar.gz";
const UPLOADS = "uploads/";
const APP_SECRET_FILE = "app-secret";

/** A backup or restore that cannot go on, said in one line for the operator. */
export class BackupError extends Error {}

/** Runs one of Postgres's client tools; throws with what it said on failure. */
async function run(command: string[], what: string): Promise<void> {
  let child: ReturnType<typeof Bun.spawn<"ignore", "ignore", "pipe">>;
  try {
    child = Bun.spawn(command, { stdin: "ignore", stdout: "ignore", stderr: "pipe" });
  } catch {
    throw new BackupError(`${command[0]} was not found: install the PostgreSQL client tools (the same major version as the server or newer) to ${what}`);
  }
  const [err, code] = await Promise.all([new Response(child.stderr).text(), child.exited]);
  if (code !== 0) throw new BackupError(`${command[0]} failed (exit ${code}): ${err.trim()}`);
}

const pgliteDir = (config: Config) => join(config.dataDir, "db");

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** PGlite with the extensions the schema uses, on `dir`, optionally filled from a dump; no migrations run. */
async function openPgliteDirectory(dir: string, loadDataDir?: Blob) {
  const [{ PGlite }, { pg_trgm }, { btree_gin }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("@electric-sql/pglite/contrib/btree_gin"),
  ]);
  return PGlite.create(dir, { extensions: { pg_trgm, btree_gin }, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** The database's dump; a Postgres dump goes through `scratch`, a file the caller removes. */
async function dumpDatabase(config: Config, scratch: string): Promise<Blob> {
  if (config.databaseUrl) {
    await run(["pg_dump", "--format=custom", "--no-owner", "--no-privileges", `--file=${scratch}`, `--dbname=${config.databaseUrl}`], "back up Postgres");
    return new Blob([await Bun.file(scratch).arrayBuffer()]);
  }
  const dir = pgliteDir(config);
  if (!(await exists(join(dir, "PG_VERSION")))) throw new BackupError(`There is no database in ${dir}: check DATA_DIR`);
  // PGlite writes postmaster.pid while a process holds the directory and removes it on a clean close.
  if (await exists(join(dir, "postmaster.pid"))) {
    throw new BackupError(
      `The database in ${dir} is in use (postmaster.pid): stop the server first. If no server is running (it was killed), start and stop it once so the database closes cleanly.`,
    );
  }
  const client = await openPgliteDirectory(dir);
  try {
    return await client.dumpDataDir("gzip");
  } finally {
    await client.close();
  }
}

/** Every file under the disk upload directory, by path relative to it; half-written `*.tmp` files stay out. */
async function uploadFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.endsWith(".tmp")) continue;
    if ((await stat(join(root, entry))).isFile()) files.push(entry);
  }
  return files.sort();
}

/** Writes a backup of the configured database and disk uploads to `file`, readable by its owner only. */
export async function createBackup(config: Config, file: string, now = new Date()): Promise<Manifest> {
  await mkdir(dirname(file), { recursive: true });
  const scratch = `${file}.${process.pid}.dump`;
  try {
    return await writeBackup(config, file, now, await dumpDatabase(config, scratch));
  } finally {
    await rm(scratch, { force: true });
  }
}

async function writeBackup(config: Config, file: string, now: Date, dump: Blob): Promise<Manifest> {
  const entries: Record<string, Blob | string> = { [config.databaseUrl ? POSTGRES_DUMP : PGLITE_DUMP]: dump };
  let uploadCount = 0;
  if (!config.s3) {
    const root = join(config.dataDir, "uploads");
    const paths = await uploadFiles(root);
    for (const path of paths) entries[UPLOADS + path] = new Blob([await Bun.file(join(root, path)).arrayBuffer()]);
    uploadCount = paths.length;
  }
  // The development secret generated into DATA_DIR opens the sealed columns; production passes
  // APP_SECRET in the environment, and a restore needs the same value there.
  const secretFile = join(config.dataDir, APP_SECRET_FILE);
  if (await exists(secretFile)) entries[APP_SECRET_FILE] = await Bun.file(secretFile).text();
  const manifest: Manifest = {
    format: 1,
    createdAt: now.toISOString(),
    database: config.databaseUrl ? "postgres" : "pglite",
    uploads: config.s3 ? "s3" : "disk",
    uploadFiles: uploadCount,
  };
  entries[MANIFEST] = JSON.stringify(manifest, null, 2);
  await Bun.Archive.write(file, entries, { compress: "gzip" });
  await chmod(file, 0o600);
  return manifest;
}

async function readManifest(files: Map<string, File>): Promise<Manifest> {
  const entry = files.get(MANIFEST);
  const manifest = entry ? (JSON.parse(await entry.text()) as Partial<Manifest>) : null;
  if (manifest?.format !== 1) throw new BackupError("This file is not a backup made by `bun run backup` (no manifest.json of format 1)");
  return manifest as Manifest;
}

async function assertEmptyPostgres(databaseUrl: string): Promise<void> {
  const sql = new Bun.SQL(databaseUrl, { max: 1 });
  try {
    const [row] = await sql`select count(*)::int as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`;
    if ((row as { tables: number }).tables > 0)
      throw new BackupError("DATABASE_URL names a database that already has tables: restore into a new, empty database");
  } finally {
    await sql.close();
  }
}

/** Brings a backup back into the configured, empty database and upload store. */
export async function restoreBackup(config: Config, file: string): Promise<Manifest> {
  if (!(await exists(file))) throw new BackupError(`${file} does not exist`);
  const files = await new Bun.Archive(await Bun.file(file).bytes()).files().catch(() => {
    throw new BackupError(`${file} is not a backup made by \`bun run backup\` (not a tar archive)`);
  });
  const manifest = await readManifest(files);
  const target = config.databaseUrl ? "postgres" : "pglite";
  if (manifest.database !== target) {
    throw new BackupError(
      `This backup holds a ${manifest.database === "postgres" ? "Postgres" : "PGlite"} database; ${target === "postgres" ? "unset DATABASE_URL to restore it into DATA_DIR" : "set DATABASE_URL to an empty Postgres database to restore it"}`,
    );
  }
  const uploads = [...files.keys()].filter((path) => path.startsWith(UPLOADS));
  if (!config.s3 && uploads.length > 0 && (await uploadFiles(join(config.dataDir, "uploads"))).length > 0) {
    throw new BackupError(`${join(config.dataDir, "uploads")} already holds files: restore into a new DATA_DIR`);
  }

  if (config.databaseUrl) {
    await assertEmptyPostgres(config.databaseUrl);
    const dump = join(config.dataDir, `.restore-${process.pid}.dump`);
    await mkdir(config.dataDir, { recursive: true });
    await Bun.write(dump, files.get(POSTGRES_DUMP) ?? new Blob());
    try {
      await run(
        ["pg_restore", "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${config.databaseUrl}`, dump],
        "restore Postgres",
      );
    } finally {
      await rm(dump, { force: true });
    }
  } else {
    const dir = pgliteDir(config);
    if ((await readdir(dir).catch(() => [])).length > 0) throw new BackupError(`${dir} already holds a database: restore into a new DATA_DIR`);
    await mkdir(dir, { recursive: true });
    const client = await openPgliteDirectory(dir, files.get(PGLITE_DUMP));
    await client.close();
  }

  // Disk uploads go back byte for byte (their sidecars included); into S3 through the adapter.
  const storage = config.s3 ? createStorage(config) : null;
  for (const path of uploads) {
    const key = path.slice(UPLOADS.length);
    const body = files.get(path) as File;
    if (!storage) {
      const destination = join(config.dataDir, "uploads", key);
      await mkdir(dirname(destination), { recursive: true });
      await Bun.write(destination, body);
    } else if (!key.endsWith(".meta.json")) {
      const sidecar = files.get(`${path}.meta.json`);
      const contentType = sidecar ? ((JSON.parse(await sidecar.text()) as { contentType?: string }).contentType ?? "") : "";
      await storage.put(key, await body.bytes(), contentType || "application/octet-stream");
    }
  }
  const secret = files.get(APP_SECRET_FILE);
  const secretFile = join(config.dataDir, APP_SECRET_FILE);
  if (secret && !(await exists(secretFile))) {
    await writeFile(secretFile, await secret.bytes(), { mode: 0o600 });
  }
  return manifest;
}
