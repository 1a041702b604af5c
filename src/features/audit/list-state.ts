// The /admin/audit list keeps its state in the query string (decision 013): actor, action,
// target type, target search, a range of days and the page. Bad values fall back to "any".
import { linkTo } from "../../render/list-links";
import { type AuditAction, type AuditTargetType, auditActions, auditTargetTypes } from "../../shared/enums";
import { readPage, readTitle } from "../../shared/lists";

export type AuditListState = {
  actor: string;
  action?: AuditAction;
  targetType?: AuditTargetType;
  target: string;
  from?: string;
  to?: string;
  page: number;
};

/** A real YYYY-MM-DD day, or nothing. */
function readDay(value: string | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const day = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value ? value : undefined;
}

export function readAuditListState(params: URLSearchParams): AuditListState {
  return {
    actor: readTitle(params.get("actor")),
    action: auditActions.find((action) => action === params.get("action")),
    targetType: auditTargetTypes.find((type) => type === params.get("targetType")),
    target: readTitle(params.get("target")),
    from: readDay(params.get("from")),
    to: readDay(params.get("to")),
    page: readPage(params.get("page")),
  };
}

export const auditListParams = (state: AuditListState) => ({
  actor: state.actor,
  action: state.action,
  targetType: state.targetType,
  target: state.target,
  from: state.from,
  to: state.to,
  page: state.page,
});

export const auditListLink = (state: AuditListState, page: number): string => linkTo("/admin/audit", auditListParams({ ...state, page }));
