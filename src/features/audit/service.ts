// Reading the audit log: the admin page, GET /api/admin/audit and the CSV export share one
// filter reader, so the export holds exactly the rows the page lists.
import type { AuditEntryRow } from "../../../db/schema";
import { badRequest } from "../../http/errors";
import type { CsvValue } from "../../lib/csv";
import { type Db, EXPORT_BATCH, everyRow } from "../../lib/db";
import { AUDIT_PAGE_SIZE, type PageInfo, pageInfo } from "../../shared/lists";
import type { AuditEntryModel, AuditSearchQuery } from "./model";
import { type AuditFilters, searchAuditRows } from "./queries";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A YYYY-MM-DD day as its first instant (UTC); a day that does not exist (2026-02-30) is a 400 naming the field. */
function dayStart(value: string, field: "from" | "to"): Date {
  const day = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    throw badRequest(`${field} is not a real date: ${value}.`, { [`query.${field}`]: "Expected a date as YYYY-MM-DD" });
  }
  return day;
}

export function auditFiltersOf(query: Omit<AuditSearchQuery, "page">): AuditFilters {
  const from = query.from ? dayStart(query.from, "from") : undefined;
  const to = query.to ? new Date(dayStart(query.to, "to").getTime() + DAY_MS) : undefined;
  return {
    actor: query.actor?.trim() || undefined,
    action: query.action,
    targetType: query.targetType,
    target: query.target?.trim() || undefined,
    from,
    to,
  };
}

function toAuditEntryModel(row: AuditEntryRow): AuditEntryModel {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: { id: row.actorId, email: row.actorEmail, name: row.actorName },
    action: row.action,
    target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
    before: row.before,
    after: row.after,
    sourceIp: row.sourceIp,
    requestId: row.requestId,
  };
}

export async function searchAudit(db: Db, query: AuditSearchQuery): Promise<{ entries: AuditEntryModel[] } & PageInfo> {
  const page = query.page ?? 1;
  const { rows, ...counted } = await searchAuditRows(db, auditFiltersOf(query), { page, pageSize: AUDIT_PAGE_SIZE });
  return { entries: rows.map(toAuditEntryModel), ...pageInfo(counted, page, AUDIT_PAGE_SIZE) };
}

export const AUDIT_CSV_HEADER = [
  "Time",
  "Actor ID",
  "Actor e-mail",
  "Actor name",
  "Action",
  "Target type",
  "Target ID",
  "Target",
  "Before",
  "After",
  "Source address",
  "Request ID",
];

const json = (values: Record<string, unknown> | null): string => (values ? JSON.stringify(values) : "");

/** Every entry the filters match (not only the page shown), newest first, as CSV rows. */
export async function* auditCsvRows(db: Db, filters: AuditFilters): AsyncGenerator<CsvValue[]> {
  for await (const row of everyRow((page) => searchAuditRows(db, filters, { page, pageSize: EXPORT_BATCH }), EXPORT_BATCH)) {
    yield [
      row.createdAt,
      row.actorId,
      row.actorEmail,
      row.actorName,
      row.action,
      row.targetType,
      row.targetId,
      row.targetLabel,
      json(row.before),
      json(row.after),
      row.sourceIp,
      row.requestId,
    ];
  }
}
