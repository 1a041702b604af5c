// Starts this instance's share of the background work: every queue's worker and every schedule.
// Called by boot.ts once the queue is started; `jobs.stop()` in the graceful stop ends them all.
import type { AppDeps } from "../../deps";
import { startMailWorkers } from "../mail";
import { startMessageWorker } from "../messages";
import { startAnnouncementWorker } from "../notifications";
import { startPaymentWorkers } from "../payments";
import { startWebhookWorker } from "../webhooks";
import { startSchedules } from "./schedules";

export async function startJobWorkers(deps: AppDeps): Promise<void> {
  await startMailWorkers(deps);
  await startAnnouncementWorker(deps);
  await startMessageWorker(deps);
  await startPaymentWorkers(deps);
  await startWebhookWorker(deps);
  await startSchedules(deps);
}
