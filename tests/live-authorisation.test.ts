// Live-update streams tried as an attacker who keeps a stream open after losing the right to it
// (decision 081): the signed-out device, the demoted admin, the cookie that opens stream after
// stream. On Postgres a second instance on the same database shows the end reaches every instance,
// and that the cap of five streams per session holds across instances (decision 092).
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { apiTokens, liveStreams, notifications, sessions } from "../db/schema";
import { type Running, boot } from "../src/boot";
import { pruneLiveEvents } from "../src/features/live";
import { STREAM_ROW_KEPT_MS, findStaleStreamOwners, recheckLiveStreams } from "../src/features/live/service";
import { createSession } from "../src/http/sessions";
import { sha256 } from "../src/lib/crypto";
import { openDatabase } from "../src/lib/db";
import { newId } from "../src/lib/ids";
import { type TestServer, startTestServer } from "./helpers/server";
import { type SseReader, openSse } from "./helpers/sse";
import { waitFor } from "./helpers/wait";

let server: TestServer;
/** A second instance on the same Postgres database; on PGlite there is only one instance. */
let other: Running | null = null;
const open: SseReader[] = [];
/** Both instances' clock: a stream row's age is judged by it. */
const clock = new Date();
const now = () => clock;

beforeAll(async () => {
  server = await startTestServer({}, { now });
  if (server.databaseUrl) {
    other = await boot(
      { ...server.deps.config, dataDir: `${server.dataDir}/other` },
      {
        database: await openDatabase({ databaseUrl: server.databaseUrl, dataDir: "" }),
        log: () => {},
        now,
      },
    );
  }
}, 60_000);
afterEach(() => {
  for (const reader of open.splice(0)) reader.close();
});
afterAll(async () => {
  await other?.stop();
  await server.stop();
});

/** The instance streams open on: the second one when there is one, so ends must cross instances. */
const streamUrl = () => `${other?.url ?? server.url}/api/events`;

async function stream(cookie: string, url = streamUrl()): Promise<SseReader & { isEnded: () => boolean }> {
  return streamWith({ cookie }, url);
}

async function streamWith(headers: Record<string, string>, url = streamUrl()): Promise<SseReader & { isEnded: () => boolean }> {
  const reader = await openSse(url, headers);
  open.push(reader);
  let ended = false;
  void reader.ended.then(() => (ended = true));
  await waitFor("the stream to open", () => reader.messages.length > 0, 5_000);
  return { ...reader, isEnded: () => ended };
}

async function secondSession(userId: string): Promise<string> {
  const { token } = await createSession(server.deps.database.db, userId);
  return `session=${token}`;
}

async function notify(userId: string): Promise<void> {
  await server.deps.database.db.insert(notifications).values({ id: newId(), userId, channelId: "general", message: "hello" });
}

const write = (path: string, method: string, cookie: string, json?: unknown) => server.request(path, { method, cookie, json, headers: { origin: server.url } });

