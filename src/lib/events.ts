// Cross-instance events on Postgres LISTEN/NOTIFY, e.g. "this project changed, refresh it".
// Delivery is at-most-once: a subscriber that is disconnected when an event fires misses it, so
// events are hints to re-read the database; anything that must not be lost is a job instead.
//
// Publishing is `select pg_notify(...)` through Drizzle, so inside a transaction the event fires
// only if and when it commits. Subscribing needs the driver: Bun.SQL holds one dedicated LISTEN
// connection per client (and listens again after reconnecting); PGlite delivers in-process.
import { sql } from "drizzle-orm";
import type { Database, Db } from "./db";
import type { Json } from "./json";

/** Channel → payload type. */
export type EventMap = Record<string, Json>;

export type EventBus<Events extends EventMap> = {
  /** Notifies every subscriber of every instance; with `tx`, only once that transaction commits. */
  publish<Channel extends keyof Events & string>(channel: Channel, payload: Events[Channel], options?: { tx?: Db }): Promise<void>;
  /** Calls `handler` for each event on the channel; resolves once listening, with the unsubscribe. */
  subscribe<Channel extends keyof Events & string>(channel: Channel, handler: (payload: Events[Channel]) => void | Promise<void>): Promise<() => Promise<void>>;
};

// Lowercase identifiers only: PGlite's LISTEN folds case while Bun.SQL quotes the name, so
// "Projects" would be two different channels. Postgres caps identifiers at 63 bytes.
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
// NOTIFY refuses payloads of 8000 bytes or more.
const MAX_PAYLOAD_BYTES = 7_999;

export function createEventBus<Events extends EventMap>(database: Pick<Database, "db" | "driver">, options: { log: (line: string) => void }): EventBus<Events> {
  const { driver } = database;

  async function listen(channel: string, onPayload: (text: string) => void): Promise<() => Promise<void>> {
    if (driver.kind === "pglite") return driver.client.listen(channel, onPayload);
    const subscription = await driver.client.listen(channel, onPayload);
    return () => subscription.unlisten();
  }

  return {
    async publish(channel, payload, publishOptions = {}) {
      assertChannel(channel);
      const text = JSON.stringify(payload);
      if (new TextEncoder().encode(text).length > MAX_PAYLOAD_BYTES) {
        throw new Error(`events: payload for ${channel} exceeds ${MAX_PAYLOAD_BYTES} bytes; send an id and let subscribers read the rest`);
      }
      await (publishOptions.tx ?? database.db).execute(sql`select pg_notify(${channel}, ${text})`);
    },

    async subscribe(channel, handler) {
      assertChannel(channel);
      return listen(channel, (text) => {
        // One failing subscriber must neither break the shared listener nor the other subscribers.
        // The text is what `publish` stringified from an `Events[Channel]`.
        void (async () => handler(JSON.parse(text) as Events[typeof channel]))().catch((error: unknown) => {
          options.log(`events: a ${channel} subscriber failed: ${error instanceof Error ? error.message : String(error)}`);
        });
      });
    },
  };
}

function assertChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`events: channel ${JSON.stringify(channel)} must be a lowercase identifier`);
}
