// The announcement fan-out's job: its payload and queue settings, apart from the fan-out itself so
// the job registry (and through it Deps) never imports code that takes Deps.
import type { QueueSettings } from "../../lib/jobs";

export type AnnouncementJobs = { "announcement.fan-out": { announcementId: string } };

export const announcementQueues = {
  // A failed batch rolls back whole, so retrying soon is safe; a database outage gets a few minutes.
  // A run whose instance died (kill -9, lost host) is noticed by its missing heartbeat within
  // 10 s (plus a supervise interval) and resumed elsewhere; the expiry only bounds a live run, and
  // stays long because each expiry of a big fan-out that is still progressing spends a retry.
  "announcement.fan-out": {
    retryLimit: 10,
    retryDelaySeconds: 5,
    retryBackoff: true,
    retryDelayMaxSeconds: 300,
    expireInSeconds: 900,
    heartbeatSeconds: 10,
  },
} satisfies { [Name in keyof AnnouncementJobs]: QueueSettings };
