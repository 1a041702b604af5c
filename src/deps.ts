// Everything a feature may use, built once in main.ts (or a test) and handed to createApp.
import type { Config } from "./config";
import type { Assets } from "./lib/built-assets";
import type { Sealer } from "./lib/crypto";
import type { Database } from "./lib/db";
import type { EventBus } from "./lib/events";
import type { AppJobQueue } from "./lib/job-queues";
import type { Log } from "./lib/log";
import type { Mailer } from "./lib/mail";
import type { Metrics } from "./lib/metrics";
import type { SseHub } from "./lib/sse";
import type { Storage } from "./lib/storage";
import type { Payments } from "./lib/stripe";
import type { Tickets } from "./lib/tickets";
import type { LiveEvent } from "./shared/live-events";
import type { NotificationItem } from "./shared/notifications";

/** A live events log row as its trigger announces it (db/migrations/0004_live_events.sql). */
export type LiveEventWire = LiveEvent & { id: number; audience: string };

/** The cross-instance event channels (LISTEN/NOTIFY) and their payloads. */
export type AppEvents = {
  /** Every live events row, published by the log's own trigger at commit. */
  live_events: LiveEventWire;
  /** Data behind public pages changed (a trigger on faqs): drop the anonymous render cache. */
  public_pages_changed: { table: string };
  /** A session row was deleted (sign-out, revocation, expiry, the account's deletion): its streams end. */
  session_ended: { sessionId: string; userId: string };
  /** What decides a user's roles changed (flags, keys, second factor): their streams reconnect. */
  user_access_changed: { userId: string };
  /** A session opened a sixth live stream: the instance holding each of these (the oldest) ends it. */
  live_streams_evicted: { streamIds: string[] };
};

export type AppDeps = {
  config: Config;
  database: Database;
  storage: Storage;
  mailer: Mailer;
  /** The job queue (pg-boss in this database); `send(..., { tx })` enqueues inside a transaction. */
  jobs: AppJobQueue;
  /** Card payments through Stripe Checkout; null without STRIPE_SECRET_KEY. */
  payments: Payments | null;
  /** Cross-instance events; delivered at most once, so a hint to re-read. */
  events: EventBus<AppEvents>;
  /** This instance's open Server-Sent Event streams. */
  liveStreams: SseHub;
  /** This process, random at each start: it names the rows it holds in shared tables (its open live streams). */
  instanceId: string;
  assets: Assets;
  sealer: Sealer;
  /** Short-lived signed tokens carried between two steps (sign-in code, MFA setup, temporary password). */
  tickets: Tickets;
  /** pino underneath; `log(line)` is info, `log.warn({...}, msg)` and friends add fields. */
  log: Log;
  /** The current time for rules that run on dates (the revision window); tests move it. */
  now: () => Date;
  /** Prometheus metrics (GET /metrics); null while METRICS_TOKEN is unset. */
  metrics: Metrics | null;
  /** The bell's latest notifications for a signed-in page; built in boot.ts from the notifications feature. */
  loadBell: (userId: string) => Promise<NotificationItem[]>;
  /** True once a graceful stop has begun: /ready answers 503 so load balancers send no new requests. */
  isDraining: () => boolean;
};
