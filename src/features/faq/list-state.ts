// The /admin/faq list keeps its state in the query string: one section at most (the pills are
// mutually exclusive), the title search, the sort and the page.

import { linkTo } from "../../render/list-links";
import { type FaqSection, faqSections } from "../../shared/enums";
import { type SortOrder, readPage, readSort, readTitle } from "../../shared/lists";

export type FaqListState = { section?: FaqSection; title: string; sortby: SortOrder; page: number };

export function readFaqListState(params: URLSearchParams): FaqListState {
  return {
    section: faqSections.find((section) => section === params.get("section")),
    title: readTitle(params.get("title")),
    sortby: readSort(params.get("sortby")),
    page: readPage(params.get("page")),
  };
}

export const faqListParams = (state: FaqListState) => ({ section: state.section, title: state.title, sortby: state.sortby, page: state.page });

/** Any filter or sort change goes back to page 1. */
export function faqListLink(state: FaqListState, change: Partial<FaqListState>): string {
  const page = "page" in change ? (change.page ?? 1) : 1;
  return linkTo("/admin/faq", faqListParams({ ...state, ...change, page }));
}
