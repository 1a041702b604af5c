// Bodies and answers of the admin bug report API (SPEC.md §3 Bug report, §7 Bug reports).
import { t } from "elysia";
import { AnsweredInteger, CreatedSort, PageNumber, pageAnswer } from "../../http/schemas";
import { ID_PATTERN } from "../../lib/ids";

export const MAX_BULK_BUG_REPORTS = 100;
export const TITLE_MAX = 200;
export const TEXT_MAX = 5000;

const Id = t.String({ pattern: ID_PATTERN, error: "Expected an id of 26 letters and digits" });

export const BugReportModel = t.Object({
  _id: t.String(),
  title: t.String(),
  description: t.String(),
  notes: t.String(),
  resolved: t.Boolean(),
  highPriority: t.Boolean(),
  archived: t.Boolean(),
  createdAt: t.String(),
  resolvedAt: t.Union([t.String(), t.Null()]),
  archivedAt: t.Union([t.String(), t.Null()]),
  /** The reporting user's id; null once their account is deleted. */
  reporter: t.Union([t.String(), t.Null()]),
  reporterName: t.Union([t.String(), t.Null()]),
  reporterEmail: t.Union([t.String(), t.Null()]),
});
export type BugReportModel = typeof BugReportModel.static;

export const BugReportSearchQuery = t.Object({
  page: PageNumber,
  /** Resolved and Unresolved are mutually exclusive. */
  status: t.Optional(t.Union([t.Literal("resolved"), t.Literal("unresolved")])),
  highPriority: t.Optional(t.Boolean()),
  /** true lists archived reports only; without it only reports that are not archived. */
  archived: t.Optional(t.Boolean()),
  title: t.Optional(t.String({ maxLength: TITLE_MAX })),
  sortby: CreatedSort,
});
export type BugReportSearchQuery = typeof BugReportSearchQuery.static;

export const BugReportsPage = pageAnswer("bugReports", BugReportModel);

export const Timeframe = t.Union([t.Literal("week"), t.Literal("month"), t.Literal("year")]);
export type Timeframe = typeof Timeframe.static;
export const StatsQuery = t.Object({ timeframe: t.Optional(Timeframe) });
export const BugReportStats = t.Object({
  reportsCount: AnsweredInteger(),
  resolvedCount: AnsweredInteger(),
  archivedCount: AnsweredInteger(),
  reportsPercentDelta: t.Number(),
  resolvedPercentDelta: t.Number(),
  archivedPercentDelta: t.Number(),
});
export type BugReportStats = typeof BugReportStats.static;

export const NewBugReport = t.Object(
  {
    title: t.String({ maxLength: TITLE_MAX, error: `Title must be text of at most ${TITLE_MAX} characters.` }),
    description: t.String({ maxLength: TEXT_MAX, error: `Description must be text of at most ${TEXT_MAX} characters.` }),
  },
  { additionalProperties: false },
);

export const BugReportFields = t.Object(
  {
    title: t.Optional(t.String({ maxLength: TITLE_MAX })),
    description: t.Optional(t.String({ maxLength: TEXT_MAX })),
    notes: t.Optional(t.String({ maxLength: TEXT_MAX })),
    resolved: t.Optional(t.Boolean()),
    highPriority: t.Optional(t.Boolean()),
    archived: t.Optional(t.Boolean()),
  },
  { additionalProperties: false, minProperties: 1, error: "updatedFields must name at least one field to change." },
);
export type BugReportFields = typeof BugReportFields.static;

export const BugReportsPatch = t.Object(
  { bugReportIDs: t.Array(Id, { minItems: 1, maxItems: MAX_BULK_BUG_REPORTS }), updatedFields: BugReportFields },
  { additionalProperties: false },
);

/** `bugReportIDs` joined by '-' (SPEC.md §7). */
export const BugReportsDeleteQuery = t.Object({ bugReportIDs: t.String({ minLength: 1, maxLength: MAX_BULK_BUG_REPORTS * 27 }) });

export const BugReportIdParams = t.Object({ id: t.String({ maxLength: 64 }) });
export const CreatedBugReport = t.Object({ message: t.String(), bugReportID: t.String() });
export const BugReportsBulkAnswer = t.Object({ message: t.String(), bugReportIDs: t.Array(t.String()) });
