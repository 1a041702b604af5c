// /terms: static for visitors, so it is served from the render cache.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { page } from "../../render/layout/page";
import { PageShell } from "../../render/layout/views";
import { servePublicPage } from "../../render/page-cache";
import { TermsView } from "./views";

export const termsPages = (deps: AppDeps) =>
  new Elysia({ name: "terms-pages" }).use(context(deps)).get("/terms", ({ actor, request }) =>
    servePublicPage(deps.database.db, request, () =>
      page(
        deps,
        actor,
        {
          title: "Terms and Conditions",
          description: "The terms for every Webstudio project: requests, payment within 7 days, review, refunds and more.",
          path: "/terms",
        },
        <PageShell actor={actor} current="/terms">
          <TermsView />
        </PageShell>,
        { publicPage: true },
      ),
    ),
  );
