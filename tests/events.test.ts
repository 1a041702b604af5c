// Cross-instance events on the test database. On Postgres the two "instances" are two clients,
// each with its own LISTEN connection; on PGlite they share the one in-process database.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { type Database, openDatabase } from "../src/lib/db";
import { type EventBus, createEventBus } from "../src/lib/events";
import type { Json } from "../src/lib/json";
import { createTestDatabase } from "./helpers/db";
import { waitFor } from "./helpers/wait";

type Events = {
  project_changed: { projectId: string };
  anything: Json;
};

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;
let other: Database;
const logs: string[] = [];
const unsubscribes: (() => Promise<void>)[] = [];
let a: EventBus<Events>;
let b: EventBus<Events>;

beforeAll(async () => {
  database = await createTestDatabase();
  other = database.url ? await openDatabase({ databaseUrl: database.url, dataDir: "" }) : database;
  a = createEventBus<Events>(database, { log: (line) => logs.push(line) });
  b = createEventBus<Events>(other, { log: (line) => logs.push(line) });
  // Opening and migrating a database takes seconds on a busy machine.
}, 60_000);

afterEach(async () => {
  for (const unsubscribe of unsubscribes.splice(0)) await unsubscribe();
  logs.length = 0;
});

afterAll(async () => {
  if (other !== database) await other.close();
  await database.close();
});

/** Subscribes and collects what arrives, unsubscribing after the test. */
async function collect<C extends keyof Events & string>(bus: EventBus<Events>, channel: C): Promise<Events[C][]> {
  const received: Events[C][] = [];
  unsubscribes.push(await bus.subscribe(channel, (payload) => void received.push(payload)));
  return received;
}

describe(`events on ${process.env.TEST_DATABASE_URL ? "Postgres" : "PGlite"}`, () => {
  test("subscribers on two instances both receive an event published on one, within a second", async () => {
    const onA = await collect(a, "project_changed");
    const onB = await collect(b, "project_changed");

    await a.publish("project_changed", { projectId: "p1" });

    await waitFor("both subscribers", () => onA.length === 1 && onB.length === 1, 1_000);
    expect(onA).toEqual([{ projectId: "p1" }]);
    expect(onB).toEqual([{ projectId: "p1" }]);
  });

  test("an event published in a transaction fires on commit, and never when it rolls back", async () => {
    const received = await collect(b, "project_changed");

    const rolledBack = database.db.transaction(async (tx) => {
      await a.publish("project_changed", { projectId: "rolled-back" }, { tx });
      throw new Error("the change fails after the publish");
    });
    await expect(rolledBack).rejects.toThrow("the change fails after the publish");

    await database.db.transaction(async (tx) => {
      await a.publish("project_changed", { projectId: "committed" }, { tx });
      // Still uncommitted: nothing may arrive yet.
      await Bun.sleep(200);
      expect(received).toEqual([]);
    });

    // Events arrive in the order they were committed: one published after both arriving right after
    // the committed one shows that the rolled-back one never comes.
    await a.publish("project_changed", { projectId: "after" });
    await waitFor("the events", () => received.length === 2, 1_000);
    expect(received).toEqual([{ projectId: "committed" }, { projectId: "after" }]);
  });

  test("payloads round-trip through JSON unchanged", async () => {
    const received = await collect(b, "anything");
    const payloads: Json[] = [
      { text: "ünïcødé ✓ 'quotes' \"double\" $1 \\ backslash", n: -1.5, big: 2 ** 53 - 1, yes: true, no: false, none: null },
      [1, "two", [3], { four: 4 }],
      "a plain string",
      0,
      null,
    ];
    for (const payload of payloads) await a.publish("anything", payload);

    await waitFor("every payload", () => received.length === payloads.length, 1_000);
    expect(received).toEqual(payloads);
  });

  test("an unsubscribed handler hears nothing more, and a failing one is logged without silencing others", async () => {
    const gone: Events["project_changed"][] = [];
    const unsubscribe = await b.subscribe("project_changed", (payload) => void gone.push(payload));
    await unsubscribe();
    unsubscribes.push(await b.subscribe("project_changed", () => Promise.reject(new Error("handler broke"))));
    const kept = await collect(b, "project_changed");

    await a.publish("project_changed", { projectId: "p2" });

    await waitFor("the remaining subscriber", () => kept.length === 1, 1_000);
    await waitFor("the failure log", () => logs.length === 1, 1_000);
    expect(gone).toEqual([]);
    expect(logs[0]).toContain("handler broke");
  });

  test("channels must be lowercase identifiers and payloads fit in a NOTIFY", async () => {
    const untyped = createEventBus<Record<string, Json>>(database, { log: (line) => logs.push(line) });
    await expect(untyped.publish("Project-Changed", null)).rejects.toThrow("lowercase identifier");
    await expect(untyped.subscribe("drop table x", () => {})).rejects.toThrow("lowercase identifier");
    await expect(a.publish("anything", "x".repeat(8_000))).rejects.toThrow("exceeds");
  });
});
