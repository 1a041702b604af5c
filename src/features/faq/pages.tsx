// /support and /support/faq/{faqID}: served from the anonymous render cache for visitors.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { servePublicPage } from "../../render/page-cache";
import { page } from "../layout/page";
import { PageShell } from "../layout/views";
import { toFaqJson } from "./model";
import { getFaq, listFaqsBySection } from "./service";
import { FaqView, SupportView } from "./views";

/** A search-result description: the answer's first sentence-ish, on one line. */
function summarize(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 155 ? `${line.slice(0, 152).replace(/\s+\S*$/, "")}…` : line;
}

export const faqPages = (deps: AppDeps) =>
  new Elysia({ name: "faq-pages" })
    .use(context(deps))
    .get("/support", ({ actor, request }) =>
      servePublicPage(deps.database.db, request, async () =>
        page(
          deps,
          actor,
          { title: "Support", description: "Answers about accounts, projects and the admin console, and how to reach us.", path: "/support" },
          <PageShell actor={actor} current="/support">
            <SupportView sections={await listFaqsBySection(deps.database.db)} />
          </PageShell>,
          { publicPage: true },
        ),
      ),
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
