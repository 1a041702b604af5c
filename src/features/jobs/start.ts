// Starts this instance's share of the background work: every queue's worker and every schedule.
// Called by boot.ts once the queue is started; `jobs.stop()` in the graceful stop ends them all.
import type { AppDeps } from "../../deps";
import { startMailWorkers } from "../mail/worker";
import { startMessageWorker } from "../messages/service";
import { startAnnouncementWorker } from "../notifications/announcements";
import { startPaymentWorkers } from "../payments/checks";
import { startWebhookWorker } from "../webhooks/delivery";
import { startSchedules } from "./schedules";

export async function startJobWorkers(deps: AppDeps): Promise<void> {
  await startMailWorkers(deps);
  await startAnnouncementWorker(deps);
  await startMessageWorker(deps);
  await startPaymentWorkers(deps);
  await startWebhookWorker(deps);
  await startSchedules(deps);
}
