// Migrations 0016 and later on a database that already holds money: the names are copied onto
// existing invoices and payments, a paid invoice reads paid and a denied project's open one void,
// numbers no longer come from a sequence, and deleting a project or a user keeps the rows.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type BareDatabase, migrate, openBareDatabase, projectInsert as project } from "./migration-steps";

let database: BareDatabase;
const query = (statement: string) => database.query(statement);
beforeAll(async () => {
  database = await openBareDatabase();
});
afterAll(() => database.close());

test("0016 backfills names and statuses, drops the sequence, and keeps money rows when their project or user goes", async () => {
  await migrate(database, "before", "0016");
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

  await migrate(database, "from", "0016");

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
