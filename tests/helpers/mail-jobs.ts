// The mail an app queued, read from the job queue's own table (delivered or not), oldest first.
import { sql } from "drizzle-orm";
import type { Db } from "../../src/lib/db";
import type { MailJob } from "../../src/lib/job-queues";

export async function queuedMails(db: Db, to?: string): Promise<MailJob[]> {
  const result: unknown = await db.execute(
    to === undefined
      ? sql`select data from pgboss.job where name = 'mail' order by created_on`
      : sql`select data from pgboss.job where name = 'mail' and data ->> 'to' = ${to} order by created_on`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { data: MailJob }[];
  return rows.map((row) => row.data);
}
