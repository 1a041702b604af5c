// The names of the cron schedules (schedules.ts) and their queue settings, apart from the handlers
// so the job registry (and through it Deps) never imports code that takes Deps.
import type { QueueSettings } from "../../lib/jobs";

const SCHEDULED_JOBS = [
  "sessions.prune",
  "rate-limits.prune",
  "live-events.prune",
  "uploads.litter",
  "payments.invoice-reminders",
  "payments.overdue-deletions",
  "payments.reconcile",
] as const;

/** Scheduled jobs carry no payload: each run looks at the database as it is. */
export type ScheduledJobs = Record<(typeof SCHEDULED_JOBS)[number], Record<string, never>>;

// A missed run is simply done by the next one, so no retries: a failure is logged and waits an hour.
export const scheduledQueues = Object.fromEntries(SCHEDULED_JOBS.map((name) => [name, { retryLimit: 0 }])) as {
  [Name in keyof ScheduledJobs]: QueueSettings;
};
