// Every job this app has, in one place: the queue names, their payloads (the JobMap that types
// `deps.jobs`) and their retry settings. Each domain owns its jobs' payloads, settings and
// handlers; this registry only gathers them, because pg-boss must know every queue at start-up
// (on PGlite a queue unknown at start cannot be sent to inside a transaction).
import type { JobQueue, QueueSettings } from "../../lib/jobs";
import { type MailJobs, mailQueues } from "../mail/outbox";
import { type MessageJobs, messageQueues } from "../messages/jobs";
import { type AnnouncementJobs, announcementQueues } from "../notifications/announcement-jobs";
import { type PaymentJobs, paymentQueues } from "../payments/jobs";
import { type WebhookJobs, webhookQueues } from "../webhooks/jobs";
import { type ScheduledJobs, scheduledQueues } from "./scheduled-jobs";

export type AppJobs = MailJobs & AnnouncementJobs & ScheduledJobs & MessageJobs & PaymentJobs & WebhookJobs;

export const appQueues = { ...mailQueues, ...announcementQueues, ...scheduledQueues, ...messageQueues, ...paymentQueues, ...webhookQueues } satisfies {
  [Name in keyof AppJobs]: QueueSettings;
};

export type AppJobQueue = JobQueue<AppJobs>;
