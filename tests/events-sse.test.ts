// GET /api/events: live updates over Server-Sent Events, fed by the live events log's triggers.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { notifications } from "../db/schema";
import { newId } from "../src/lib/ids";
import { type TestServer, startTestServer } from "./helpers/server";
import { type SseReader, openSse } from "./helpers/sse";
import { waitFor } from "./helpers/wait";
import { createProjectAs } from "./projects/fixtures";

let server: TestServer;
let x: Awaited<ReturnType<TestServer["createUser"]>>;
let y: Awaited<ReturnType<TestServer["createUser"]>>;
let admin: Awaited<ReturnType<TestServer["createAdmin"]>>;
const open: SseReader[] = [];

beforeAll(async () => {
  server = await startTestServer();
  [x, y, admin] = await Promise.all([server.createUser(), server.createUser(), server.createAdmin()]);
}, 60_000);
afterEach(() => {
  for (const reader of open.splice(0)) reader.close();
});
afterAll(() => server.stop());

async function stream(cookie: string, headers: Record<string, string> = {}): Promise<SseReader> {
  const reader = await openSse(`${server.url}/api/events`, { cookie, ...headers });
  open.push(reader);
  // The stream listens once its first bytes (the retry hint) arrive.
  await waitFor("the stream to open", () => reader.messages.length > 0, 5_000);
  return reader;
}

async function notify(userId: string, message: string): Promise<string> {
  const id = newId();
  await server.deps.database.db.insert(notifications).values({ id, userId, channelId: "general", message });
  return id;
}

describe(`GET /api/events on ${process.env.TEST_DATABASE_URL ? "Postgres" : "PGlite"}`, () => {
  test("answers 401 when signed out", async () => {
    const response = await server.request("/api/events", { headers: { accept: "text/event-stream" } });
    expect(response.status).toBe(401);
  });

  test("is an uncompressed event stream that starts with a retry hint", async () => {
    const reader = await stream(x.cookie, { "accept-encoding": "gzip" });
    expect(reader.response.headers.get("content-type")).toStartWith("text/event-stream");
    expect(reader.response.headers.get("content-encoding")).toBeNull();
    expect(reader.messages[0]?.retry).toMatch(/^\d+$/);
  });

  test("a notification for X reaches X's stream and not Y's", async () => {
    const onX = await stream(x.cookie);
    const onY = await stream(y.cookie);
    const id = await notify(x.user.id, "Hello X");
    await waitFor("X's event", () => onX.events().length === 1, 2_000);
    expect(onX.events()[0]).toMatchObject({ type: "notification", payload: { notificationId: id, channelID: "general" } });
    expect(onX.events()[0]?.id).toMatch(/^\d+$/);
    // Events reach a stream in the order they happened: Y's own arriving first shows X's never comes.
    const own = await notify(y.user.id, "Hello Y");
    await waitFor("Y's event", () => onY.events().length > 0, 2_000);
    expect(onY.events().map((event) => event.payload.notificationId)).toEqual([own]);
  });

  test("a reconnect with Last-Event-ID replays what was missed, once", async () => {
    const first = await stream(x.cookie);
    await notify(x.user.id, "seen");
    await waitFor("the first event", () => first.events().length === 1, 2_000);
    const lastId = first.events()[0]?.id ?? "";
    first.close();
    const missed = [await notify(x.user.id, "missed 1"), await notify(x.user.id, "missed 2")];

    const again = await stream(x.cookie, { "last-event-id": lastId });
    await waitFor("the replay", () => again.events().length === 2, 2_000);
    expect(again.events().map((event) => event.payload.notificationId)).toEqual(missed);
    const live = await notify(x.user.id, "live");
    await waitFor("the live event", () => again.events().length === 3, 2_000);
    expect(again.events()[2]?.payload.notificationId).toBe(live);
  });

  test("admins hear new orders and every project's changes; a customer hears only their own project's", async () => {
    const onAdmin = await stream(admin.cookie);
    const onX = await stream(x.cookie);
    const onY = await stream(y.cookie);
    const projectId = await createProjectAs(server, x.cookie);
    await waitFor("the admin's order event", () => onAdmin.events().some((event) => event.type === "order_created"), 2_000);
    expect(onAdmin.events().find((event) => event.type === "order_created")?.payload).toEqual({ projectId });

    const response = await server.request("/api/admin/projects", {
      method: "PATCH",
      cookie: admin.cookie,
      json: { projectIDs: [projectId], updatedFields: { status: "in-progress", receivedPayment: true, paymentMethod: "bank_transfer" } },
    });
    expect(response.status).toBe(200);
    // The status and the payment record are two writes, so they may arrive as one or two events.
    const changed = (reader: SseReader) => reader.events().filter((event) => event.type === "project_changed");
    const settled = (reader: SseReader) => changed(reader).some((event) => event.payload.status === "in-progress" && event.payload.receivedPayment === true);
    await waitFor("the creator's project event", () => settled(onX), 2_000);
    await waitFor("the admin's project event", () => settled(onAdmin), 2_000);
    expect(changed(onX).every((event) => event.payload.projectId === projectId)).toBe(true);
    // Events reach a stream in the order they happened: a notification sent now arriving shows
    // that nothing from before it is still on its way.
    const [forX, forY] = [await notify(x.user.id, "after X"), await notify(y.user.id, "after Y")];
    await waitFor("X's notification", () => onX.events().some((event) => event.payload.notificationId === forX), 2_000);
    await waitFor("Y's notification", () => onY.events().some((event) => event.payload.notificationId === forY), 2_000);
    expect(onX.events().some((event) => event.type === "order_created")).toBe(false);
    expect(onY.events().filter((event) => event.type !== "notification")).toEqual([]);
  });

  test("admins hear new bug reports", async () => {
    const onAdmin = await stream(admin.cookie);
    const response = await server.request("/api/bugreports", { method: "POST", cookie: x.cookie, json: { title: "Broken", description: "It broke." } });
    expect(response.status).toBeLessThan(300);
    await waitFor("the bug report event", () => onAdmin.events().some((event) => event.type === "bug_report_created"), 2_000);
  });

  test("a graceful stop ends open streams with a retry hint", async () => {
    const other = await startTestServer();
    try {
      const user = await other.createUser();
      const reader = await openSse(`${other.url}/api/events`, { cookie: user.cookie });
      await waitFor("the stream to open", () => reader.messages.length > 0, 5_000);
      await other.stop();
      await reader.ended;
      expect(reader.messages.at(-1)?.retry).toMatch(/^\d+$/);
    } finally {
      await other.stop();
    }
  });
});
