// The audit log's API shapes: GET /api/admin/audit reads the same filters as /admin/audit.
import { t } from "elysia";
import { PageNumber, pageAnswer } from "../../http/schemas";
import { auditActions, auditTargetTypes } from "../../shared/enums";

const AUDIT_TEXT_MAX = 200;
const Text = t.Optional(t.String({ maxLength: AUDIT_TEXT_MAX }));
const Day = t.Optional(t.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", error: "Expected a date as YYYY-MM-DD" }));

export const AuditSearchQuery = t.Object({
  page: PageNumber,
  /** Part of the admin's e-mail or name, or their id. */
  actor: Text,
  action: t.Optional(t.Union(auditActions.map((action) => t.Literal(action)))),
  targetType: t.Optional(t.Union(auditTargetTypes.map((type) => t.Literal(type)))),
  /** Part of the target's name, or its id. */
  target: Text,
  /** First and last day, inclusive (UTC). */
  from: Day,
  to: Day,
});
export type AuditSearchQuery = typeof AuditSearchQuery.static;

const Values = t.Union([t.Record(t.String(), t.Unknown()), t.Null()]);

export const AuditEntryModel = t.Object({
  _id: t.String(),
  createdAt: t.String(),
  actor: t.Object({ id: t.String(), email: t.String(), name: t.String() }),
  action: t.String(),
  target: t.Object({ type: t.String(), id: t.String(), label: t.String() }),
  before: Values,
  after: Values,
  sourceIp: t.String(),
  requestId: t.Union([t.String(), t.Null()]),
});
export type AuditEntryModel = typeof AuditEntryModel.static;

export const AuditPage = pageAnswer("entries", AuditEntryModel);
