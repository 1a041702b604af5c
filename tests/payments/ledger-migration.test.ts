// Migrations 0016 and later on a database that already holds money: the names are copied onto
// existing invoices and payments, a paid invoice reads paid and a denied project's open one void,
// numbers no longer come from a sequence, and deleting a project or a user keeps the rows.
import { afterAll, beforeAll, expect, test } from "bun:test";
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

type Rows = Record<string, unknown>[];
let query: (statement: string) => Promise<Rows>;
let close: () => Promise<void>;

beforeAll(async () => {
  if (testDatabaseUrl) {
    const { url, drop } = await createThrowawayDatabase(testDatabaseUrl, "mig");
    const sql = new Bun.SQL(url, { max: 1 });
    query = async (statement) => [...((await sql.unsafe(statement)) as Rows)];
    close = async () => {
      await sql.close({ timeout: 5 });
      await drop();
    };
  } else {
    const [{ PGlite }, { pg_trgm }, { btree_gin }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("@electric-sql/pglite/contrib/btree_gin"),
    ]);
    const client = await PGlite.create(undefined, { extensions: { pg_trgm, btree_gin } });
    query = async (statement) => {
      const results = await client.exec(statement);
      return (results.at(-1)?.rows ?? []) as Rows;
    };
    close = () => client.close();
  }
});
afterAll(() => close());

const project = (id: string, status: string) =>
  `insert into projects (id, creator_id, project_name, project_type, status, creator_name, creator_phone_number, domain_provider_url,
     project_domain_url, domain_provider_username, domain_provider_password_enc, hero_title, hero_message, pages_text, selected_themes,
     default_theme, selected_tint_colors, default_tint_color, border_radius, button_border_radius, subscription_tiers)
   values ('${id}', 'u1', 'Shop ${id}', 's', '${status}', 'Ada', '1', 'x', 'x', 'x', 'x', 'x', 'x', '[]', '[0]', 0, '[0]', 0, 'square', 'square', '[]')`;

test("0016 backfills names and statuses, drops the sequence, and keeps money rows when their project or user goes", async () => {
  const before = files.filter((file) => file < "0016");
  for (const file of before) for (const statement of statementsOf(file)) await query(statement);
  await query(`insert into users (id, email, display_name, settings) values ('u1', 'ada@example.com', 'Ada Lovelace', '{}')`);
  await query(project("p1", "in-progress"));
  await query(project("p2", "denied"));
  await query(project("p3", "in-progress"));
  const invoice = (id: string, projectId: string) =>
    `insert into invoices (id, project_id, user_id, invoice_type, amount, due_at) values ('${id}', '${projectId}', 'u1', 's', 250, now())`;
  await query(invoice("i1", "p1"));
  await query(invoice("i2", "p2"));
  await query(invoice("i3", "p3"));
  await query(
    `insert into payments (id, kind, project_id, invoice_id, method, amount_cents, currency, status) values ('m1', 'payment', 'p1', 'i1', 'manual', 25000, 'usd', 'succeeded')`,
  );

  for (const file of files.filter((name) => name >= "0016")) for (const statement of statementsOf(file)) await query(statement);

  const invoices = await query(`select id, number, status, void_reason, project_name, customer_name, customer_email from invoices order by number`);
  expect(invoices).toEqual([
    { id: "i1", number: 1, status: "paid", void_reason: null, project_name: "Shop p1", customer_name: "Ada Lovelace", customer_email: "ada@example.com" },
    {
      id: "i2",
      number: 2,
      status: "void",
      void_reason: "The project was denied.",
      project_name: "Shop p2",
      customer_name: "Ada Lovelace",
      customer_email: "ada@example.com",
    },
    { id: "i3", number: 3, status: "open", void_reason: null, project_name: "Shop p3", customer_name: "Ada Lovelace", customer_email: "ada@example.com" },
  ]);
  expect(await query(`select project_name, customer_name, customer_email from payments`)).toEqual([
    { project_name: "Shop p1", customer_name: "Ada Lovelace", customer_email: "ada@example.com" },
  ]);
  expect(await query(`select 1 from pg_class where relname = 'invoices_number_seq'`)).toEqual([]);
  // 0017: invoices from before tax read as before: the package price is subtotal and total, no tax,
  // no billing or studio block of their own.
  expect(await query(`select subtotal_cents, tax_rate_basis_points, tax_cents, total_cents, bill_to_name, provider_name from invoices`)).toEqual(
    Array.from({ length: 3 }, () => ({
      subtotal_cents: 25_000,
      tax_rate_basis_points: null,
      tax_cents: 0,
      total_cents: 25_000,
      bill_to_name: null,
      provider_name: null,
    })),
  );
  await query(`insert into billing_details (user_id, name) values ('u1', 'Ada King')`);

  // Deleting a project keeps its invoice and payment (an open invoice turns void); deleting the user keeps them too.
  await query(`delete from projects where id = 'p3'`);
  expect(await query(`select project_id, status, void_reason from invoices where id = 'i3'`)).toEqual([
    { project_id: null, status: "void", void_reason: "The project was deleted." },
  ]);
  await query(`delete from users where id = 'u1'`);
  expect(await query(`select count(*)::int as n from invoices where user_id is null and project_id is null`)).toEqual([{ n: 3 }]);
  expect(await query(`select count(*)::int as n from billing_details`)).toEqual([{ n: 0 }]);
  expect(await query(`select project_id, amount_cents from payments`)).toEqual([{ project_id: null, amount_cents: 25000 }]);
  // A stray DELETE is refused rather than losing money.
  await expect(query(`delete from payments`)).rejects.toThrow(/never deleted/);
  await expect(query(`delete from invoices where id = 'i1'`)).rejects.toThrow(/never deleted/);
});
