// A fresh, migrated database for one test file: PGlite in memory, or a new database on the
// Postgres server named by TEST_DATABASE_URL (dropped again by `close`).
import { type Database, openDatabase } from "../../src/lib/db";

export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || null;

/** A new, empty database on the server `serverUrl` names, and how to drop it (even with sessions left by a kill -9). */
export async function createThrowawayDatabase(serverUrl: string, prefix = "t"): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const onServer = async (statement: string) => {
    const server = new Bun.SQL(serverUrl, { max: 1 });
    try {
      await server.unsafe(statement);
    } finally {
      await server.close({ timeout: 5 });
    }
  };
  await onServer(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists "${name}" with (force)`) };
}

export async function createTestDatabase(): Promise<Database & { url: string | null }> {
  if (!testDatabaseUrl) {
    const database = await openDatabase({ databaseUrl: null, dataDir: "", memory: true });
    return { ...database, url: null };
  }
  const { url, drop } = await createThrowawayDatabase(testDatabaseUrl);
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
