// FAQ rules. Every write ends with invalidatePublicPages(db): the support pages, the FAQ pages,
// the sitemap and GET /api/faq are cached for visitors and must show the change at once.
import type { Faq } from "../../../db/schema";
import { badRequest, notFound } from "../../http/errors";
import type { Db } from "../../lib/db";
import { isId, newId } from "../../lib/ids";
import { invalidatePublicPages } from "../../render/page-cache";
import { type FaqSection, faqSections } from "../../shared/enums";
import { type AuditBy, auditChanges, auditDeletions, recordAudit } from "../audit";
import { type FaqJson, type FaqSectionGroup, toFaqJson } from "./model";
import { deleteFaqRows, insertFaq, searchFaqText, selectAllFaqs, selectFaq, updateFaqRows } from "./queries";

export type FaqInput = { title: string; section: FaqSection; answer: string };

/** Every section in the spec's order, each with its FAQs (possibly none). */
export async function listFaqsBySection(db: Db): Promise<FaqSectionGroup[]> {
  const all = await selectAllFaqs(db);
  return faqSections.map((section) => ({ section, faqs: all.filter((faq) => faq.section === section).map(toFaqJson) }));
}

/** The longest search /support reads; more is cut, not refused (it comes from a link or a form). */
export const FAQ_SEARCH_MAX = 100;
const FAQ_SEARCH_RESULTS = 30;

/** The help centre's search over titles and answers. */
export async function searchFaqs(db: Db, text: string): Promise<FaqJson[]> {
  const rows = await searchFaqText(db, text, FAQ_SEARCH_RESULTS);
  return rows.map(toFaqJson);
}

export async function listAllFaqs(db: Db): Promise<Faq[]> {
  return selectAllFaqs(db);
}

/** A malformed id is simply not found: ids are opaque to callers. */
export async function getFaq(db: Db, id: string): Promise<Faq> {
  const faq = isId(id) ? await selectFaq(db, id) : undefined;
  if (!faq) throw notFound("This FAQ does not exist.");
  return faq;
}

function checkFields(fields: Partial<FaqInput>): Partial<FaqInput> {
  const problems: Record<string, string> = {};
  const cleaned: Partial<FaqInput> = {};
  if (fields.title !== undefined) {
    if (!fields.title.trim()) problems.title = "Title cannot be blank.";
    else cleaned.title = fields.title.trim();
  }
  if (fields.answer !== undefined) {
    if (!fields.answer.trim()) problems.answer = "Answer cannot be blank.";
    else cleaned.answer = fields.answer.trim();
  }
  if (fields.section !== undefined) {
    if (!faqSections.includes(fields.section)) problems.section = `Section must be one of ${faqSections.join(", ")}.`;
    else cleaned.section = fields.section;
  }
  const first = Object.values(problems)[0];
  if (first) throw badRequest(first, problems);
  return cleaned;
}

export async function createFaq(db: Db, input: FaqInput, by: AuditBy): Promise<Faq> {
  const fields = checkFields(input) as FaqInput;
  const faq = await db.transaction(async (tx) => {
    const faq = await insertFaq(tx, { id: newId(), ...fields });
    await recordAudit(tx, by, { action: "faq.create", target: { type: "faq", id: faq.id, label: faq.title }, after: fields });
    return faq;
  });
  invalidatePublicPages(db);
  return faq;
}

/** Applies the same changed fields to every FAQ in `ids`; answers the ids that existed. */
export async function updateFaqs(db: Db, ids: string[], changes: Partial<FaqInput>, by: AuditBy): Promise<string[]> {
  const fields = checkFields(changes);
  if (Object.keys(fields).length === 0) throw badRequest("There is nothing to update.");
  const updated = await db.transaction(async (tx) => {
    await auditChanges(tx, by, "faq", ids.filter(isId), fields);
    return updateFaqRows(tx, ids.filter(isId), fields);
  });
  if (updated.length > 0) invalidatePublicPages(db);
  return updated.map((row) => row.id);
}

/** Deletes the FAQs in `ids`; answers the ids that existed. */
export async function deleteFaqs(db: Db, ids: string[], by: AuditBy): Promise<string[]> {
  const deleted = await db.transaction(async (tx) => {
    await auditDeletions(tx, by, "faq", ids.filter(isId));
    return deleteFaqRows(tx, ids.filter(isId));
  });
  if (deleted.length > 0) invalidatePublicPages(db);
  return deleted.map((row) => row.id);
}
