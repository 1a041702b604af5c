// A user's side of bug reports: sending one, and following the ones they sent.
import type { BugReport } from "../../../db/schema";
import { badRequest } from "../../http/errors";
import { enforceRateLimit } from "../../http/rate-limit";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import { type WebhookEmitter, emitWebhookEvent } from "../webhooks";
import { insertBugReport, listReportsBy } from "./queries";

const REPORTS_PER_HOUR = { name: "bug-report-user", max: 10, windowMs: 60 * 60 * 1000 };
/** Settings lists this many of a user's reports, newest first. */
const OWN_REPORTS_SHOWN = 50;

export async function createBugReport(db: Db, reporterId: string, input: { title: string; description: string }, webhooks?: WebhookEmitter): Promise<string> {
  const title = input.title.trim();
  const description = input.description.trim();
  const fields: Record<string, string> = {};
  if (!title) fields.title = "Title cannot be blank.";
  if (!description) fields.description = "Description cannot be blank";
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
  await enforceRateLimit(db, REPORTS_PER_HOUR, reporterId);
  const id = newId();
  await db.transaction(async (tx) => {
    await insertBugReport(tx, { id, title, description, reporterId });
    if (webhooks) await emitWebhookEvent(webhooks, tx, "bug_report.created", { bugReportId: id, title, description, reporterId });
  });
  return id;
}

export function listOwnBugReports(db: Db, userId: string): Promise<BugReport[]> {
  return listReportsBy(db, userId, OWN_REPORTS_SHOWN);
}

/** What the reporter reads in the bell when an admin resolves (or reopens) their report. */
export function reportStatusMessage(title: string, resolved: boolean): string {
  return resolved ? `Your bug report "${title}" was marked resolved. Thank you for telling us.` : `Your bug report "${title}" is open again.`;
}
