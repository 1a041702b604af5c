// SQL of the mail outbox. A claim is one UPDATE over rows selected `for update skip locked`,
// so two workers on one database never claim the same message.
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { type MailOutboxRow, mailOutbox } from "../../../db/schema";
import type { Db } from "../../lib/db";

export type OutboxInsert = Pick<MailOutboxRow, "id" | "to" | "subject" | "text" | "html" | "replyTo" | "attachments">;
export type ClaimedMail = Pick<MailOutboxRow, "id" | "to" | "replyTo" | "subject" | "text" | "html" | "attachments" | "attempts">;

/** One statement for any number of messages. */
export async function insertMail(db: Db, rows: OutboxInsert[]): Promise<void> {
  if (rows.length > 0) await db.insert(mailOutbox).values(rows);
}

/** Reserves up to `batchSize` due, unsent, unclaimed messages for `claimSeconds`, oldest due first. */
export async function claimDueMail(db: Db, options: { batchSize: number; claimSeconds: number }): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`), or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, sql`now()`))),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(options.batchSize)
    .for("update", { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${options.claimSeconds})` })
    .where(inArray(mailOutbox.id, due))
    .returning({
      id: mailOutbox.id,
      to: mailOutbox.to,
      replyTo: mailOutbox.replyTo,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      attachments: mailOutbox.attachments,
      attempts: mailOutbox.attempts,
    });
}

/** Counts the failed attempt, keeps its reason and releases the claim until `delayMs` from now. */
export async function markMailFailed(db: Db, id: string, failure: { reason: string; delayMs: number }): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: failure.reason,
      nextAttemptAt: sql`now() + make_interval(secs => ${failure.delayMs / 1000})`,
      lockedUntil: null,
    })
    .where(eq(mailOutbox.id, id));
}

export async function markMailSent(db: Db, id: string): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: sql`now()`, lockedUntil: null, lastError: null }).where(eq(mailOutbox.id, id));
}

/** Hands claims back at once; a message sent meanwhile stays as it is. */
export async function releaseMail(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ lockedUntil: null })
    .where(and(inArray(mailOutbox.id, ids), isNull(mailOutbox.sentAt)));
}
