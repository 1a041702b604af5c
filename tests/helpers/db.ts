// A fresh, migrated database for one test file: PGlite in memory, or a new database on the
// Postgres server named by TEST_DATABASE_URL (dropped again by `close`).
import postgres from "postgres";
import { type Database, openDatabase } from "../../src/lib/db";

export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || null;

export async function createTestDatabase(): Promise<Database & { url: string | null }> {
  if (!testDatabaseUrl) {
    const database = await openDatabase({ databaseUrl: null, dataDir: "", memory: true });
    return { ...database, url: null };
  }
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
