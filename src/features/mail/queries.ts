// SQL of mail: failed mail (messages the queue gave up on, kept until an admin sends them again),
// and who is still there to receive an announcement's mail.
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { type FailedMail, failedMails, users } from "../../../db/schema";
import type { Db } from "../../lib/db";

export type NewFailedMail = Omit<FailedMail, "failedAt">;

/** Keyed by the job's id: recording the same failure again (a re-run after a crash) keeps one row. */
export async function insertFailedMail(db: Db, row: NewFailedMail): Promise<void> {
  await db.insert(failedMails).values(row).onConflictDoNothing({ target: failedMails.id });
}

export async function listFailedMailRows(db: Db, limit: number): Promise<{ rows: FailedMail[]; totalCount: number }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(failedMails).orderBy(desc(failedMails.failedAt), desc(failedMails.id)).limit(limit),
    db.select({ value: count() }).from(failedMails),
  ]);
  return { rows, totalCount: total?.value ?? 0 };
}

/** Removes and answers the row, or null when it is gone (retried already by someone else). */
export async function takeFailedMail(db: Db, id: string): Promise<FailedMail | null> {
  const [row] = await db.delete(failedMails).where(eq(failedMails.id, id)).returning();
  return row ?? null;
}

/**
 * Of `userIds`, those who still exist and still have e-mail announcements on (absent counts as
 * on, as when the announcement was fanned out): one query for a whole batch of announcement mail.
 */
export async function listAnnouncementListeners(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), sql`coalesce((${users.settings} -> 'emailNotifications' ->> 'announcementsEnabled')::boolean, true)`));
  return new Set(rows.map((row) => row.id));
}
