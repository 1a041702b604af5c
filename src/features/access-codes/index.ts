// The access-codes feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.

import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { accessCodesApi, adminAccessCodesApi } from "./api";
import { accessCodePages } from "./pages";

export { ACCESS_CODE_CSV_HEADER, accessCodeCsvRows, claimCodeFor, isCodeFree, listAccessCodes, normalizeAccessCode } from "./service";

/** The access-codes feature as src/app.ts mounts it: its pages, and its JSON API as `.api` (src/http/feature.ts). */
export const accessCodesFeature = (deps: AppDeps) =>
  feature(
    "access-codes",
    { api: new Elysia({ name: "access-codes-feature-api" }).use(accessCodesApi(deps)).use(adminAccessCodesApi(deps)) },
    accessCodePages(deps),
  );
