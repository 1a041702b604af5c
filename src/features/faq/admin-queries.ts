// The admin FAQ search. Writes go through the FAQ feature's service, which clears the public
// render cache; this file only reads.
import { and, asc, count, desc, ilike, inArray } from "drizzle-orm";
import { type Faq, faqs } from "../../../db/schema";
import type { Db } from "../../lib/db";
import type { FaqSection } from "../../shared/enums";
import { FAQS_PAGE_SIZE, type SortOrder } from "../../shared/lists";
import { likePattern } from "../projects/queries";

export type FaqFilters = { sections: FaqSection[]; title?: string; page: number; sortby: SortOrder };

export async function searchFaqRows(db: Db, filters: FaqFilters): Promise<{ rows: Faq[]; totalCount: number }> {
  const conditions = [];
  if (filters.sections.length > 0) conditions.push(inArray(faqs.section, filters.sections));
  if (filters.title) conditions.push(ilike(faqs.title, likePattern(filters.title)));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = filters.sortby === "createdAt" ? [asc(faqs.createdAt), asc(faqs.id)] : [desc(faqs.createdAt), desc(faqs.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(faqs)
      .where(where)
      .orderBy(...order)
      .limit(FAQS_PAGE_SIZE)
      .offset((filters.page - 1) * FAQS_PAGE_SIZE),
    db.select({ value: count() }).from(faqs).where(where),
  ]);
  return { rows, totalCount: total?.value ?? 0 };
}
