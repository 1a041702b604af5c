// Migration 0019 on a database that already holds money (decision 084): a card payment recorded for a
// void invoice pays nothing and needs an admin's attention; every other payment is left as it was.
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

test("0019 marks card money for a void invoice as not applied and raises one entry for it; entries are never deleted", async () => {
  for (const file of files.filter((name) => name < "0019")) for (const statement of statementsOf(file)) await query(statement);
  await query(`insert into users (id, email, display_name, settings) values ('u1', 'ada@example.com', 'Ada Lovelace', '{}')`);
  await query(project("p1", "denied"));
  await query(project("p2", "in-progress"));
  const invoice = (id: string, projectId: string, number: number, status: string) =>
    `insert into invoices (id, number, project_id, user_id, invoice_type, amount, subtotal_cents, total_cents, due_at, status, project_name, customer_name, customer_email)
     values ('${id}', ${number}, '${projectId}', 'u1', 's', 250, 25000, 25000, now(), '${status}', 'Shop ${projectId}', 'Ada Lovelace', 'ada@example.com')`;
  await query(invoice("i1", "p1", 1, "void"));
  await query(invoice("i2", "p2", 2, "paid"));
  const payment = (id: string, projectId: string, invoiceId: string, intent: string) =>
    `insert into payments (id, kind, project_id, invoice_id, method, amount_cents, currency, status, provider_payment_intent_id, project_name, customer_name, customer_email)
     values ('${id}', 'payment', '${projectId}', '${invoiceId}', 'card', 25000, 'usd', 'succeeded', '${intent}', 'Shop ${projectId}', 'Ada Lovelace', 'ada@example.com')`;
  await query(payment("m1", "p1", "i1", "pi_void"));
  await query(payment("m2", "p2", "i2", "pi_good"));

  for (const file of files.filter((name) => name >= "0019")) for (const statement of statementsOf(file)) await query(statement);

  expect(await query(`select id, applied from payments order by id`)).toEqual([
    { id: "m1", applied: false },
    { id: "m2", applied: true },
  ]);
  const issues = await query(`select kind, payment_id, invoice_id, stripe_id, amount_cents, currency, resolved_at from payment_issues`);
  expect(issues).toEqual([
    { kind: "void_invoice", payment_id: "m1", invoice_id: "i1", stripe_id: "pi_void", amount_cents: 25000, currency: "usd", resolved_at: null },
  ]);
  const [issue] = await query(`select id from payment_issues`);
  expect(String(issue?.id)).toMatch(/^[0-9a-hjkmnp-tv-z]{26}$/);
  await expect(query(`delete from payment_issues`)).rejects.toThrow(/never deleted/);
});
