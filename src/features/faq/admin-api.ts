// /api/admin/faq (SPEC.md §7 FAQ): search, read, create, bulk update, bulk delete. Admins only;
// the role is checked before the request is validated, so outsiders learn nothing of its shape.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { operation } from "../../http/openapi";
import { strictBody } from "../../http/unknown-fields";
import { auditBy } from "../audit";
import { CreatedFaq, FaqIdParams, FaqSearchQuery, FaqsBulkAnswer, FaqsDeleteQuery, FaqsPage, FaqsPatch, NewFaq } from "./admin-model";
import { createFaqAsAdmin, deleteFaqsAsAdmin, getFaqForAdmin, searchFaqs, updateFaqsAsAdmin } from "./admin-service";
import { FaqModel } from "./model";

export const adminFaqApi = (deps: AppDeps) => {
  const db = deps.database.db;
  return new Elysia({ name: "admin-faq-api", prefix: "/api/admin/faq" })
    .use(context(deps))
    .guard({ auth: "admin" })
    .get("/search", ({ query }) => searchFaqs(db, query), {
      query: FaqSearchQuery,
      response: FaqsPage,
      detail: operation("FAQ (admin)", "admin", "Search FAQs"),
    })
    .get("/:id", ({ params }) => getFaqForAdmin(db, params.id), {
      params: FaqIdParams,
      response: FaqModel,
      detail: operation("FAQ (admin)", "admin", "Read an FAQ with its admin fields"),
    })
    .post("", async ({ actor, body, request, status }) => status(201, await createFaqAsAdmin(db, body, auditBy(actor, request))), {
      ...strictBody(NewFaq),
      response: { 201: CreatedFaq },
      detail: operation("FAQ (admin)", "admin", "Create an FAQ"),
    })
    .patch("", ({ actor, body, request }) => updateFaqsAsAdmin(db, body.faqIDs, body.updatedFields, auditBy(actor, request)), {
      ...strictBody(FaqsPatch),
      response: FaqsBulkAnswer,
      detail: operation("FAQ (admin)", "admin", "Change several FAQs"),
    })
    .delete("", ({ actor, query, request }) => deleteFaqsAsAdmin(db, query.faqIDs, auditBy(actor, request)), {
      query: FaqsDeleteQuery,
      response: FaqsBulkAnswer,
      detail: operation("FAQ (admin)", "admin", "Delete several FAQs"),
    });
};