describe(`live streams end with their authorisation on ${process.env.TEST_DATABASE_URL ? "two instances on Postgres" : "PGlite"}`, () => {
  test("'sign out every other device' ends the other session's open stream within a second", async () => {
    const { user, cookie: mine } = await server.createUser();
    const theirs = await secondSession(user.id);
    const onTheirs = await stream(theirs);
    const onMine = await stream(mine);

    expect((await write("/api/users/me/sessions", "DELETE", mine)).status).toBe(200);
    await waitFor("the signed-out session's stream to end", onTheirs.isEnded, 1_000);
    expect(onTheirs.messages.at(-1)?.retry).toMatch(/^\d+$/);
    // Its reconnect is refused; the session that asked keeps its stream and its events.
    expect((await openSse(streamUrl(), { cookie: theirs })).response.status).toBe(401);
    await notify(user.id);
    await waitFor("the kept stream's event", () => onMine.events().length === 1, 2_000);
    expect(onTheirs.events()).toEqual([]);
  });

  test("signing out and deleting the account end their streams too", async () => {
    const { user, cookie } = await server.createUser();
    const second = await secondSession(user.id);
    const onFirst = await stream(cookie);
    const onSecond = await stream(second);
    expect((await write("/api/auth/logout", "POST", second)).status).toBeLessThan(400);
    await waitFor("the signed-out stream to end", onSecond.isEnded, 1_000);
    expect(onFirst.isEnded()).toBe(false);
    expect((await write("/api/users/me", "DELETE", cookie, { currentPassword: "correct horse" })).status).toBe(200);
    await waitFor("the deleted account's stream to end", onFirst.isEnded, 1_000);
  });

  test("changing the password ends the streams of every other session", async () => {
    const { user, cookie, password } = await server.createUser();
    const other = await secondSession(user.id);
    const onOther = await stream(other);
    const onMine = await stream(cookie);
    const changed = await write("/api/users/me/password", "PATCH", cookie, { currentPassword: password, password: "a brand new secret 7" });
    expect(changed.status).toBe(200);
    await waitFor("the other session's stream to end", onOther.isEnded, 1_000);
    expect(onMine.isEnded()).toBe(false);
  });

  test("a demoted admin's stream ends at once, and the stream it reopens gets no admin events", async () => {
    const boss = await server.createAdmin({ superAdmin: true });
    const admin = await server.createAdmin();
    const onAdmin = await stream(admin.cookie);
    const demoted = await write("/api/admin/users/removeadmin", "PATCH", boss.cookie, { userID: admin.user.id });
    expect(demoted.status).toBe(200);
    await waitFor("the demoted admin's stream to end", onAdmin.isEnded, 1_000);

    const reopened = await stream(admin.cookie);
    const onBoss = await stream(boss.cookie);
    const customer = await server.createUser();
    const report = await write("/api/bugreports", "POST", customer.cookie, { title: "Broken", description: "It broke." });
    expect(report.status).toBeLessThan(300);
    await waitFor("the admin feed's event on a real admin's stream", () => onBoss.events().some((event) => event.type === "bug_report_created"), 2_000);
    // The boss's event and the reopened stream ride the same notification: had it been an admin's, it was there by now.
    await notify(admin.user.id);
    await waitFor("the demoted admin's own event", () => reopened.events().some((event) => event.type === "notification"), 2_000);
    expect(reopened.events().filter((event) => event.type !== "notification")).toEqual([]);
    expect(onAdmin.events()).toEqual([]);
  });

  test("an API token's stream hears as its owner, lasts through the heartbeat's check, and ends when the token is revoked", async () => {
    const admin = await server.createAdmin();
    const customer = await server.createUser();
    const newToken = async (cookie: string) => {
      const created = await write("/api/users/me/tokens", "POST", cookie, { name: "Dashboard" });
      expect(created.status).toBe(201);
      return (await created.json()) as { id: string; token: string };
    };
    const adminToken = await newToken(admin.cookie);
    const customerToken = await newToken(customer.cookie);
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const onAdminToken = await streamWith(bearer(adminToken.token));
    const onCustomerToken = await streamWith(bearer(customerToken.token));

    const report = await write("/api/bugreports", "POST", customer.cookie, { title: "Broken", description: "It broke." });
    expect(report.status).toBeLessThan(300);
    await waitFor(
      "the admin feed's event on the admin's token stream",
      () => onAdminToken.events().some((event) => event.type === "bug_report_created"),
      2_000,
    );
    await notify(customer.user.id);
    await waitFor("the customer's own event on their token stream", () => onCustomerToken.events().some((event) => event.type === "notification"), 2_000);
    expect(onCustomerToken.events().filter((event) => event.type !== "notification")).toEqual([]);
    // What the heartbeat checks: a live token's streams stay.
    const check = (streams: { owner: string; topics: string[] }[]) => findStaleStreamOwners(server.deps.database.db, server.deps.config, streams);
    const adminOwner = `api-token:${adminToken.id}`;
    expect(await check([{ owner: adminOwner, topics: [admin.user.id, "admins"] }])).toEqual([]);

    expect((await write(`/api/users/me/tokens/${adminToken.id}`, "DELETE", admin.cookie)).status).toBe(200);
    await waitFor("the revoked token's stream to end", onAdminToken.isEnded, 1_000);
    expect(onCustomerToken.isEnded()).toBe(false);
    const reopened = await openSse(streamUrl(), bearer(adminToken.token));
    open.push(reopened);
    expect(reopened.response.status).toBe(401);
    expect(await check([{ owner: adminOwner, topics: [admin.user.id, "admins"] }])).toEqual([adminOwner]);
    // An expired token's stream is named at the next heartbeat.
    await server.deps.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, customerToken.id));
    const customerOwner = `api-token:${customerToken.id}`;
    expect(await check([{ owner: customerOwner, topics: [customer.user.id] }])).toEqual([customerOwner]);
  });

  test("a sixth stream of one session ends the first with a retry hint; the other five stay", async () => {
    const { cookie } = await server.createUser();
    const streams = [];
    for (let i = 0; i < 5; i++) streams.push(await stream(cookie));
    const sixth = await stream(cookie);
    await waitFor("the first stream to end", streams[0]!.isEnded, 1_000);
    expect(streams[0]!.messages.at(-1)?.retry).toMatch(/^\d+$/);
    expect([...streams.slice(1), sixth].some((reader) => reader.isEnded())).toBe(false);
  });

  test("forty streams of one session opened at once all answer 200: five stay open, the others end with a retry hint", async () => {
    const { cookie } = await server.createUser();
    // What a script opening streams in a loop does: the opens' bookkeeping overlaps in the database.
    const readers = await Promise.all(Array.from({ length: 40 }, () => stream(cookie)));
    expect(readers.map((reader) => reader.response.status)).toEqual(Array.from({ length: 40 }, () => 200));
    await waitFor("all but five streams to end", () => readers.filter((reader) => reader.isEnded()).length === 35, 5_000);
    for (const reader of readers.filter((candidate) => candidate.isEnded())) expect(reader.messages.at(-1)?.retry).toMatch(/^\d+$/);
    const sessionId = sha256(cookie.slice("session=".length));
    expect(await server.deps.database.db.$count(liveStreams, eq(liveStreams.sessionId, sessionId))).toBe(5);
  });

  test.skipIf(!process.env.TEST_DATABASE_URL)(
    "streams of one session spread over two instances count together: a sixth ends the oldest on the other instance",
    async () => {
      const { cookie } = await server.createUser();
      const here = `${server.url}/api/events`;
      const there = streamUrl();
      const oldestThere = await stream(cookie, there);
      const rest = [await stream(cookie, here), await stream(cookie, there), await stream(cookie, here), await stream(cookie, there)];
      const sixth = await stream(cookie, here);
      await waitFor("the oldest stream, on the other instance, to end", oldestThere.isEnded, 1_000);
      expect(oldestThere.messages.at(-1)?.retry).toMatch(/^\d+$/);
      const seventh = await stream(cookie, there);
      await waitFor("the next oldest, on this instance, to end", rest[0]!.isEnded, 1_000);
      expect([...rest.slice(1), sixth, seventh].some((reader) => reader.isEnded())).toBe(false);
    },
  );

  test("streams an instance left behind when it was killed stop counting three heartbeats after it last saw them", async () => {
    const { cookie } = await server.createUser();
    const sessionId = sha256(cookie.slice("session=".length));
    const db = server.deps.database.db;
    const leftBehind = (seenAt: Date) => ({ sessionId, instanceId: "killed", openedAt: seenAt, seenAt });
    const first = await stream(cookie);
    // Four streams of the same session, opened after the first on an instance killed since.
    await db.insert(liveStreams).values(Array.from({ length: 4 }, () => leftBehind(new Date(clock.getTime() - STREAM_ROW_KEPT_MS - 1_000))));
    // Counted, they would make five with the first and end it as the next four open.
    const next: Awaited<ReturnType<typeof stream>>[] = [];
    for (let i = 0; i < 4; i++) next.push(await stream(cookie));
    expect([first, ...next].some((reader) => reader.isEnded())).toBe(false);

    // One seen within three heartbeats (its instance may only be slow) counts: the next stream ends the two oldest live ones.
    await db.insert(liveStreams).values(leftBehind(new Date(clock.getTime() - STREAM_ROW_KEPT_MS + 1_000)));
    const last = await stream(cookie);
    await waitFor("the two oldest streams to end", () => first.isEnded() && next[0]!.isEnded(), 1_000);
    expect([...next.slice(1), last].some((reader) => reader.isEnded())).toBe(false);

    // The live events' pruning (and each instance's start) deletes the rows of the killed instance's gone streams.
    await pruneLiveEvents(db, clock);
    expect((await db.select().from(liveStreams).where(eq(liveStreams.instanceId, "killed"))).length).toBe(1);
  });

  test("the heartbeat's check names ended sessions, streams that hear more than their user may, and streams whose row is gone", async () => {
    const admin = await server.createAdmin();
    const { user: customer, cookie } = await server.createUser();
    const customerSession = sha256(cookie.slice("session=".length));
    const adminSession = sha256(admin.cookie.slice("session=".length));
    const check = (streams: { owner: string; topics: string[] }[]) => findStaleStreamOwners(server.deps.database.db, server.deps.config, streams);
    expect(await check([{ owner: customerSession, topics: [customer.id] }])).toEqual([]);
    expect(await check([{ owner: adminSession, topics: [admin.user.id, "admins"] }])).toEqual([]);
    // A customer's session on the admin feed, an admin's on its old audiences, an unknown session.
    expect(await check([{ owner: customerSession, topics: [customer.id, "admins"] }])).toEqual([customerSession]);
    expect(await check([{ owner: adminSession, topics: [admin.user.id] }])).toEqual([adminSession]);
    await server.deps.database.db.delete(sessions).where(eq(sessions.id, customerSession));
    expect(await check([{ owner: customerSession, topics: [customer.id] }])).toEqual([customerSession]);

    // A stream whose row is gone (a sixth stream elsewhere whose notice this instance missed) ends; a kept row is marked seen.
    const db = server.deps.database.db;
    const seenAt = new Date(clock.getTime() - 60_000);
    const rows = await db
      .insert(liveStreams)
      .values([1, 2].map(() => ({ sessionId: adminSession, instanceId: "here", openedAt: seenAt, seenAt })))
      .returning();
    const [kept, evicted] = rows.map((row) => ({ id: String(row.id), owner: adminSession, topics: [admin.user.id, "admins"] }));
    await db.delete(liveStreams).where(eq(liveStreams.id, Number(evicted!.id)));
    expect(await recheckLiveStreams({ db, config: server.deps.config, now }, [kept!, evicted!])).toEqual([evicted!.id]);
    expect(
      (
        await db
          .select()
          .from(liveStreams)
          .where(eq(liveStreams.id, Number(kept!.id)))
      )[0]?.seenAt,
    ).toEqual(clock);
  });
});
