// /admin/faq (the FAQ table) and /admin/faq/{faqID} (one FAQ), SPEC.md §2. The list is read by
// the same service as GET /api/admin/faq/search; a missing FAQ is the Page not found screen.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { csvResponse } from "../../lib/csv";
import { Island } from "../../render/island";
import { AdminFrame } from "../../render/layout/admin-frame";
import { page } from "../../render/layout/page";
import { FilterPill, Pager, SearchForm, SortLinks } from "../../render/list-controls";
import { hiddenFields, linkTo } from "../../render/list-links";
import { faqSections } from "../../shared/enums";
import type { FaqSearchQuery } from "./admin-model";
import { FAQ_CSV_HEADER, faqCsvRows, getFaqForAdmin, searchFaqs } from "./admin-service";
import { type FaqListState, faqListLink, faqListParams, readFaqListState } from "./list-state";

/** The list's filters as the search reads them (the page aside). */
function faqQueryOf(state: FaqListState): FaqSearchQuery {
  return { sections: state.section, title: state.title || undefined, sortby: state.sortby };
}

export const adminFaqPages = (deps: AppDeps) =>
  new Elysia({ name: "admin-faq-pages", prefix: "/admin/faq" })
    .use(context(deps))
    .guard({ auth: "admin" })
    .get("/export.csv", ({ request }) => {
      const state = readFaqListState(new URL(request.url).searchParams);
      return csvResponse(`faqs-${new Date().toISOString().slice(0, 10)}.csv`, FAQ_CSV_HEADER, faqCsvRows(deps.database.db, faqQueryOf(state)));
    })
    .get("/", async ({ actor: admin, request }) => {
      const state = readFaqListState(new URL(request.url).searchParams);
      const data = await searchFaqs(deps.database.db, { ...faqQueryOf(state), page: state.page });
      const filtered = Boolean(state.section || state.title);
      return page(
        deps,
        admin,
        { title: "FAQ · Admin Console", description: "Questions and answers of the help centre." },
        <AdminFrame actor={admin} tab="faq" title="FAQ" lead="The questions and answers customers read in the help centre.">
          <section className="list-section" aria-label="FAQs">
            <div className="list-toolbar">
              <SearchForm
                action="/admin/faq"
                id="faq-search"
                name="title"
                label="Search FAQs"
                value={state.title}
                hidden={hiddenFields(faqListParams(state), ["title", "page"])}
              />
              <div className="list-toolbar-end">
                <SortLinks label="Sort FAQs" current={state.sortby} hrefFor={(sortby) => faqListLink(state, { sortby })} />
                <a className="button" href={linkTo("/admin/faq/export.csv", faqListParams({ ...state, page: 1 }))} download>
                  Export CSV
                </a>
                <Island name="faq-create" props={{}} hydrate="interaction" />
              </div>
            </div>
            <div className="pill-row" role="group" aria-label="Filter by section">
              {faqSections.map((section) => (
                <FilterPill
                  key={section}
                  href={faqListLink(state, { section: state.section === section ? undefined : section })}
                  active={state.section === section}
                >
                  {section}
                </FilterPill>
              ))}
            </div>
            {data.faqs.length === 0 ? (
              <div className="empty-state">
                <p className="empty-title">{filtered ? "No FAQs match these filters." : "No FAQs yet."}</p>
                {filtered ? <a href="/admin/faq">Clear filters</a> : null}
              </div>
            ) : (
              <Island
                name="admin-table"
                props={{
                  kind: "faq",
                  label: "FAQs",
                  rows: data.faqs.map((faq) => ({
                    id: faq._id,
                    href: `/admin/faq/${faq._id}`,
                    title: faq.title,
                    createdAt: faq.createdAt,
                    fields: { section: faq.section },
                  })),
                }}
                hydrate="idle"
              />
            )}
            <Pager label="FAQ pages" page={state.page} info={data} hrefFor={(page) => faqListLink(state, { page })} />
          </section>
        </AdminFrame>,
      );
    })
    .get("/:id", async ({ actor: admin, params }) => {
      const faq = await getFaqForAdmin(deps.database.db, params.id);
      return page(
        deps,
        admin,
        { title: `${faq.title} · FAQ`, description: "One FAQ of the help centre." },
        <AdminFrame actor={admin} tab="faq" back={{ href: "/admin/faq", label: "All FAQs" }}>
          <Island name="faq-detail" props={{ faq }} hydrate="idle" />
        </AdminFrame>,
      );
    });
