import { badRequest } from "../../http/errors";
import { enforceRateLimit } from "../../http/rate-limit";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import { insertBugReport } from "./queries";

const REPORTS_PER_HOUR = { name: "bug-report-user", max: 10, windowMs: 60 * 60 * 1000 };

export async function createBugReport(db: Db, reporterId: string, input: { title: string; description: string }): Promise<string> {
  const title = input.title.trim();
  const description = input.description.trim();
  const fields: Record<string, string> = {};
  if (!title) fields.title = "Title cannot be blank.";
  if (!description) fields.description = "Description cannot be blank";
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
  await enforceRateLimit(db, REPORTS_PER_HOUR, reporterId);
  const id = newId();
  await insertBugReport(db, { id, title, description, reporterId });
  return id;
}
