// Every job this app has, in one place: the queue names, their payloads (the JobMap that types
// `deps.jobs`) and their retry settings. pg-boss must know every queue at start-up (on PGlite a
// queue unknown at start cannot be sent to inside a transaction), and Deps is typed from this
// map, so it holds only data: the handlers stay in the domain that owns the work.

import type { MailAttachment, MessageSide } from "../shared/enums";
import type { JobQueue, QueueSettings } from "./jobs";

// Mail (handlers: src/features/mail).
/** A message as a job carries it: JSON, so absent parts are null. */
/** A queued message; attachments (the invoice PDF) travel base64-encoded in the job's JSON. */
export type MailJob = {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
  attachments: MailAttachment[] | null;
  /**
   * Set on an announcement: the user it is for. The worker sends it only if that user still
   * exists and still has e-mail announcements on when its turn comes.
   */
  announcementFor?: string;
};

/** The mail domain's queues: delivery, and where pg-boss moves a mail whose retries are spent. */
export type MailJobs = { mail: MailJob; "mail.dead": MailJob };

export const mailQueues = {
  mail: {
    // 5 s, 10 s, 20 s ... then hourly: 60 retries keep a mail trying for about two days.
    retryLimit: 60,
    retryDelaySeconds: 5,
    retryBackoff: true,
    retryDelayMaxSeconds: 3_600,
    deadLetter: "mail.dead",
    // The mailer's own timeouts fail a stuck send within seconds; this only bounds a live worker.
    expireInSeconds: 120,
    // A worker refreshes the jobs in hand, so the jobs a killed instance held are retried
    // elsewhere within seconds instead of after the expiry.
    heartbeatSeconds: 10,
  },
  "mail.dead": {},
} satisfies { [Name in keyof MailJobs]: QueueSettings };

// The message thread's unread-mail job (handler: src/features/messages/service.ts).
export type MessageJobs = { "messages.unread-mail": { projectId: string; side: MessageSide } };
export const messageQueues = { "messages.unread-mail": { policy: "short", retryLimit: 5, retryDelaySeconds: 30 } } satisfies {
  [Name in keyof MessageJobs]: QueueSettings;
};

// The announcement fan-out (handler: src/features/notifications/announcements.ts).
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

// The payments domain's jobs: one refund asked of Stripe per job (decision 084; handler:
// src/features/payments/checks.ts).
/** `refundId` is the pending refund record; its payment names the payment intent to refund. */
export type PaymentJobs = { "payments.refund": { refundId: string } };

/** Attempts of a refund before it is marked failed (a refusal by Stripe fails it at once). */
export const REFUND_RETRY_LIMIT = 8;

export const paymentQueues = {
  // 10 s, 20 s, 40 s ... capped at an hour: about four hours of trying while Stripe is unreachable.
  "payments.refund": { retryLimit: REFUND_RETRY_LIMIT, retryDelaySeconds: 10, retryBackoff: true, retryDelayMaxSeconds: 3_600, expireInSeconds: 120 },
} satisfies { [Name in keyof PaymentJobs]: QueueSettings };

// The webhook delivery job (decision 087; handler: src/features/webhooks/delivery.ts).
/** One attempt of one delivery; `manual` is an admin's Resend, which is tried once. */
export type WebhookJobs = { "webhooks.deliver": { deliveryId: string; attempt: number; manual: boolean } };

export const webhookQueues = {
  // The retry schedule is the delivery's own (each attempt queues the next one, delivery.ts): the
  // queue retries only an attempt that crashed before recording its outcome.
  "webhooks.deliver": { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 60 },
} satisfies { [Name in keyof WebhookJobs]: QueueSettings };

// Cron schedules (handlers: src/features/jobs/schedules.ts): to add one, add its queue name here
// and one entry to `schedules` there.
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

export type AppJobs = MailJobs & AnnouncementJobs & ScheduledJobs & MessageJobs & PaymentJobs & WebhookJobs;

export const appQueues = { ...mailQueues, ...announcementQueues, ...scheduledQueues, ...messageQueues, ...paymentQueues, ...webhookQueues } satisfies {
  [Name in keyof AppJobs]: QueueSettings;
};

export type AppJobQueue = JobQueue<AppJobs>;
