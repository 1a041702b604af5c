// Access codes (SPEC.md §3, §4, §5): an admin creates one with a title; the server picks a code
// that cannot be guessed and is easy to read aloud; an order (or an admin) claims it exactly once.
import type { AccessCode } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, notFound } from "../../http/errors";
import { parseIdList } from "../../http/id-list";
import type { CsvValue } from "../../lib/csv";
import type { Db } from "../../lib/db";
import { EXPORT_BATCH, everyRow } from "../../lib/db";
import { newId } from "../../lib/ids";
import { SPOKEN_ALPHABET, randomText } from "../../lib/random-text";
import { ACCESS_CODES_PAGE_SIZE, DEFAULT_SORT, type PageInfo, pageInfo } from "../../shared/lists";
import { type AuditBy, recordAudit } from "../audit";
import { type AccessCodeModel, type AccessCodeSearchQuery, MAX_BULK_ACCESS_CODES } from "./model";
import { claimCode, deleteUnclaimedCodes, findAccessCode, insertAccessCode, isCodeUnclaimed, searchAccessCodes } from "./queries";

/** 12 symbols of 5 bits: 60 bits, far beyond guessing at 30 tries a minute. */
const CODE_GROUPS = 3;
const GROUP_LENGTH = 4;
const CODE_SHAPE = new RegExp(`^[${SPOKEN_ALPHABET}]{${CODE_GROUPS * GROUP_LENGTH}}$`);

export function generateAccessCode(): string {
  const raw = randomText(CODE_GROUPS * GROUP_LENGTH, SPOKEN_ALPHABET);
  return raw.match(new RegExp(`.{${GROUP_LENGTH}}`, "g"))!.join("-");
}

/**
 * The stored form of what someone typed: case, spaces and dashes do not matter, so a code read
 * aloud or typed without its dashes still matches. Null when it cannot be a code at all.
 */
export function normalizeAccessCode(input: string): string | null {
  const compact = input.replace(/[\s-]+/g, "").toUpperCase();
  if (!CODE_SHAPE.test(compact)) return null;
  return compact.match(new RegExp(`.{${GROUP_LENGTH}}`, "g"))!.join("-");
}

export function toAccessCodeModel(row: AccessCode): AccessCodeModel {
  return {
    _id: row.id,
    title: row.title,
    code: row.code,
    claimed: row.claimed,
    claimedAt: row.claimedAt?.toISOString() ?? null,
    claimedByProjectID: row.claimedByProjectId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createAccessCode(db: Db, title: string, by: AuditBy): Promise<{ message: string; accessCodeID: string }> {
  const trimmed = title.trim();
  if (!trimmed) throw badRequest("Title cannot be blank.", { title: "Title cannot be blank." });
  const id = newId();
  // A collision in 2^60 codes is all but impossible; retrying keeps the unique index the only judge.
  for (let attempt = 0; attempt < 5; attempt++) {
    const created = await db.transaction(async (tx) => {
      const inserted = await insertAccessCode(tx, { id, title: trimmed, code: generateAccessCode() });
      if (inserted) await recordAudit(tx, by, { action: "access_code.create", target: { type: "access_code", id, label: trimmed }, after: { title: trimmed } });
      return inserted;
    });
    if (created) {
      return { message: "Access code created.", accessCodeID: id };
    }
  }
  throw new Error("Could not find a free access code after 5 attempts");
}

export async function getAccessCode(db: Db, id: string): Promise<AccessCodeModel> {
  const row = await findAccessCode(db, id);
  if (!row) throw notFound("Access code not found.");
  return toAccessCodeModel(row);
}

export async function isAccessCodeValid(db: Db, input: string): Promise<boolean> {
  const code = normalizeAccessCode(input);
  return code !== null && (await isCodeUnclaimed(db, code));
}

const CLAIMED_KEPT = "Claimed access codes are kept: they record how a project was paid.";

/** Deletes unclaimed codes; claimed ones stay and the answer says how many. */
export async function deleteAccessCodes(db: Db, joinedIds: string, by: AuditBy): Promise<{ message: string; accessCodeIDs: string[] }> {
  const ids = parseIdList(joinedIds, "accessCodeIDs", MAX_BULK_ACCESS_CODES);
  const { deleted, kept } = await db.transaction(async (tx) => {
    const result = await deleteUnclaimedCodes(tx, ids);
    await recordAudit(
      tx,
      by,
      result.deleted.map((code) => ({
        action: "access_code.delete",
        target: { type: "access_code", id: code.id, label: code.title },
        before: { title: code.title },
        after: null,
      })),
    );
    return result;
  });
  if (deleted.length === 0) {
    if (kept.length > 0) throw conflict(CLAIMED_KEPT);
    throw notFound("No access code matched those ids.");
  }
  const message = deleted.length === 1 ? "Access code deleted." : `${deleted.length} access codes deleted.`;
  return { message: kept.length > 0 ? `${message} ${CLAIMED_KEPT}` : message, accessCodeIDs: deleted.map((code) => code.id) };
}

export const ACCESS_CODE_CSV_HEADER = ["ID", "Title", "Code", "Status", "Claimed by project", "Claimed", "Created"];

/** Every code the admin list's filters and search match, as CSV rows. */
export async function* accessCodeCsvRows(deps: Pick<AppDeps, "database">, query: AccessCodeSearchQuery): AsyncGenerator<CsvValue[]> {
  const filters = { claimed: query.claimed, title: query.title?.trim() || undefined, sortby: query.sortby ?? DEFAULT_SORT };
  for await (const code of everyRow((page) => searchAccessCodes(deps.database.db, { ...filters, page, pageSize: EXPORT_BATCH }), EXPORT_BATCH)) {
    yield [code.id, code.title, code.code, code.claimed ? "Claimed" : "Unclaimed", code.claimedByProjectId, code.claimedAt, code.createdAt];
  }
}

export async function listAccessCodes(deps: Pick<AppDeps, "database">, query: AccessCodeSearchQuery): Promise<{ accessCodes: AccessCodeModel[] } & PageInfo> {
  const page = query.page ?? 1;
  const { rows, ...counted } = await searchAccessCodes(deps.database.db, {
    claimed: query.claimed,
    title: query.title?.trim() || undefined,
    page,
    sortby: query.sortby ?? DEFAULT_SORT,
  });
  return { accessCodes: rows.map(toAccessCodeModel), ...pageInfo(counted, page, ACCESS_CODES_PAGE_SIZE) };
}

/** Whether a normalized code exists and no project has claimed it yet. */
export function isCodeFree(db: Db, code: string): Promise<boolean> {
  return isCodeUnclaimed(db, code);
}

/** Claims a normalized code for a project inside the caller's transaction; false when it is unknown or taken. */
export function claimCodeFor(tx: Db, code: string, projectId: string): Promise<boolean> {
  return claimCode(tx, code, projectId);
}
