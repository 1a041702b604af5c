// Everything a feature may use, built once in main.ts (or a test) and handed to createApp.
import type { Config } from "./config";
import type { Sealer } from "./lib/crypto";
import type { Database } from "./lib/db";
import type { Mailer } from "./lib/mail";
import type { Storage } from "./lib/storage";
import type { Assets } from "./render/assets";

export type AppDeps = {
  config: Config;
  database: Database;
  storage: Storage;
  mailer: Mailer;
  /** Nudges the outbox worker after a transaction that enqueued mail has committed. */
  wakeOutbox: () => void;
  assets: Assets;
  sealer: Sealer;
  log: (line: string) => void;
  /** True once a graceful stop has begun: /ready answers 503 so load balancers send no new requests. */
  isDraining: () => boolean;
};
