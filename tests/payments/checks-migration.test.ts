// Migration 0019 on a database that already holds money (decision 084): a card payment recorded for a
// void invoice pays nothing and needs an admin's attention; every other payment is left as it was.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type BareDatabase, migrate, openBareDatabase, projectInsert as project } from "./migration-steps";

let database: BareDatabase;
const query = (statement: string) => database.query(statement);
beforeAll(async () => {
  database = await openBareDatabase();
});
afterAll(() => database.close());

test("0019 marks card money for a void invoice as not applied and raises one entry for it; entries are never deleted", async () => {
  await migrate(database, "before", "0019");
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

  await migrate(database, "from", "0019");

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
