// The app on Postgres as a role that does not own the tables (DATABASE_MIGRATION_URL names the
// owner): it serves as before, and what it may not do, it cannot, even through a raw connection
// with its credentials: change or empty the audit log, turn the log's trigger off, drop a table.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/lib/db";
import { createThrowawayDatabase, testDatabaseUrl } from "./helpers/db";
import { type TestServer, startTestServer } from "./helpers/server";
import { approve } from "./payments/helpers";
import { createProjectAs } from "./projects/fixtures";

const onServer = async (serverUrl: string, statement: string) => {
  const admin = new Bun.SQL(serverUrl, { max: 1 });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.close({ timeout: 5 });
  }
};

describe.skipIf(!testDatabaseUrl)("the app as a role that does not own the tables (Postgres)", () => {
  const role = `app_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  let ownerUrl = "";
  let appUrl = "";
  let dropDatabase: () => Promise<void> = async () => {};
  let server: TestServer;
  const dataDir = mkdtempSync(join(tmpdir(), "webstudio-roles-"));

  beforeAll(async () => {
    const serverUrl = testDatabaseUrl ?? "";
    const created = await createThrowawayDatabase(serverUrl, "roles");
    ownerUrl = created.url;
    dropDatabase = created.drop;
    await onServer(serverUrl, `create role "${role}" login`);
    const url = new URL(ownerUrl);
    url.username = role;
    url.password = "";
    appUrl = url.toString();
    const env = { DATABASE_URL: appUrl, DATABASE_MIGRATION_URL: ownerUrl };
    server = await startTestServer(env, { storage: { database: await openDatabase({ databaseUrl: appUrl, migrationUrl: ownerUrl, dataDir }), dataDir } });
  });
  afterAll(async () => {
    await server?.stop();
    await dropDatabase();
    await onServer(testDatabaseUrl ?? "", `drop role if exists "${role}"`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("serves, writes and audits as before", async () => {
    const admin = await server.createAdmin();
    const customer = await server.createUser({ displayName: "Ada" });
    const projectID = await createProjectAs(server, customer.cookie, { projectName: "Bakery" });
    await approve(server, admin.cookie, projectID);
    expect((await server.request(`/api/projects/${projectID}`, { cookie: customer.cookie })).status).toBe(200);
    const connection = new Bun.SQL(appUrl, { max: 1 });
    try {
      const [who] = await connection<Array<{ user: string }>>`select current_user as user`;
      expect(who?.user).toBe(role);
      const [audited] = await connection<Array<{ count: number }>>`select count(*)::int as count from audit_log where target_id = ${projectID}`;
      expect(audited?.count).toBeGreaterThan(0);
      // The job queue runs in a schema of the app's own.
      const [queue] = await connection<Array<{ owner: string }>>`select pg_get_userbyid(nspowner) as owner from pg_namespace where nspname = 'pgboss'`;
      expect(queue?.owner).toBe(role);
    } finally {
      await connection.close({ timeout: 5 });
    }
  });

  test("the app's role cannot rewrite the audit log, turn its trigger off or drop a table", async () => {
    const connection = new Bun.SQL(appUrl, { max: 1 });
    try {
      for (const statement of [
        "update audit_log set target_label = 'rewritten'",
        "delete from audit_log",
        "truncate audit_log",
        "alter table audit_log disable trigger all",
        "drop table users",
        "create table intruder (id int)",
      ]) {
        const error = await connection.unsafe(statement).then(
          () => null,
          (failure: unknown) => failure as { errno?: string; code?: string; message: string },
        );
        expect({ statement, refused: error !== null }).toEqual({ statement, refused: true });
        expect(error?.message ?? "").toMatch(/permission denied|must be owner/);
      }
    } finally {
      await connection.close({ timeout: 5 });
    }
  });
});
