// SQL for FAQs. Sections list their questions oldest first, so an admin's order of writing is the reading order.
import { asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { type Faq, type NewFaq, faqs } from "../../../db/schema";
import { type Db, likePattern } from "../../lib/db";

export function selectAllFaqs(db: Db): Promise<Faq[]> {
  return db.select().from(faqs).orderBy(asc(faqs.createdAt), asc(faqs.id));
}

/** FAQs whose title or answer contains `text` (any case), title matches first. */
export function searchFaqText(db: Db, text: string, limit: number): Promise<Faq[]> {
  const pattern = likePattern(text);
  const inTitle = ilike(faqs.title, pattern);
  return db
    .select()
    .from(faqs)
    .where(or(inTitle, ilike(faqs.answer, pattern)))
    .orderBy(desc(sql`${inTitle}`), asc(faqs.createdAt), asc(faqs.id))
    .limit(limit);
}

export async function selectFaq(db: Db, id: string): Promise<Faq | undefined> {
  const [faq] = await db.select().from(faqs).where(eq(faqs.id, id));
  return faq;
}

export async function insertFaq(db: Db, values: NewFaq): Promise<Faq> {
  const [faq] = await db.insert(faqs).values(values).returning();
  if (!faq) throw new Error("FAQ insert returned nothing");
  return faq;
}

export function updateFaqRows(db: Db, ids: string[], fields: Partial<Pick<Faq, "title" | "section" | "answer">>): Promise<{ id: string }[]> {
  return db
    .update(faqs)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(inArray(faqs.id, ids))
    .returning({ id: faqs.id });
}

export function deleteFaqRows(db: Db, ids: string[]): Promise<{ id: string }[]> {
  return db.delete(faqs).where(inArray(faqs.id, ids)).returning({ id: faqs.id });
}

// Any constant works; every instance of this app must use the same one.
const SEED_LOCK_KEY = 7_240_518_312;

/** Waits for, then holds until the transaction ends, the lock that lets one instance seed at a time. */
export async function lockFaqSeeding(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
}

export async function hasAnyFaq(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: faqs.id }).from(faqs).limit(1);
  return row !== undefined;
}

export async function insertFaqs(db: Db, rows: NewFaq[]): Promise<void> {
  if (rows.length > 0) await db.insert(faqs).values(rows);
}
