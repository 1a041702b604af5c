// The Activity API's shapes: a project's timeline, newest first, paged.
import { t } from "elysia";
import { AnsweredInteger, PageNumber, pageAnswer } from "../../http/schemas";
import { activityFlags, activityKinds, paymentMethods, projectStatuses, projectTypes } from "../../shared/enums";

const literals = <const T extends string>(values: readonly [T, ...T[]]) => t.UnionEnum(values);

export const ActivityItem = t.Object({
  _id: t.String(),
  kind: literals(activityKinds),
  details: t.Object({
    projectType: t.Optional(literals(projectTypes)),
    status: t.Optional(literals(projectStatuses)),
    previousStatus: t.Optional(literals(projectStatuses)),
    flag: t.Optional(literals(activityFlags)),
    on: t.Optional(t.Boolean()),
    fields: t.Optional(t.Array(t.String())),
    invoiceNumber: t.Optional(AnsweredInteger()),
    method: t.Optional(literals(paymentMethods)),
    count: t.Optional(AnsweredInteger()),
  }),
  createdAt: t.String(),
  /** Null for the system (Stripe, the 7-day rule) or a deleted account. */
  actor: t.Union([t.Object({ _id: t.String(), displayName: t.String(), isStudio: t.Boolean() }), t.Null()]),
});
export type ActivityItem = typeof ActivityItem.static;

export const ActivityPage = pageAnswer("activity", ActivityItem);
export const ActivityQuery = t.Object({ page: PageNumber });
