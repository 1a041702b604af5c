// FAQ shapes on the wire (SPEC.md §3: _id, title, section, answer).
import { t } from "elysia";
import type { Faq } from "../../../db/schema";
import type { FaqSection } from "../../shared/enums";

export type FaqJson = { _id: string; title: string; section: FaqSection; answer: string; createdAt: string };
export type FaqSectionGroup = { section: FaqSection; faqs: FaqJson[] };

export const FaqIdParams = t.Object({ id: t.String({ maxLength: 64 }) });

export function toFaqJson(faq: Faq): FaqJson {
  return { _id: faq.id, title: faq.title, section: faq.section, answer: faq.answer, createdAt: faq.createdAt.toISOString() };
}
