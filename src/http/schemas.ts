// Schema pieces every list endpoint shares: the page number and sort order it reads, and the
// shape of the page it answers (SPEC.md: the items under their own key, then the paging facts).
import { type IntegerOptions, Type } from "@sinclair/typebox";
import { type TSchema, t } from "elysia";

/**
 * An integer in an answer, where it is always a number. Elysia's `t.Integer` also takes a numeric
 * string on the way in, which makes it a transform: Elysia then runs every answer that holds one
 * through TypeBox's generic encoding walk, and describes it as a string-or-integer union. Inputs
 * (a query's page number, a form's JSON) keep `t.Integer`.
 */
export const AnsweredInteger = (options?: IntegerOptions) => Type.Integer(options);

export const PageNumber = t.Optional(t.Integer({ minimum: 1, maximum: 100_000, error: "Expected a page number from 1" }));
export const CreatedSort = t.Optional(t.Union([t.Literal("-createdAt"), t.Literal("createdAt")]));

export const pageAnswer = <K extends string, T extends TSchema>(key: K, item: T) =>
  t.Object({
    ...({ [key]: t.Array(item) } as Record<K, ReturnType<typeof t.Array<T>>>),
    pagesCount: AnsweredInteger(),
    canLoadMore: t.Boolean(),
    totalCount: AnsweredInteger(),
    totalCountCapped: t.Boolean(),
  });
