// The announcement fan-out as a durable job: batches by user id, each committed with its cursor,
// so a run interrupted half-way resumes where it stopped and nobody is told twice. No workers run
// here: the test drives the fan-out itself, as the queue's handler would on any instance.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type SQL, and, eq, sql } from "drizzle-orm";
import { announcements, notifications, users } from "../db/schema";
import { fanOutAnnouncement } from "../src/features/notifications/announcements";
import type { Db } from "../src/lib/db";
import { newId } from "../src/lib/ids";
import { type AppJobs, appQueues } from "../src/lib/job-queues";
import { type JobQueue, createJobQueue } from "../src/lib/jobs";
import { defaultUserSettings } from "../src/shared/enums";
import { createTestDatabase } from "./helpers/db";
import { captureLog } from "./helpers/log";

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;
let db: Db;
let jobs: JobQueue<AppJobs>;
const logs: string[] = [];
const USERS = 2_001;
let adminId = "";

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  jobs = createJobQueue<AppJobs>(database, { queues: appQueues, log: captureLog(logs) });
  await jobs.start();
  // 2,001 users; every tenth has both announcement switches off.
  const rows = Array.from({ length: USERS }, (_, index) => {
    const settings = defaultUserSettings();
    if (index % 10 === 5) {
      settings.appNotifications.announcementsEnabled = false;
      settings.emailNotifications.announcementsEnabled = false;
    }
    const id = newId();
    return { id, email: `u${index}-${id}@example.com`, displayName: `User ${index}`, settings };
  });
  for (let start = 0; start < rows.length; start += 500) await db.insert(users).values(rows.slice(start, start + 500));
  adminId = rows[0]!.id;
}, 60_000);

afterAll(async () => {
  await jobs.stop({ timeoutMs: 1_000 });
  await database.close();
});

async function select<Row>(query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

const listeners = () => USERS - Math.floor((USERS + 4) / 10);

async function announcement(kind: "app" | "email"): Promise<string> {
  const id = newId();
  await db.insert(announcements).values({ id, kind, adminId, message: `Announcement ${id}`, subject: kind === "email" ? `News ${id}` : null });
  return id;
}

const progress = async (id: string) => (await db.select().from(announcements).where(eq(announcements.id, id)))[0]!;
const adminNotices = async (count: number) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, adminId), eq(notifications.message, `Your announcement was sent to ${count} users.`)));

/** Throws after `batch` batches, as a crash or a stop half-way would end the run. */
const interruptAfter = (batch: number) => (done: number) => {
  if (done === batch) throw new Error(`interrupted after batch ${done}`);
};

describe(`announcement fan-out on ${process.env.TEST_DATABASE_URL ? "Postgres" : "PGlite"}`, () => {
  test("an e-mail announcement interrupted after two batches resumes, and each recipient has exactly one mail job", async () => {
    const id = await announcement("email");
    const deps = { database, jobs, log: captureLog(logs), config: { publicUrl: "http://localhost:3000" } };
    await expect(fanOutAnnouncement(deps, id, { afterBatch: interruptAfter(2) })).rejects.toThrow("interrupted after batch 2");

    const halfway = await progress(id);
    expect(halfway.sentCount).toBe(1_000);
    expect(halfway.finishedAt).toBeNull();
    expect(halfway.lastUserId).not.toBeNull();
    expect(await adminNotices(listeners())).toHaveLength(0);

    // Resumed (by any instance: all it needs is the announcement's id), then run once more.
    await fanOutAnnouncement(deps, id);
    await fanOutAnnouncement(deps, id);

    const perRecipient = await select<{ to: string; n: number; keys: number }>(sql`
      select data ->> 'to' as "to", count(*)::int as n, count(distinct singleton_key)::int as keys
      from pgboss.job where name = 'mail' and data ->> 'subject' = ${`News ${id}`} group by 1`);
    expect(perRecipient).toHaveLength(listeners());
    expect(perRecipient.every((row) => row.n === 1 && row.keys === 1)).toBe(true);
    const muted = await db
      .select({ email: users.email })
      .from(users)
      .where(sql`${users.settings} -> 'emailNotifications' ->> 'announcementsEnabled' = 'false'`);
    const recipients = new Set(perRecipient.map((row) => row.to));
    expect(muted.some((user) => recipients.has(user.email))).toBe(false);

    const done = await progress(id);
    expect(done.sentCount).toBe(listeners());
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(await adminNotices(listeners())).toHaveLength(1);
  }, 60_000);

  test("an app announcement interrupted after two batches resumes, and each listener has exactly one notification", async () => {
    const id = await announcement("app");
    const deps = { database, jobs, log: captureLog(logs), config: { publicUrl: "http://localhost:3000" } };
    await expect(fanOutAnnouncement(deps, id, { afterBatch: interruptAfter(2) })).rejects.toThrow("interrupted after batch 2");
    expect(await db.$count(notifications, eq(notifications.announcementId, id))).toBe(1_000);

    await fanOutAnnouncement(deps, id);
    await fanOutAnnouncement(deps, id);

    const perUser = await select<{ n: number }>(sql`
      select count(*)::int as n from ${notifications} where announcement_id = ${id} group by user_id`);
    expect(perUser).toHaveLength(listeners());
    expect(perUser.every((row) => row.n === 1)).toBe(true);
    expect(await adminNotices(listeners())).toHaveLength(2);
    expect((await progress(id)).sentCount).toBe(listeners());
  }, 60_000);

  test("a stop between batches ends the run early; the retry finishes it", async () => {
    const id = await announcement("app");
    const deps = { database, jobs, log: captureLog(logs), config: { publicUrl: "http://localhost:3000" } };
    const stop = new AbortController();
    const stopped = fanOutAnnouncement(deps, id, { signal: stop.signal, afterBatch: () => stop.abort() });
    await expect(stopped).rejects.toThrow("stopped after 1 batches");
    expect((await progress(id)).sentCount).toBe(500);
    await fanOutAnnouncement(deps, id);
    expect(await db.$count(notifications, eq(notifications.announcementId, id))).toBe(listeners());
  }, 60_000);
});
