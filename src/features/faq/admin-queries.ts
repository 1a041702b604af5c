// The admin FAQ search. Writes go through the FAQ feature's service, which clears the public
// render cache; this file only reads.
import { and, asc, desc, ilike, inArray } from "drizzle-orm";
import { type Faq, faqs } from "../../../db/schema";
import { type Db, type Page, likePattern, pageOf, paged } from "../../lib/db";
import type { FaqSection } from "../../shared/enums";
import { FAQS_PAGE_SIZE, type SortOrder } from "../../shared/lists";

export type FaqFilters = { sections: FaqSection[]; title?: string; page: number; sortby: SortOrder; pageSize?: number };

export async function searchFaqRows(db: Db, filters: FaqFilters): Promise<Page<Faq>> {
  const conditions = [];
  if (filters.sections.length > 0) conditions.push(inArray(faqs.section, filters.sections));
  if (filters.title) conditions.push(ilike(faqs.title, likePattern(filters.title)));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = filters.sortby === "createdAt" ? [asc(faqs.createdAt), asc(faqs.id)] : [desc(faqs.createdAt), desc(faqs.id)];
  const ordered = db
    .select()
    .from(faqs)
    .where(where)
    .orderBy(...order);
  return paged(db, pageOf(ordered), { table: faqs, where }, { page: filters.page, pageSize: filters.pageSize ?? FAQS_PAGE_SIZE });
}
