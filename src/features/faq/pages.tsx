// /support and /support/faq/{faqID}: served from the anonymous render cache for visitors.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { page } from "../../render/layout/page";
import { PageShell } from "../../render/layout/views";
import { servePublicPage } from "../../render/page-cache";
import { toFaqJson } from "./model";
import { FAQ_SEARCH_MAX, getFaq, listFaqsBySection, searchFaqs } from "./service";
import { FaqView, SupportView } from "./views";

/** `?q=` as the help centre reads it: trimmed and cut to a sane length (NUL bytes never get here: 400). */
function searchText(request: Request): string {
  return (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, FAQ_SEARCH_MAX);
}

/** A search-result description: the answer's first sentence-ish, on one line. */
function summarize(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 155 ? `${line.slice(0, 152).replace(/\s+\S*$/, "")}…` : line;
}

export const faqPages = (deps: AppDeps) =>
  new Elysia({ name: "faq-pages" })
    .use(context(deps))
    .get("/support", ({ actor, request }) =>
      // A search has a query string, so it is rendered fresh; the plain page comes from the cache.
      servePublicPage(deps.database.db, request, async () => {
        const query = searchText(request);
        const search = query ? { query, results: await searchFaqs(deps.database.db, query) } : null;
        return page(
          deps,
          actor,
          {
            title: search ? `“${query}” · Support` : "Support",
            description: "Answers about accounts, projects and the admin console, and how to reach us.",
            path: "/support",
            noIndex: search ? true : undefined,
          },
          <PageShell actor={actor} current="/support">
            <SupportView sections={search ? [] : await listFaqsBySection(deps.database.db)} search={search} />
          </PageShell>,
          { publicPage: true },
        );
      }),
    )
    .get("/support/faq/:id", ({ actor, request, params }) =>
      servePublicPage(deps.database.db, request, async () => {
        const faq = toFaqJson(await getFaq(deps.database.db, params.id));
        return page(
          deps,
          actor,
          { title: faq.title, description: summarize(faq.answer), path: `/support/faq/${faq._id}` },
          <PageShell actor={actor} current="/support">
            <FaqView faq={faq} />
          </PageShell>,
          { publicPage: true },
        );
      }),
    );
