// Bodies and answers of the admin FAQ API (SPEC.md §3 FAQ, §7 FAQ; DESIGN.md "API contract").
import { t } from "elysia";
import { CreatedSort, PageNumber, pageAnswer } from "../../http/schemas";
import { ID_PATTERN } from "../../lib/ids";
import { FaqModel, FaqSection } from "./model";

export const MAX_BULK_FAQS = 100;
const TITLE_MAX = 200;
const ANSWER_MAX = 10_000;

const Id = t.String({ pattern: ID_PATTERN, error: "Expected an id of 26 letters and digits" });

export const FaqSearchQuery = t.Object({
  page: PageNumber,
  /** Section names joined by '-' (SPEC.md §7), sent only when any is chosen. */
  sections: t.Optional(t.String({ maxLength: 100 })),
  title: t.Optional(t.String({ maxLength: TITLE_MAX })),
  sortby: CreatedSort,
});
export type FaqSearchQuery = typeof FaqSearchQuery.static;

export const FaqsPage = pageAnswer("faqs", FaqModel);

export const NewFaq = t.Object(
  {
    title: t.String({ maxLength: TITLE_MAX, error: `Title must be text of at most ${TITLE_MAX} characters.` }),
    /** Defaults to the first section, Account (SPEC.md §5). */
    section: t.Optional(FaqSection),
    answer: t.String({ maxLength: ANSWER_MAX, error: `Answer must be text of at most ${ANSWER_MAX} characters.` }),
  },
  { additionalProperties: false },
);

export const FaqsPatch = t.Object(
  {
    faqIDs: t.Array(Id, { minItems: 1, maxItems: MAX_BULK_FAQS }),
    updatedFields: t.Object(
      {
        title: t.Optional(t.String({ maxLength: TITLE_MAX })),
        section: t.Optional(FaqSection),
        answer: t.Optional(t.String({ maxLength: ANSWER_MAX })),
      },
      { additionalProperties: false, minProperties: 1, error: "updatedFields must name at least one of title, section, answer." },
    ),
  },
  { additionalProperties: false },
);

/** `faqIDs` joined by '-' (SPEC.md §7). */
export const FaqsDeleteQuery = t.Object({ faqIDs: t.String({ minLength: 1, maxLength: MAX_BULK_FAQS * 27 }) });

export const FaqIdParams = t.Object({ id: t.String({ maxLength: 64 }) });
export const CreatedFaq = t.Object({ message: t.String(), faqID: t.String() });
export const FaqsBulkAnswer = t.Object({ message: t.String(), faqIDs: t.Array(t.String()) });
