// Cron schedules: work that runs once per occurrence across the whole cluster, whichever
// instance's cron pass comes first (pg-boss keeps the schedule in the database, so registering it
// at every start-up is idempotent). Times are UTC.
//
// To add one (invoice reminders, upload litter...): write the handler in the domain that owns the
// work, then add its queue name to SCHEDULED_JOBS (src/lib/job-queues.ts) and one entry to `schedules` below.
import type { AppDeps } from "../../deps";
import { pruneRateLimits } from "../../http/rate-limit";
import { pruneExpiredSessions } from "../../http/sessions";
import type { ScheduledJobs } from "../../lib/job-queues";
import { removeOrphanedUploads, removeUploadLitter } from "../../lib/storage";
import { pruneSignInTickets } from "../auth";
import { pruneLiveEvents } from "../live";
import { messageAttachmentUploads } from "../messages";
import { reconcilePayments, sendInvoiceReminders } from "../payments";
import { deleteOverdueProjects, projectImageUploads } from "../projects";
import { profilePhotoUploads } from "../settings";

type Schedule = { name: keyof ScheduledJobs; cron: string; run: (deps: AppDeps) => Promise<unknown> };

const HOURLY = "0 * * * *";
const HOUR_MS = 60 * 60 * 1000;

export const schedules: Schedule[] = [
  { name: "sessions.prune", cron: HOURLY, run: (deps) => pruneExpiredSessions(deps.database.db) },
  // Attempt counters: the rate limiter's, and the MFA sign-in tickets' past their 5 minutes (decision 088).
  {
    name: "rate-limits.prune",
    cron: HOURLY,
    run: async (deps) => {
      await pruneRateLimits(deps.database.db);
      await pruneSignInTickets(deps.database.db);
    },
  },
  { name: "live-events.prune", cron: "*/10 * * * *", run: (deps) => pruneLiveEvents(deps.database.db, new Date()) },
  // Files a crash left half-written, and stored objects no row names (decision 082); an hour's
  // margin keeps uploads whose transaction has not committed yet safe.
  { name: "uploads.litter", cron: "20 * * * *", run: (deps) => removeUploadsWithoutRows(deps, new Date(deps.now().getTime() - HOUR_MS)) },
  // The 7-day rule (decision 019): both are idempotent functions of the time.
  { name: "payments.invoice-reminders", cron: "5 * * * *", run: (deps) => sendInvoiceReminders(deps, new Date()) },
  { name: "payments.overdue-deletions", cron: "35 * * * *", run: (deps) => deleteOverdueProjects(deps, new Date()) },
  // The app's card payments and refunds of the last days against Stripe's (decision 084).
  { name: "payments.reconcile", cron: "15 4 * * *", run: (deps) => reconcilePayments(deps, deps.now()) },
];

async function removeUploadsWithoutRows(deps: AppDeps, olderThan: Date): Promise<void> {
  await removeUploadLitter(deps.storage, olderThan);
  const db = deps.database.db;
  const removed = await removeOrphanedUploads(deps.storage, [projectImageUploads(db), messageAttachmentUploads(db), profilePhotoUploads(db)], olderThan);
  if (removed.length > 0) deps.log(`uploads: removed ${removed.length} stored objects that no row names`);
}

export async function startSchedules(deps: AppDeps): Promise<void> {
  for (const schedule of schedules) {
    await deps.jobs.work(schedule.name, {}, async () => {
      await schedule.run(deps);
    });
    await deps.jobs.schedule(schedule.name, schedule.cron, {});
  }
}
