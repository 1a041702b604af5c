// Two production instances behind HAProxy (deploy/haproxy.cfg) on one throwaway Postgres
// database: `bun run test:cluster`. Needs haproxy and TEST_DATABASE_URL; without either it says
// why and skips (outside CI), so a machine without them is not blocked. Mail across a cluster has
// its own file (mail.test.ts), which runs beside this one.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { announcements, faqs, notifications, projects, users } from "../../db/schema";
import { createSession } from "../../src/http/sessions";
import type { Database } from "../../src/lib/db";
import { newId } from "../../src/lib/ids";
import { announcementSentMessage } from "../../src/shared/announcements";
import { openSse } from "../helpers/sse";
import { waitFor } from "../helpers/wait";
import { insertUsers, skipReason, startClusterOnItsDatabase } from "./fixtures";
import { CLUSTER_KEYS, type Cluster, type Instance } from "./harness";
import { describeAnswers, startLoad } from "./load";

// Longer than HAProxy needs to see /ready fail twice (1.5 s), shorter than the 5 s production default.
const SHUTDOWN_DELAY_MS = 2500;

describe.skipIf(skipReason !== null)("two instances behind HAProxy", () => {
  let cluster: Cluster;
  let database: Database;
  let stopCluster: (() => Promise<void>) | undefined;
  let customer: { id: string; cookie: string };

  beforeAll(async () => {
    ({ cluster, database, stop: stopCluster } = await startClusterOnItsDatabase({ SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS) }));
    const id = newId();
    await database.db.insert(users).values({ id, email: `cluster-${id}@example.com`, displayName: "Cluster Customer" });
    const session = await createSession(database.db, id);
    customer = { id, cookie: `session=${session.token}` };
  }, 120_000);

  afterAll(async () => {
    await stopCluster?.();
  }, 60_000);

  /** Requests HAProxy had to send twice (the retries field of each httplog line, "+" when redispatched). */
  function retriedRequests(since: number): string[] {
    return cluster.balancerLogs.slice(since).filter((line) => /\d+\/\d+\/\d+\/\d+\/\+?[1-9]\d* \d+\/\d+ "/.test(line));
  }

  async function ordersInDatabase(): Promise<string[]> {
    const rows = await database.db.select({ id: projects.id }).from(projects).where(eq(projects.creatorId, customer.id));
    return rows.map((row) => row.id);
  }

  test("round robin spreads requests over both instances, and each one logged what it was said to answer", async () => {
    const servedBy: string[] = [];
    for (let index = 0; index < 10; index++) {
      // A path no one else requests, so the instance's own access log proves the header right.
      const response = await fetch(`${cluster.url}/cluster-probe-${index}`);
      await response.arrayBuffer();
      expect(response.status).toBe(404);
      const name = response.headers.get("x-served-by") ?? "";
      servedBy.push(name);
      const instance = cluster.instances.find((candidate) => candidate.name === name);
      expect(instance).toBeDefined();
      // Production logs are written in batches, flushed at least every second.
      await waitFor("the access log line", () => instance?.logs.some((line) => line.startsWith(`GET /cluster-probe-${index} 404`)) ?? false, 3_000);
    }
    expect(servedBy.filter((name) => name === "app1").length).toBe(5);
    expect(servedBy.filter((name) => name === "app2").length).toBe(5);
  });

  test("a rolling restart of both instances under load answers every request and loses no order", async () => {
    const before = new Set(await ordersInDatabase());
    const logStart = cluster.balancerLogs.length;
    const load = startLoad({ url: cluster.url, cookie: customer.cookie });
    await Bun.sleep(1000);
    for (const instance of cluster.instances) {
      const drainStarted = Date.now();
      expect(await instance.stop("SIGTERM")).toBe(0);
      // The instance served for the whole delay (HAProxy took it out meanwhile), then exited.
      expect(Date.now() - drainStarted).toBeGreaterThanOrEqual(SHUTDOWN_DELAY_MS);
      expect(instance.logs.some((line) => line.startsWith("draining: /ready answers 503"))).toBe(true);
      await instance.start();
      await cluster.waitForServer(instance.name, "UP");
      await Bun.sleep(500);
    }
    const tally = await load.stop();

    expect(describeAnswers(tally.failures)).toBe("");
    // Drained, not rescued: HAProxy took each instance out before its listener closed, so no
    // request met a closed port and needed the retry that kill -9 relies on.
    expect(retriedRequests(logStart)).toEqual([]);
    const gets = tally.answers.filter((answer) => answer.method === "GET");
    expect(gets.length).toBeGreaterThan(100);
    expect(tally.acceptedOrders.length).toBeGreaterThan(10);
    // Both instances answered after their restart.
    const lastSecond = tally.answers.filter((answer) => answer.at > Date.now() - 1500);
    expect(new Set(lastSecond.map((answer) => answer.servedBy))).toEqual(new Set(["app1", "app2"]));
    // Zero lost and zero doubled: the orders in the database are exactly the ones answered 201.
    const created = (await ordersInDatabase()).filter((id) => !before.has(id));
    expect(created.toSorted()).toEqual(tally.acceptedOrders.toSorted());
    console.log(
      `tests/cluster: rolling restart answered ${tally.answers.length} requests (${gets.length} GET, ${tally.acceptedOrders.length} orders), ${tally.failures.length} failed`,
    );
  }, 120_000);

  test("kill -9 of one instance: HAProxy marks it DOWN and requests keep succeeding on the other", async () => {
    const before = new Set(await ordersInDatabase());
    const logStart = cluster.balancerLogs.length;
    const load = startLoad({ url: cluster.url, cookie: customer.cookie });
    await Bun.sleep(1000);
    const victim = cluster.instances[1];
    if (!victim) throw new Error("the cluster has one instance");
    const killedAt = Date.now();
    await victim.stop("SIGKILL");
    await cluster.waitForServer(victim.name, "DOWN");
    const markedDownMs = Date.now() - killedAt;
    await Bun.sleep(1000);
    const tally = await load.stop();

    // GETs in flight or sent to the dead instance are replayed on the live one (retry-on + redispatch).
    const failedGets = tally.failures.filter((answer) => answer.method === "GET");
    expect(describeAnswers(failedGets)).toBe("");
    // An order the dead process had in hand is not replayed (it may have committed): at most the
    // one in flight fails, with a 502 (or, on a busy machine, a reset before HAProxy answers: 0),
    // and the client retries it knowingly.
    const failedOrders = tally.failures.filter((answer) => answer.method === "POST");
    expect(failedOrders.length).toBeLessThanOrEqual(1);
    for (const failure of failedOrders) expect([0, 502]).toContain(failure.status);
    // Every order answered 201 is in the database, once.
    const created = (await ordersInDatabase()).filter((id) => !before.has(id));
    for (const id of tally.acceptedOrders) expect(created).toContain(id);
    expect(created.length - tally.acceptedOrders.length).toBeLessThanOrEqual(failedOrders.length);
    // Once it is DOWN, only the survivor answers.
    const afterDown = tally.answers.filter((answer) => answer.at > killedAt + markedDownMs + 200);
    expect(afterDown.length).toBeGreaterThan(10);
    expect(new Set(afterDown.map((answer) => answer.servedBy))).toEqual(new Set(["app1"]));
    console.log(
      `tests/cluster: kill -9 of ${victim.name}, marked DOWN after ${markedDownMs} ms; ${tally.answers.length} requests, ${tally.failures.length} failed, ${retriedRequests(logStart).length} retried by HAProxy`,
    );
  }, 60_000);

  // The scenarios of running several instances that need the job queue, the event bus and SSE. Each goes to one
  // instance directly (instance.url) where it matters which one does what; PUBLIC_URL is the
  // balancer's, so writes send `origin: cluster.url`.

  /** Brings back an instance an earlier test stopped, so each scenario starts with both UP. */
  async function everyInstanceUp(): Promise<void> {
    for (const instance of cluster.instances) {
      if (!instance.running) await instance.start();
      await cluster.waitForServer(instance.name, "UP");
    }
  }

  function twoInstances(): [Instance, Instance] {
    const [a, b] = cluster.instances;
    if (!a || !b) throw new Error("the cluster has one instance");
    return [a, b];
  }

  let admin: { id: string; cookie: string } | null = null;
  async function signedInAdmin(): Promise<{ id: string; cookie: string }> {
    if (admin) return admin;
    const id = newId();
    await database.db
      .insert(users)
      .values({ id, email: `cluster-admin-${id}@example.com`, displayName: "Cluster Admin", isAdmin: true, adminKey: CLUSTER_KEYS.ADMIN_KEY });
    const session = await createSession(database.db, id);
    admin = { id, cookie: `session=${session.token}` };
    return admin;
  }

  async function sendAnnouncement(instance: Instance, message: string): Promise<void> {
    const { cookie } = await signedInAdmin();
    const response = await fetch(`${instance.url}/api/admin/notifications/appannouncement`, {
      method: "POST",
      headers: { cookie, origin: cluster.url, "content-type": "application/json" },
      body: JSON.stringify({ message }),
    });
    expect(`${response.status} ${await response.text()}`).toStartWith("200");
  }

  test("an announcement sent through instance A reaches a user whose SSE stream is on instance B within 2 s", async () => {
    await everyInstanceUp();
    const [a, b] = twoInstances();
    const stream = await openSse(`${b.url}/api/events`, { cookie: customer.cookie });
    try {
      expect(stream.response.status).toBe(200);
      // The first comment ("connected") comes once B has subscribed the stream.
      await waitFor("B's stream to open", () => stream.messages.length > 0, 5_000);
      const message = `Cluster announcement ${newId()}`;
      await sendAnnouncement(a, message);
      const answeredAt = Date.now();
      await waitFor("the notification event on B's stream", () => stream.events().some((event) => event.type === "notification"), 2_000);
      const latencyMs = Date.now() - answeredAt;
      const event = stream.events().find((candidate) => candidate.type === "notification");
      expect(event?.payload.channelID).toBe("announcements");
      // The event is a hint to re-read: the notification it names is the customer's copy of this announcement.
      const [row] = await database.db
        .select({ userId: notifications.userId, message: notifications.message })
        .from(notifications)
        .where(eq(notifications.id, String(event?.payload.notificationId)));
      expect(row).toEqual({ userId: customer.id, message });
      console.log(`tests/cluster: announcement sent through ${a.name} reached a stream on ${b.name} ${latencyMs} ms after the answer`);
    } finally {
      stream.close();
    }
  }, 30_000);

  test("kill -9 of the instance doing a 5,000-recipient fan-out half-way: the other finishes it, one notification each", async () => {
    await everyInstanceUp();
    const [a, b] = twoInstances();
    const seeded = 5_000;
    const prefix = `fanout${Date.now().toString(36)}`;
    await insertUsers(database, prefix, "Fan-out", seeded);
    const { id: adminId } = await signedInAdmin();
    const [{ total } = { total: 0 }] = await database.db.select({ total: count() }).from(users);
    // Only A may take the job: B stops (gracefully) before the announcement is sent.
    expect(await b.stop("SIGTERM")).toBe(0);
    const message = `Fan-out announcement ${newId()}`;
    await sendAnnouncement(a, message);
    const [announcement] = await database.db.select({ id: announcements.id }).from(announcements).where(eq(announcements.message, message));
    if (!announcement) throw new Error("the announcement was not stored");
    const sent = async () =>
      (await database.db.select({ sent: count() }).from(notifications).where(eq(notifications.announcementId, announcement.id)))[0]?.sent ?? 0;

    await waitFor("half the fan-out", async () => (await sent()) >= seeded / 2, 20_000);
    await a.stop("SIGKILL");
    const killedAt = Date.now();
    const sentAtKill = await sent();
    // Half-way for real: the dead process left part of the users without their notification.
    expect(sentAtKill).toBeLessThan(total);
    await b.start();
    // B's supervisor fails the job once A's heartbeat is 10 s old, and B resumes it after the retry delay.
    await waitFor(
      "the fan-out to finish on B",
      async () =>
        (await database.db.select({ finishedAt: announcements.finishedAt }).from(announcements).where(eq(announcements.id, announcement.id)))[0]?.finishedAt !=
        null,
      45_000,
    );
    const finishedMs = Date.now() - killedAt;

    const [tally] = (await database.db.execute(sql`
      select count(*)::int as rows, count(distinct user_id)::int as users, count(*) filter (where user_id like ${`${prefix}%`})::int as seeded
      from notifications where announcement_id = ${announcement.id}`)) as unknown as { rows: number; users: number; seeded: number }[];
    expect(tally).toEqual({ rows: total, users: total, seeded });
    const [row] = await database.db.select({ sentCount: announcements.sentCount }).from(announcements).where(eq(announcements.id, announcement.id));
    expect(row?.sentCount).toBe(total);
    // The admin's "sent to N users" notice, written with the last batch, once.
    const notices = await database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, adminId), eq(notifications.message, announcementSentMessage(total))));
    expect(notices.length).toBe(1);
    // The same job finished it, on a later attempt than the one A died in.
    const jobs = (await database.db.execute(
      sql`select state, retry_count from pgboss.job where name = 'announcement.fan-out' and data ->> 'announcementId' = ${announcement.id}`,
    )) as unknown as { state: string; retry_count: number }[];
    expect(jobs.length).toBe(1);
    expect(jobs[0]?.state).toBe("completed");
    expect(jobs[0]?.retry_count).toBeGreaterThanOrEqual(1);
    console.log(`tests/cluster: fan-out to ${total} users killed on ${a.name} after ${sentAtKill}, finished on ${b.name} ${finishedMs} ms later`);
    await everyInstanceUp();
  }, 90_000);

  test("a FAQ edited through A is served fresh by B within 2 s", async () => {
    await everyInstanceUp();
    const [a, b] = twoInstances();
    const [faq] = await database.db.select({ id: faqs.id, title: faqs.title }).from(faqs).orderBy(asc(faqs.id)).limit(1);
    if (!faq) throw new Error("the first start seeds the FAQs");
    const getSupport = async () => {
      const response = await fetch(`${b.url}/support`);
      return { status: response.status, etag: response.headers.get("etag"), text: await response.text() };
    };
    // Twice, so the second answer comes from B's render cache.
    const first = await getSupport();
    const second = await getSupport();
    expect(first.status).toBe(200);
    expect(second.etag).toBe(first.etag);
    expect(second.etag).not.toBeNull();

    const title = `Edited on ${a.name} ${newId()}`;
    const { cookie } = await signedInAdmin();
    const response = await fetch(`${a.url}/api/admin/faq`, {
      method: "PATCH",
      headers: { cookie, origin: cluster.url, "content-type": "application/json" },
      body: JSON.stringify({ faqIDs: [faq.id], updatedFields: { title } }),
    });
    expect(`${response.status} ${await response.text()}`).toStartWith("200");
    const answeredAt = Date.now();
    // The 60 s TTL would fail this: only the trigger's NOTIFY reaching B makes it drop the page.
    await waitFor("B to serve the edited FAQ", async () => (await getSupport()).text.includes(title), 2_000);
    console.log(`tests/cluster: FAQ edited through ${a.name} served by ${b.name} ${Date.now() - answeredAt} ms after the answer`);
  }, 30_000);
});
