// Cron schedules: work that runs once per occurrence across the whole cluster, whichever
// instance's cron pass comes first (pg-boss keeps the schedule in the database, so registering it
// at every start-up is idempotent). Times are UTC.
//
// To add one (invoice reminders, upload litter...): write the handler in the domain that owns the
// work, then add its queue name to ScheduledJobs and one entry to `schedules` below. Nothing else.
import type { AppDeps } from "../../deps";
import { pruneRateLimits } from "../../http/rate-limit";
import { pruneExpiredSessions } from "../../http/sessions";
import type { JobQueue, QueueSettings } from "../../lib/jobs";

/** Scheduled jobs carry no payload: each run looks at the database as it is. */
type NoPayload = Record<string, never>;

export type ScheduledJobs = {
  "sessions.prune": NoPayload;
  "rate-limits.prune": NoPayload;
};

type Schedule = { name: keyof ScheduledJobs; cron: string; run: (deps: Pick<AppDeps, "database" | "config" | "log">) => Promise<unknown> };

const HOURLY = "0 * * * *";

const schedules: Schedule[] = [
  { name: "sessions.prune", cron: HOURLY, run: (deps) => pruneExpiredSessions(deps.database.db) },
  { name: "rate-limits.prune", cron: HOURLY, run: (deps) => pruneRateLimits(deps.database.db) },
];

// A missed run is simply done by the next one, so no retries: a failure is logged and waits an hour.
export const scheduledQueues = Object.fromEntries(schedules.map((schedule) => [schedule.name, { retryLimit: 0 }])) as {
  [Name in keyof ScheduledJobs]: QueueSettings;
};

export async function startSchedules(deps: Pick<AppDeps, "database" | "config" | "log"> & { jobs: JobQueue<ScheduledJobs> }): Promise<void> {
  for (const schedule of schedules) {
    await deps.jobs.work(schedule.name, {}, async () => {
      await schedule.run(deps);
    });
    await deps.jobs.schedule(schedule.name, schedule.cron, {});
  }
}
