// The mail an app queued, read from the job queue's own table (delivered or not), oldest first.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../src/lib/db";
import type { MailJob } from "../../src/lib/job-queues";

/** Rows of a raw query: Bun.SQL answers an array of rows, PGlite `{ rows }`. */
async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

export async function queuedMails(db: Db, to?: string): Promise<MailJob[]> {
  const rows = await rowsOf<{ data: MailJob }>(
    db,
    to === undefined
      ? sql`select data from pgboss.job where name = 'mail' order by created_on`
      : sql`select data from pgboss.job where name = 'mail' and data ->> 'to' = ${to} order by created_on`,
  );
  return rows.map((row) => row.data);
}

/** Whether every mail job has ended: nothing more of the mail queued so far is sent or logged. */
export async function mailSettled(db: Db): Promise<boolean> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from pgboss.job where name = 'mail' and state not in ('completed', 'failed', 'cancelled')`,
  );
  return row?.n === 0;
}
