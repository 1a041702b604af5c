// Everything a feature may use, built once in main.ts (or a test) and handed to createApp.
import type { Config } from "./config";
import type { Sealer } from "./lib/crypto";
import type { Database } from "./lib/db";
import type { Mailer } from "./lib/mail";
import type { Storage } from "./lib/storage";
import type { Payments } from "./lib/stripe";
import type { Assets } from "./render/assets";

export type AppDeps = {
  config: Config;
  database: Database;
  storage: Storage;
  mailer: Mailer;
  /** Card payments through Stripe Checkout; null without STRIPE_SECRET_KEY. */
  payments: Payments | null;
  /** Nudges the outbox worker after a transaction that enqueued mail has committed. */
  wakeOutbox: () => void;
  assets: Assets;
  sealer: Sealer;
  log: (line: string) => void;
};
