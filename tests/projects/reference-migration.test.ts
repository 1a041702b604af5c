// Migration 0023 on a database that already holds projects (decision 097): they are numbered from
// WS-1001 in the order they were created, and the next order takes the number after the last.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type BareDatabase, migrate, openBareDatabase, projectInsert as project } from "../payments/migration-steps";

let database: BareDatabase;
const query = (statement: string) => database.query(statement);
beforeAll(async () => {
  database = await openBareDatabase();
});
afterAll(() => database.close());

test("0023 numbers existing projects by creation from 1001, and new ones continue after them", async () => {
  await migrate(database, "before", "0023");
  await query(`insert into users (id, email, display_name, settings) values ('u1', 'ada@example.com', 'Ada Lovelace', '{}')`);
  // Inserted in another order than they were created.
  for (const [id, created] of [
    ["p-b", "2026-02-01"],
    ["p-c", "2026-03-01"],
    ["p-a", "2026-01-01"],
  ] as const) {
    await query(project(id, "pending-approval"));
    await query(`update projects set created_at = '${created}' where id = '${id}'`);
  }

  await migrate(database, "from", "0023");

  expect(await query(`select id, reference_number from projects order by created_at`)).toEqual([
    { id: "p-a", reference_number: 1001 },
    { id: "p-b", reference_number: 1002 },
    { id: "p-c", reference_number: 1003 },
  ]);
  await query(project("p-d", "pending-approval"));
  expect(await query(`select reference_number from projects where id = 'p-d'`)).toEqual([{ reference_number: 1004 }]);
  // The database numbers projects; nobody picks one.
  await expect(query(`update projects set reference_number = 1 where id = 'p-d'`)).rejects.toThrow();
});
