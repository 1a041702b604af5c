// Request and response bodies of the access-code API (SPEC.md §3 Access code, §7).
import { t } from "elysia";
import { CreatedSort, PageNumber, pageAnswer } from "../../http/schemas";
import { TEXT_LIMITS } from "../../shared/wizard";

export const AccessCodeModel = t.Object({
  _id: t.String(),
  title: t.String(),
  code: t.String(),
  claimed: t.Boolean(),
  claimedAt: t.Union([t.String(), t.Null()]),
  claimedByProjectID: t.Union([t.String(), t.Null()]),
  createdAt: t.String(),
});
export type AccessCodeModel = typeof AccessCodeModel.static;

export const NewAccessCode = t.Object({ title: t.String({ maxLength: TEXT_LIMITS.short }) }, { additionalProperties: false });
export const CreatedAccessCode = t.Object({ message: t.String(), accessCodeID: t.String() });

export const AccessCodeSearchQuery = t.Object({
  /** true: claimed only; false: unclaimed only; absent: both. */
  claimed: t.Optional(t.Boolean()),
  title: t.Optional(t.String({ maxLength: TEXT_LIMITS.short })),
  page: PageNumber,
  sortby: CreatedSort,
});
export type AccessCodeSearchQuery = typeof AccessCodeSearchQuery.static;

export const MAX_BULK_ACCESS_CODES = 100;
/** `accessCodeIDs` joined by '-', as the other bulk deletes (SPEC.md §7). */
export const AccessCodesDeleteQuery = t.Object({ accessCodeIDs: t.String({ minLength: 1, maxLength: MAX_BULK_ACCESS_CODES * 27 }) });
export const AccessCodesBulkAnswer = t.Object({ message: t.String(), accessCodeIDs: t.Array(t.String()) });

export const AccessCodesPage = pageAnswer("accessCodes", AccessCodeModel);

export const AccessCodeIdParams = t.Object({ id: t.String({ maxLength: 100 }) });
export const IsValidQuery = t.Object({ code: t.String({ maxLength: 100 }) });
export const IsValidAnswer = t.Object({ isValid: t.Boolean() });
