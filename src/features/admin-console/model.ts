// The admin search's query and answer (the command palette).
import { t } from "elysia";

export const AdminSearchQuery = t.Object({
  q: t.String({ minLength: 1, maxLength: 100, error: "q must be 1 to 100 characters." }),
});

export const AdminSearchHit = t.Object({
  kind: t.Union([t.Literal("page"), t.Literal("project"), t.Literal("customer"), t.Literal("access-code"), t.Literal("bug-report")]),
  title: t.String(),
  detail: t.String(),
  href: t.String(),
});
export type AdminSearchHit = typeof AdminSearchHit.static;

export const AdminSearchAnswer = t.Object({
  hits: t.Array(AdminSearchHit),
  /** False when `q` was too short to search the data (pages are still matched). */
  searchedData: t.Boolean(),
});
export type AdminSearchAnswer = typeof AdminSearchAnswer.static;
