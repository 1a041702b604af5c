// `bun run backup` and `bun run restore` as an operator runs them: a populated instance (orders with
// images, a payment, messages with attachments, audit entries) is backed up, restored into a new
// data directory or database, and the restored copy holds every row and file and serves them.
import { afterAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../src/lib/db";
import { createThrowawayDatabase, testDatabaseUrl } from "./helpers/db";
import { startTestServer } from "./helpers/server";
import { approve, sendInvoice } from "./payments/helpers";
import { PNG, createProjectAs } from "./projects/fixtures";

const ENV = {
  NODE_ENV: "test",
  APP_SECRET: "test-secret-test-secret-test-secret-0123456789",
  ADMIN_KEY: "test-admin-key",
  SUPER_ADMIN_KEY: "test-super-admin-key",
};
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A data directory and a database of the test's own: PGlite inside the directory, or a new Postgres database. */
async function newPlace(): Promise<{ dataDir: string; databaseUrl: string | null }> {
  const dataDir = mkdtempSync(join(tmpdir(), "webstudio-backup-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (!testDatabaseUrl) return { dataDir, databaseUrl: null };
  const { url, drop } = await createThrowawayDatabase(testDatabaseUrl, "backup");
  cleanups.push(drop);
  return { dataDir, databaseUrl: url };
}

const open = (place: { dataDir: string; databaseUrl: string | null }): Promise<Database> =>
  openDatabase({ databaseUrl: place.databaseUrl, dataDir: place.dataDir });

/** Runs `bun run backup|restore` with the server's environment for `place`. */
async function ops(command: "backup" | "restore", place: { dataDir: string; databaseUrl: string | null }, file: string) {
  const child = Bun.spawn(["bun", join(import.meta.dir, `../src/ops/${command}.ts`), file], {
    env: { ...process.env, ...ENV, DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl ?? "" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, output: out + err };
}

/** Every row of every table (ours, the migrations' and the job queue's), each table's rows sorted. */
async function everyRow(database: Database): Promise<Record<string, string[]>> {
  const { db } = database;
  const tables = (await db.execute(
    sql`select schemaname || '.' || tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  )) as unknown as { rows?: Array<{ name: string }> } & Array<{ name: string }>;
  const names = (tables.rows ?? tables).map((row) => row.name);
  const result: Record<string, string[]> = {};
  for (const name of names) {
    const rows = (await db.execute(sql.raw(`select * from ${name}`))) as unknown as { rows?: unknown[] } & unknown[];
    result[name] = (rows.rows ?? rows).map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

/** Every upload file by path, with a hash of its bytes. */
function uploadedFiles(dataDir: string): Record<string, string> {
  const root = join(dataDir, "uploads");
  const files: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true }) as string[]) {
    const path = join(root, entry);
    if (statSync(path).isFile()) files[entry] = createHash("sha256").update(readFileSync(path)).digest("hex");
  }
  return files;
}

describe(`backup and restore on ${testDatabaseUrl ? "Postgres" : "PGlite"}`, () => {
  test("a populated instance comes back whole: every row, every file, sessions, images and attachments", async () => {
    const source = await newPlace();
    const server = await startTestServer({ DATABASE_URL: source.databaseUrl ?? "" }, { storage: { database: await open(source), dataDir: source.dataDir } });
    const customer = await server.createUser({ displayName: "Ada" });
    const admin = await server.createAdmin();
    const projectID = await createProjectAs(server, customer.cookie, { projectName: "Orbit" });
    await approve(server, admin.cookie, projectID);
    expect((await sendInvoice(server, admin.cookie, projectID)).status).toBe(200);
    const paid = await server.request("/api/admin/projects", {
      method: "PATCH",
      cookie: admin.cookie,
      json: { projectIDs: [projectID], updatedFields: { receivedPayment: true, paymentMethod: "bank_transfer" } },
    });
    expect(paid.status).toBe(200);
    const form = new FormData();
    form.append("body", "The brief, and a sketch.");
    form.append("attachments", new File([PNG], "sketch.png", { type: "image/png" }));
    const posted = await server.request(`/api/projects/${projectID}/messages`, { method: "POST", cookie: customer.cookie, body: form });
    expect(posted.status).toBe(201);
    const project = (await (await server.request(`/api/projects/${projectID}`, { cookie: customer.cookie })).json()) as Record<string, unknown>;
    const thread = (await (await server.request(`/api/projects/${projectID}/messages`, { cookie: customer.cookie })).json()) as {
      messages: Array<{ attachments: Array<{ url: string }> }>;
    };
    const attachmentUrl = thread.messages.flatMap((message) => message.attachments)[0]?.url ?? "";
    await server.stop();

    const file = join(source.dataDir, "..", `${source.dataDir.split("/").pop()}.tar.gz`);
    cleanups.push(() => rmSync(file, { force: true }));
    const backup = await ops("backup", source, file);
    expect(backup.output).toContain(`Backup written to ${file}`);
    expect(backup.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const target = await newPlace();
    const restore = await ops("restore", target, file);
    expect(restore.output).toContain("Restored the backup");
    expect(restore.code).toBe(0);

    const [before, after] = [await open(source), await open(target)];
    try {
      const rowsBefore = await everyRow(before);
      expect(rowsBefore["public.audit_log"]?.length).toBeGreaterThan(0);
      expect(rowsBefore["public.payments"]?.length).toBe(1);
      expect(rowsBefore["public.message_attachments"]?.length).toBe(1);
      expect(await everyRow(after)).toEqual(rowsBefore);
    } finally {
      await before.close();
      await after.close();
    }
    expect(Object.keys(uploadedFiles(source.dataDir)).length).toBeGreaterThanOrEqual(2);
    expect(uploadedFiles(target.dataDir)).toEqual(uploadedFiles(source.dataDir));

    // The restored instance starts and serves the same customer, project, image and attachment.
    const restored = await startTestServer({ DATABASE_URL: target.databaseUrl ?? "" }, { storage: { database: await open(target), dataDir: target.dataDir } });
    try {
      expect(await (await restored.request(`/api/projects/${projectID}`, { cookie: customer.cookie })).json()).toEqual(project);
      const images = (project.logoImages ?? []) as Array<{ url: string }>;
      expect(images.length).toBe(1);
      const image = await restored.request(images[0]?.url ?? "");
      expect(image.status).toBe(200);
      expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
      const attachment = await restored.request(attachmentUrl, { cookie: customer.cookie });
      expect(attachment.status).toBe(200);
      expect(new Uint8Array(await attachment.arrayBuffer())).toEqual(PNG);
    } finally {
      await restored.stop();
    }

    // A restore never writes over data: the same target again is refused, and nothing changes.
    const again = await ops("restore", target, file);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already (holds|has)/);
  }, 120_000);

  test("a file that is not a backup, and a missing one, are refused with the reason", async () => {
    const target = await newPlace();
    const bogus = join(target.dataDir, "not-a-backup.tar.gz");
    writeFileSync(bogus, "hello");
    const notBackup = await ops("restore", target, bogus);
    expect(notBackup.code).toBe(1);
    expect(notBackup.output).toContain("Restore failed:");
    const missing = await ops("restore", target, join(target.dataDir, "missing.tar.gz"));
    expect(missing.code).toBe(1);
    expect(missing.output).toContain("does not exist");
  }, 60_000);

  test.skipIf(Boolean(testDatabaseUrl))(
    "PGlite: no backup while a server holds the directory",
    async () => {
      const place = await newPlace();
      const server = await startTestServer({}, { storage: { database: await open(place), dataDir: place.dataDir } });
      try {
        const refused = await ops("backup", place, join(place.dataDir, "b.tar.gz"));
        expect(refused.code).toBe(1);
        expect(refused.output).toContain("is in use (postmaster.pid): stop the server first");
      } finally {
        await server.stop();
      }
    },
    60_000,
  );
});
