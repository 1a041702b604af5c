// Migrations applied one SQL file at a time to a bare database (PGlite in memory, or a throwaway
// Postgres database), so a test can insert rows as an older schema held them and then run the
// newer files over them.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createThrowawayDatabase, testDatabaseUrl } from "../helpers/db";

const folder = join(import.meta.dir, "../../db/migrations");
const files = readdirSync(folder)
  .filter((name) => /^\d{4}_.*\.sql$/.test(name))
  .sort();
const statementsOf = (file: string) =>
  readFileSync(join(folder, file), "utf8")
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter(Boolean);

export type Rows = Record<string, unknown>[];
export type BareDatabase = { query(statement: string): Promise<Rows>; close(): Promise<void> };

/** An empty database with no migration applied. */
export async function openBareDatabase(): Promise<BareDatabase> {
  if (testDatabaseUrl) {
    const { url, drop } = await createThrowawayDatabase(testDatabaseUrl, "mig");
    const sql = new Bun.SQL(url, { max: 1 });
    return {
      query: async (statement) => [...((await sql.unsafe(statement)) as Rows)],
      async close() {
        await sql.close({ timeout: 5 });
        await drop();
      },
    };
  }
  const [{ PGlite }, { pg_trgm }, { btree_gin }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("@electric-sql/pglite/contrib/btree_gin"),
  ]);
  const client = await PGlite.create(undefined, { extensions: { pg_trgm, btree_gin } });
  return {
    async query(statement) {
      const results = await client.exec(statement);
      return (results.at(-1)?.rows ?? []) as Rows;
    },
    close: () => client.close(),
  };
}

/** Applies, in order, every migration file whose name sorts before `number` ("before") or from it on ("from"). */
export async function migrate(database: BareDatabase, which: "before" | "from", number: string): Promise<void> {
  for (const file of files.filter((name) => (which === "before" ? name < number : name >= number))) {
    for (const statement of statementsOf(file)) await database.query(statement);
  }
}

/** A project row of user u1 as every schema since 0001 accepts it. */
export const projectInsert = (id: string, status: string) =>
  `insert into projects (id, creator_id, project_name, project_type, status, creator_name, creator_phone_number, domain_provider_url,
     project_domain_url, domain_provider_username, domain_provider_password_enc, hero_title, hero_message, pages_text, selected_themes,
     default_theme, selected_tint_colors, default_tint_color, border_radius, button_border_radius, subscription_tiers)
   values ('${id}', 'u1', 'Shop ${id}', 's', '${status}', 'Ada', '1', 'x', 'x', 'x', 'x', 'x', 'x', '[]', '[0]', 0, '[0]', 0, 'square', 'square', '[]')`;
