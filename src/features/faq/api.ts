// The public FAQ API of SPEC.md §7: GET /api/faq (grouped by section) and GET /api/faq/{id}.
// The list is what every visitor's help centre shows, so its bytes are cached like the pages.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { operation } from "../../http/openapi";
import { publicPageCache } from "../../render/page-cache";
import { FaqIdParams, FaqModel, FaqSectionsAnswer, toFaqJson } from "./model";
import { getFaq, listFaqsBySection } from "./service";

export const faqApi = (deps: AppDeps) =>
  new Elysia({ name: "faq-api", prefix: "/api/faq" })
    .get(
      "/",
      ({ request }) =>
        publicPageCache(deps.database.db).serve(request, "GET /api/faq", async () =>
          Response.json({ sections: await listFaqsBySection(deps.database.db) }, { headers: { "cache-control": "no-cache" } }),
        ),
      { response: FaqSectionsAnswer, detail: operation("FAQ", "public", "Every FAQ, grouped by section") },
    )
    .get("/:id", async ({ params }) => toFaqJson(await getFaq(deps.database.db, params.id)), {
      params: FaqIdParams,
      response: FaqModel,
      detail: operation("FAQ", "public", "Read one FAQ"),
    });
