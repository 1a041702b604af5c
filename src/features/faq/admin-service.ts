// The admin side of FAQs (SPEC.md §2 FAQ list and detail, §7 FAQ). Every write goes through
// the FAQ feature's service, so the public help centre's render cache is cleared at once.

import { badRequest, notFound } from "../../http/errors";
import { parseIdList } from "../../http/id-list";
import type { CsvValue } from "../../lib/csv";
import { type Db, EXPORT_BATCH, everyRow } from "../../lib/db";
import { type FaqSection, faqSections } from "../../shared/enums";
import { DEFAULT_SORT, FAQS_PAGE_SIZE, type PageInfo, pageInfo } from "../../shared/lists";
import type { AuditBy } from "../audit";
import { type FaqSearchQuery, MAX_BULK_FAQS } from "./admin-model";
import { searchFaqRows } from "./admin-queries";
import { type FaqJson, toFaqJson } from "./model";
import { createFaq, deleteFaqs, getFaq, updateFaqs } from "./service";

/** 'Account-Project' into its sections; an unknown name is a 400, not a silently empty list. */
export function parseSections(joined: string | undefined): FaqSection[] {
  if (!joined) return [];
  const names = [
    ...new Set(
      joined
        .split("-")
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = names.filter((name) => !faqSections.includes(name as FaqSection));
  if (unknown.length > 0) {
    throw badRequest(`Unknown section: ${unknown.join(", ")}. Sections are ${faqSections.join(", ")}.`, { sections: "Unknown section" });
  }
  return names as FaqSection[];
}

export async function searchFaqs(db: Db, query: FaqSearchQuery): Promise<{ faqs: FaqJson[] } & PageInfo> {
  const page = query.page ?? 1;
  const { rows, ...counted } = await searchFaqRows(db, {
    sections: parseSections(query.sections),
    title: query.title?.trim() || undefined,
    page,
    sortby: query.sortby ?? DEFAULT_SORT,
  });
  return { faqs: rows.map(toFaqJson), ...pageInfo(counted, page, FAQS_PAGE_SIZE) };
}

export const FAQ_CSV_HEADER = ["ID", "Title", "Section", "Answer", "Created"];

/** Every FAQ the admin list's filters and search match, as CSV rows. */
export async function* faqCsvRows(db: Db, query: FaqSearchQuery): AsyncGenerator<CsvValue[]> {
  const filters = { sections: parseSections(query.sections), title: query.title?.trim() || undefined, sortby: query.sortby ?? DEFAULT_SORT };
  for await (const faq of everyRow((page) => searchFaqRows(db, { ...filters, page, pageSize: EXPORT_BATCH }), EXPORT_BATCH)) {
    yield [faq.id, faq.title, faq.section, faq.answer, faq.createdAt];
  }
}

export async function getFaqForAdmin(db: Db, id: string): Promise<FaqJson> {
  return toFaqJson(await getFaq(db, id));
}

export async function createFaqAsAdmin(
  db: Db,
  input: { title: string; section?: FaqSection; answer: string },
  by: AuditBy,
): Promise<{ message: string; faqID: string }> {
  const faq = await createFaq(db, { title: input.title, section: input.section ?? faqSections[0], answer: input.answer }, by);
  return { message: "FAQ created.", faqID: faq.id };
}

export async function updateFaqsAsAdmin(
  db: Db,
  ids: string[],
  changes: { title?: string; section?: FaqSection; answer?: string },
  by: AuditBy,
): Promise<{ message: string; faqIDs: string[] }> {
  const updated = await updateFaqs(db, [...new Set(ids)], changes, by);
  if (updated.length === 0) throw notFound("No FAQ matched those ids.");
  return { message: updated.length === 1 ? "FAQ updated." : `${updated.length} FAQs updated.`, faqIDs: updated };
}

export async function deleteFaqsAsAdmin(db: Db, joinedIds: string, by: AuditBy): Promise<{ message: string; faqIDs: string[] }> {
  const deleted = await deleteFaqs(db, parseIdList(joinedIds, "faqIDs", MAX_BULK_FAQS), by);
  if (deleted.length === 0) throw notFound("No FAQ matched those ids.");
  return { message: deleted.length === 1 ? "FAQ deleted." : `${deleted.length} FAQs deleted.`, faqIDs: deleted };
}
