// What both cluster files share: whether this machine can run a cluster, a cluster on a database of
// its own, and many users at once.
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../../src/lib/db";
import { defaultUserSettings } from "../../src/shared/enums";
import { createThrowawayDatabase, testDatabaseUrl } from "../helpers/db";
import { type Cluster, findHaproxy, startCluster } from "./harness";

/** Why the cluster cannot run here, or null. */
export const skipReason = !findHaproxy()
  ? "haproxy is not installed (apt-get install -y haproxy)"
  : !testDatabaseUrl
    ? "TEST_DATABASE_URL is unset (the cluster runs on Postgres, e.g. postgres://postgres@127.0.0.1:5432/test)"
    : null;
// In CI (.ci/run installs haproxy and sets the URL) a skip would hide a broken cluster: fail instead.
if (skipReason && process.env.CI === "true") throw new Error(`tests/cluster cannot run in CI: ${skipReason}`);
if (skipReason) console.log(`tests/cluster skipped: ${skipReason}`);

/** `count` users (`${prefix}00001`…) with their announcements switched on, in one set-based statement. */
export async function insertUsers(database: Database, prefix: string, name: string, count: number): Promise<void> {
  await database.db.execute(sql`
    insert into users (id, email, display_name, settings)
    select ${prefix} || lpad(g::text, 5, '0'), ${prefix} || '-' || g || '@example.com', ${name}::text || ' ' || g, ${JSON.stringify(defaultUserSettings())}::jsonb
    from generate_series(1, ${count}) g`);
}

/**
 * Two instances behind HAProxy on a throwaway Postgres database of their own, and the test's own
 * connection to it. `stop` closes, stops and drops, in that order; a start that fails undoes what it did.
 */
export async function startClusterOnItsDatabase(env: Record<string, string>): Promise<{ cluster: Cluster; database: Database; stop(): Promise<void> }> {
  const created = await createThrowawayDatabase(testDatabaseUrl ?? "", "t_cluster");
  let cluster: Cluster | undefined;
  let database: Database | undefined;
  const stop = async () => {
    await database?.close();
    await cluster?.stop();
    await created.drop();
  };
  try {
    cluster = await startCluster({ databaseUrl: created.url, env });
    database = await openDatabase({ databaseUrl: created.url, dataDir: "" });
  } catch (error) {
    await stop();
    throw error;
  }
  return { cluster, database, stop };
}
