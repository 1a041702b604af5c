// /api/users/me/billing-details: the signed-in customer's own billing details, read and changed.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { operation } from "../../http/openapi";
import { strictBody } from "../../http/unknown-fields";
import { BillingDetailsAnswer, BillingDetailsBody, BillingDetailsSaved } from "./model";
import { getBillingDetails, updateBillingDetails } from "./service";

export const billingDetailsApi = (deps: AppDeps) =>
  new Elysia({ name: "billing-details-api", prefix: "/api/users/me/billing-details" })
    .use(context(deps))
    .guard({ auth: "user" })
    .get("/", async ({ actor }) => ({ billingDetails: await getBillingDetails(deps, actor) }), {
      response: BillingDetailsAnswer,
      detail: operation("Account", "signed-in", "Your billing details, as new invoices will show them"),
    })
    .patch("/", ({ actor, body }) => updateBillingDetails(deps, actor, body), {
      ...strictBody(BillingDetailsBody),
      response: BillingDetailsSaved,
      detail: operation("Account", "signed-in", "Set or clear your billing details (name, company, address, tax ID) for new invoices"),
    });
