// FAQ shapes on the wire (SPEC.md §3: _id, title, section, answer).
import { t } from "elysia";
import type { Faq } from "../../../db/schema";

// Literals spelled out: a mapped union loses its members in Eden's types.
export const FaqSection = t.Union([t.Literal("Account"), t.Literal("Project"), t.Literal("Admin Console")]);

export const FaqModel = t.Object({ _id: t.String(), title: t.String(), section: FaqSection, answer: t.String(), createdAt: t.String() });
export type FaqJson = typeof FaqModel.static;

const FaqSectionGroup = t.Object({ section: FaqSection, faqs: t.Array(FaqModel) });
export type FaqSectionGroup = typeof FaqSectionGroup.static;
/** Every section, in the help centre's order, with its FAQs. */
export const FaqSectionsAnswer = t.Object({ sections: t.Array(FaqSectionGroup) });

// An empty id is `/api/faq/`, the list.
export const FaqIdParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) });

export function toFaqJson(faq: Faq): FaqJson {
  return { _id: faq.id, title: faq.title, section: faq.section, answer: faq.answer, createdAt: faq.createdAt.toISOString() };
}
