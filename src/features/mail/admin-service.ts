// The admins' view of failed mail: what the queue gave up on, and sending it again.
import type { FailedMail } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import type { Db } from "../../lib/db";
import { type AuditBy, recordAudit } from "../audit";
import { type MailQueue, enqueueMail } from "./outbox";
import { listFailedMailRows, takeFailedMail } from "./queries";

/** More than this many failures means something bigger is wrong; the page says how many there are. */
const FAILED_MAIL_LIST_LIMIT = 200;

export type FailedMailList = { mails: FailedMail[]; totalCount: number };

export async function listFailedMail(db: Db): Promise<FailedMailList> {
  const { rows, totalCount } = await listFailedMailRows(db, FAILED_MAIL_LIST_LIMIT);
  return { mails: rows, totalCount };
}

export const FAILED_MAIL_GONE = "That mail is no longer in the failed list.";

/**
 * Queues the message again and forgets the failure, in one transaction: two admins clicking
 * Retry at once queue it once (the second finds the row gone).
 */
export async function retryFailedMail(deps: Pick<AppDeps, "database"> & { jobs: MailQueue }, id: string, by: AuditBy): Promise<{ message: string }> {
  return deps.database.db.transaction(async (tx) => {
    const row = await takeFailedMail(tx, id);
    if (!row) throw notFound(FAILED_MAIL_GONE);
    await enqueueMail(deps.jobs, tx, row);
    await recordAudit(tx, by, { action: "mail.retry", target: { type: "mail", id, label: `${row.subject} → ${row.to}` }, before: { error: row.error } });
    return { message: `The mail to ${row.to} is queued again.` };
  });
}
