// Schema pieces every list endpoint shares: the page number and sort order it reads, and the
// shape of the page it answers (SPEC.md: the items under their own key, then the paging facts).
import { type TSchema, t } from "elysia";

export const PageNumber = t.Optional(t.Integer({ minimum: 1, maximum: 100_000, error: "Expected a page number from 1" }));
export const CreatedSort = t.Optional(t.Union([t.Literal("-createdAt"), t.Literal("createdAt")]));

export const pageAnswer = <K extends string, T extends TSchema>(key: K, item: T) =>
  t.Object({
    ...({ [key]: t.Array(item) } as Record<K, ReturnType<typeof t.Array<T>>>),
    pagesCount: t.Integer(),
    canLoadMore: t.Boolean(),
    totalCount: t.Integer(),
    totalCountCapped: t.Boolean(),
  });
