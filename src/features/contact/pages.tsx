// /contact-us without JavaScript: GET shows the form (cached for visitors); the form POSTs here,
// a sent message redirects to ?sent=1 (so a reload cannot send it twice), and a refused one
// renders the page again with the typed values and the errors.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { clientIp } from "../../http/client-ip";
import { context } from "../../http/context";
import { HttpError } from "../../http/errors";
import { page } from "../../render/layout/page";
import { PageShell } from "../../render/layout/views";
import { servePublicPage } from "../../render/page-cache";
import { CONTACT_SENT_MESSAGE, sendContactMessage } from "./service";
import { type ContactFormState, ContactView, emptyContactForm } from "./views";

const META = {
  title: "Contact Us",
  description: "Write to the Webstudio team about packages, projects or your account. We reply within one business day.",
  path: "/contact-us",
};

function contactPage(deps: AppDeps, actor: Actor | null, form: ContactFormState, status = 200): Promise<Response> {
  return page(
    deps,
    actor,
    META,
    <PageShell actor={actor} current="/contact-us">
      <ContactView providerEmail={deps.config.providerEmail} providerAddress={deps.config.providerAddress} form={form} />
    </PageShell>,
    { publicPage: true, status },
  );
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

export const contactPages = (deps: AppDeps) =>
  new Elysia({ name: "contact-pages" })
    .use(context(deps))
    .get("/contact-us", ({ actor, request, query }) => {
      if (query.sent === "1") return contactPage(deps, actor, { ...emptyContactForm, notice: { kind: "success", text: CONTACT_SENT_MESSAGE } });
      return servePublicPage(deps.database.db, request, () => contactPage(deps, actor, emptyContactForm));
    })
    .post("/contact-us", async ({ actor, request, body }) => {
      const input = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
      const values = { userEmail: text(input.userEmail).slice(0, 254), message: text(input.message).slice(0, 5000) };
      try {
        await sendContactMessage(deps, clientIp(request), input);
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        return contactPage(deps, actor, { values, fieldErrors: error.fields ?? {}, notice: { kind: "error", text: error.message } }, error.status);
      }
      return new Response(null, { status: 303, headers: { location: "/contact-us?sent=1" } });
    });
