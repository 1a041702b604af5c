// The landing page at /: the same bytes for every visitor, so it is served from the render cache.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { SITE_NAME } from "../../render/document";
import { page } from "../../render/layout/page";
import { PageShell } from "../../render/layout/views";
import { servePublicPage } from "../../render/page-cache";
import { Prerendered } from "../../render/prerendered";
import { LandingView } from "./views";

export const landingPages = (deps: AppDeps) =>
  new Elysia({ name: "landing-pages" }).use(context(deps)).get("/", ({ actor, request }) =>
    servePublicPage(deps.database.db, request, () =>
      page(
        deps,
        actor,
        {
          title: SITE_NAME,
          description: "Custom web apps done right: fixed-price packages with an admin console, notifications and subscription payments built in.",
          path: "/",
        },
        <PageShell actor={actor} current="/">
          {/* The same for everyone: a signed-in visitor's page is not in the render cache, but its body need not be rendered again. */}
          <Prerendered tag="div" className="landing-body" cacheKey="landing">
            <LandingView />
          </Prerendered>
        </PageShell>,
        { publicPage: true },
      ),
    ),
  );
