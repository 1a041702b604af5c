import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { clientIp } from "../../http/client-ip";
import { context } from "../../http/context";
import { operation } from "../../http/openapi";
import { enforceRateLimit } from "../../http/rate-limit";
import { strictBody } from "../../http/unknown-fields";
import { auditBy } from "../audit";
import {
  AccessCodeIdParams,
  AccessCodeModel,
  AccessCodeSearchQuery,
  AccessCodesBulkAnswer,
  AccessCodesDeleteQuery,
  AccessCodesPage,
  CreatedAccessCode,
  IsValidAnswer,
  IsValidQuery,
  NewAccessCode,
} from "./model";
import { createAccessCode, deleteAccessCodes, getAccessCode, isAccessCodeValid, listAccessCodes } from "./service";

/** Checking codes is public (the wizard asks on every change), so it is limited per address against guessing. */
const IS_VALID_LIMIT = { name: "accesscodes-isvalid", max: 30, windowMs: 60_000 };

export const accessCodesApi = (deps: AppDeps) =>
  new Elysia({ name: "access-codes-api", prefix: "/api" }).use(context(deps)).get(
    "/accesscodes/isvalid",
    async ({ request, query }) => {
      await enforceRateLimit(deps.database.db, IS_VALID_LIMIT, clientIp(request));
      return { isValid: await isAccessCodeValid(deps.database.db, query.code) };
    },
    { query: IsValidQuery, response: IsValidAnswer, detail: operation("Access codes", "public", "Check an access code") },
  );

/** Admin calls: the role is checked before the request is validated, so outsiders learn nothing of its shape. */
export const adminAccessCodesApi = (deps: AppDeps) =>
  new Elysia({ name: "admin-access-codes-api", prefix: "/api/admin/accesscodes" })
    .use(context(deps))
    .guard({ auth: "admin" })
    .post("", async ({ actor, body, request, status }) => status(201, await createAccessCode(deps.database.db, body.title, auditBy(actor, request))), {
      ...strictBody(NewAccessCode),
      response: { 201: CreatedAccessCode },
      detail: operation("Access codes", "admin", "Create an access code"),
    })
    .get("/search", ({ query }) => listAccessCodes(deps, query), {
      query: AccessCodeSearchQuery,
      response: AccessCodesPage,
      detail: operation("Access codes", "admin", "Search access codes"),
    })
    .get("/:id", ({ params }) => getAccessCode(deps.database.db, params.id), {
      params: AccessCodeIdParams,
      response: AccessCodeModel,
      detail: operation("Access codes", "admin", "Read an access code"),
    })
    .delete("", ({ actor, query, request }) => deleteAccessCodes(deps.database.db, query.accessCodeIDs, auditBy(actor, request)), {
      query: AccessCodesDeleteQuery,
      response: AccessCodesBulkAnswer,
      detail: operation("Access codes", "admin", "Delete several unclaimed access codes"),
    });
