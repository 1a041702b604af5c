// Everything a feature may use, built once in main.ts (or a test) and handed to createApp.
import type { Config } from "./config";
import type { AppJobQueue } from "./features/jobs/queues";
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
  /** The job queue (pg-boss in this database); `send(..., { tx })` enqueues inside a transaction. */
  jobs: AppJobQueue;
  assets: Assets;
  sealer: Sealer;
  log: (line: string) => void;
};
