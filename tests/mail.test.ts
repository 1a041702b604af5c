import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { mailOutbox } from "../db/schema";
import { loadConfig } from "../src/config";
import { type OutboxWorker, defaultBackoffMs, enqueueMail, startOutboxWorker } from "../src/features/mail/outbox";
import type { Db } from "../src/lib/db";
import { type Mailer, createMailer } from "../src/lib/mail";
import { createTestDatabase } from "./helpers/db";
import { type SmtpCapture, startSmtpCapture } from "./helpers/smtp";

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

let database: TestDatabase;
let db: Db;
const logs: string[] = [];
const log = (line: string) => {
  logs.push(line);
};
// Everything started by a test, stopped after it even when it fails.
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await db.delete(mailOutbox);
  logs.length = 0;
});

afterAll(async () => {
  await database.close();
});

async function smtpServer(port?: number): Promise<SmtpCapture> {
  const smtp = await startSmtpCapture(port === undefined ? {} : { port });
  cleanups.push(() => smtp.stop());
  return smtp;
}

function smtpMailer(port: number): Mailer {
  const mailer = createMailer(loadConfig({ NODE_ENV: "test", SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Webstudio <no-reply@webstudio.test>" }), log);
  cleanups.push(() => mailer.close());
  return mailer;
}

/** A worker that only runs when the test says so (no polling during the test). */
function worker(mailer: Mailer, options: { pollMs?: number; db?: Db } = {}): OutboxWorker {
  const started = startOutboxWorker({ db: options.db ?? db, mailer, log, pollMs: options.pollMs ?? 60_000 });
  cleanups.push(() => started.stop());
  return started;
}

async function row(id: string) {
  const [found] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!found) throw new Error(`outbox row ${id} is gone`);
  return found;
}

/** Makes every pending message due now, instead of sleeping through the backoff. */
async function makeDue(): Promise<void> {
  await db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(sql`${mailOutbox.sentAt} is null`);
}

const welcome = { to: "ada@example.com", subject: "Welcome to Webstudio", text: "Hello Ada,\nyour account is ready." };

describe("outbox over SMTP", () => {
  test("a mail enqueued in a transaction is delivered once and marked sent", async () => {
    const smtp = await smtpServer();
    const outbox = worker(smtpMailer(smtp.port));
    const id = await db.transaction((tx) =>
      enqueueMail(tx, { ...welcome, html: "<p>Hello <b>Ada</b> – your account is ready.</p>", replyTo: "support@webstudio.test" }),
    );

    expect(await outbox.runOnce()).toBe(1);
    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes("ada@example.com"));
    expect(mail.subject).toBe(welcome.subject);
    expect(mail.text).toBe(welcome.text);
    expect(mail.html).toBe("<p>Hello <b>Ada</b> – your account is ready.</p>");
    expect(mail.replyTo).toBe("support@webstudio.test");
    expect(mail.envelopeFrom).toBe("no-reply@webstudio.test");
    expect(mail.from).toBe("Webstudio <no-reply@webstudio.test>");

    const stored = await row(id);
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(stored.attempts).toBe(0);
    expect(stored.lockedUntil).toBeNull();
    expect(await outbox.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  test("a mail enqueued in a rolled-back transaction is never sent", async () => {
    const smtp = await smtpServer();
    const outbox = worker(smtpMailer(smtp.port));
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, welcome);
        throw new Error("the change that caused the mail failed");
      }),
    ).rejects.toThrow("the change that caused the mail failed");
    expect(await outbox.runOnce()).toBe(0);
    expect(await db.select().from(mailOutbox)).toHaveLength(0);
    expect(smtp.messages).toHaveLength(0);
  });

  test("wake() delivers without waiting for the next poll", async () => {
    const smtp = await smtpServer();
    const outbox = worker(smtpMailer(smtp.port));
    await enqueueMail(db, welcome);
    outbox.wake();
    await smtp.waitForMail((m) => m.subject === welcome.subject, 3_000);
  });

  test("polling finds mail nobody woke the worker for", async () => {
    const smtp = await smtpServer();
    worker(smtpMailer(smtp.port), { pollMs: 50 });
    await enqueueMail(db, welcome);
    await smtp.waitForMail((m) => m.subject === welcome.subject, 3_000);
  });

  test("with the SMTP server down the mail stays queued, and is delivered exactly once when it returns", async () => {
    const first = await startSmtpCapture();
    const port = first.port;
    await first.stop();
    const outbox = worker(smtpMailer(port));
    const id = await enqueueMail(db, welcome);

    expect(await outbox.runOnce()).toBe(0);
    let stored = await row(id);
    expect(stored.sentAt).toBeNull();
    expect(stored.attempts).toBe(1);
    expect(stored.lockedUntil).toBeNull();
    expect(stored.lastError).toMatch(/ECONNREFUSED|connect/i);
    // The first retry waits about 5 s, measured on the database's clock.
    const [{ waitSeconds } = { waitSeconds: -1 }] = await db
      .select({ waitSeconds: sql<number>`extract(epoch from ${mailOutbox.nextAttemptAt} - now())::float8` })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id));
    expect(waitSeconds).toBeGreaterThan(3);
    expect(waitSeconds).toBeLessThanOrEqual(5);
    expect(logs.some((line) => line.includes(id) && line.includes("attempt 1"))).toBe(true);

    // Not due yet: nothing is attempted.
    expect(await outbox.runOnce()).toBe(0);
    expect((await row(id)).attempts).toBe(1);

    // Still down when due again: the attempt is counted, the mail is kept.
    await makeDue();
    expect(await outbox.runOnce()).toBe(0);
    stored = await row(id);
    expect(stored.attempts).toBe(2);
    expect(stored.sentAt).toBeNull();

    // The server comes back on the same port.
    const smtp = await smtpServer(port);
    await makeDue();
    expect(await outbox.runOnce()).toBe(1);
    await smtp.waitForMail((m) => m.subject === welcome.subject);
    stored = await row(id);
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(stored.lastError).toBeNull();

    await makeDue();
    expect(await outbox.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  test("a restart of the app in between loses nothing", async () => {
    const probe = await startSmtpCapture();
    const port = probe.port;
    await probe.stop();

    // The first instance fails to deliver, then shuts down.
    const firstMailer = smtpMailer(port);
    const firstWorker = startOutboxWorker({ db, mailer: firstMailer, log, pollMs: 60_000 });
    const failed = await enqueueMail(db, welcome);
    expect(await firstWorker.runOnce()).toBe(0);
    await firstWorker.stop();
    firstMailer.close();
    expect(await firstWorker.runOnce()).toBe(0);

    // A message claimed by an instance that died mid-send stays reserved until its claim expires.
    const orphan = await enqueueMail(db, { ...welcome, subject: "Claimed before the crash" });
    await db.update(mailOutbox).set({ lockedUntil: sql`now() + interval '60 seconds'` }).where(eq(mailOutbox.id, orphan));

    // The new instance: new mailer, new worker, same database, server back up.
    const smtp = await smtpServer(port);
    const secondWorker = worker(smtpMailer(port));
    await makeDue();
    expect(await secondWorker.runOnce()).toBe(1);
    expect((await row(failed)).sentAt).toBeInstanceOf(Date);
    expect((await row(orphan)).sentAt).toBeNull();

    await db.update(mailOutbox).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(mailOutbox.id, orphan));
    expect(await secondWorker.runOnce()).toBe(1);
    expect((await row(orphan)).sentAt).toBeInstanceOf(Date);
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual(["Claimed before the crash", welcome.subject]);
  });

  test("two workers on one database never send the same message twice", async () => {
    const smtp = await smtpServer();
    const a = startOutboxWorker({ db, mailer: smtpMailer(smtp.port), log, pollMs: 60_000, batchSize: 3 });
    const b = startOutboxWorker({ db, mailer: smtpMailer(smtp.port), log, pollMs: 60_000, batchSize: 3 });
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );
    for (let i = 0; i < 12; i++) await enqueueMail(db, { ...welcome, subject: `Message ${i}` });

    const [sentByA, sentByB] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(sentByA + sentByB).toBe(12);
    expect(smtp.messages).toHaveLength(12);
    expect(new Set(smtp.messages.map((m) => m.subject)).size).toBe(12);
    const pending = await db.select().from(mailOutbox).where(sql`${mailOutbox.sentAt} is null`);
    expect(pending).toHaveLength(0);
  });

  test("stop() waits for the send in flight and hands back the rest of the batch", async () => {
    let releaseSend = () => {};
    let sendStarted = () => {};
    const started = new Promise<void>((resolve) => {
      sendStarted = resolve;
    });
    const sent: string[] = [];
    const slowMailer: Mailer = {
      kind: "smtp",
      async send(message) {
        sendStarted();
        await new Promise<void>((resolve) => {
          releaseSend = resolve;
        });
        sent.push(message.subject);
      },
      close() {},
    };
    const outbox = worker(slowMailer);
    for (let i = 0; i < 3; i++) await enqueueMail(db, { ...welcome, subject: `Message ${i}` });
    outbox.wake();
    await started;

    let stopped = false;
    const stopping = outbox.stop().then(() => {
      stopped = true;
    });
    await Bun.sleep(20);
    expect(stopped).toBe(false);
    releaseSend();
    await stopping;

    expect(sent).toHaveLength(1);
    const rows = await db.select().from(mailOutbox);
    expect(rows.filter((r) => r.sentAt !== null)).toHaveLength(1);
    // The two unsent messages are free for the next instance at once, not after the claim expires.
    expect(rows.filter((r) => r.sentAt === null && r.lockedUntil === null && r.attempts === 0)).toHaveLength(2);
  });

  test("a failing database is logged and the worker keeps going", async () => {
    const smtp = await smtpServer();
    let broken = true;
    // The same database, except that every query fails while `broken` is set.
    const flaky = new Proxy(db, {
      get(target, property, receiver) {
        if (broken && (property === "update" || property === "select" || property === "insert")) {
          return () => {
            throw new Error("connect ECONNREFUSED 127.0.0.1:5432 (postgres://app:hunter2@db/app)");
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const outbox = worker(smtpMailer(smtp.port), { db: flaky, pollMs: 30 });
    await enqueueMail(db, welcome);

    expect(await outbox.runOnce()).toBe(0);
    const failures = logs.filter((line) => line.startsWith("mail: outbox pass failed:"));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join("\n")).not.toContain("hunter2");

    broken = false;
    await smtp.waitForMail((m) => m.subject === welcome.subject, 3_000);
  });
});

describe("outbox backoff", () => {
  test("doubles from 5 s and stops growing at one hour", () => {
    expect([1, 2, 3, 4].map(defaultBackoffMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(defaultBackoffMs(11)).toBe(3_600_000);
    expect(defaultBackoffMs(10_000)).toBe(3_600_000);
  });
});

describe("file mailer", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "mail-file-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test("writes each message as an .eml file and logs exactly one line, never the body", async () => {
    const mailer = createMailer(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }), log);
    expect(mailer.kind).toBe("file");
    await mailer.send({ ...welcome, html: "<p>Secret body</p>", text: "Your temporary password is Xy7#kP2q" });
    mailer.close();

    const files = await readdir(join(dataDir, "mail"));
    expect(files).toHaveLength(1);
    const [file = ""] = files;
    expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{6}\.eml$/);
    const path = join(dataDir, "mail", file);
    expect(logs).toEqual([`mail: "Welcome to Webstudio" to ada@example.com -> ${path}`]);
    expect(logs[0]).not.toContain("Xy7#kP2q");

    const source = await readFile(path, "utf8");
    expect(source).toContain("Subject: Welcome to Webstudio");
    expect(source).toContain("To: ada@example.com");
    expect(source).toContain("From: Webstudio <no-reply@localhost>");
    expect(source).toContain("Your temporary password is Xy7#kP2q");
  });

  test("delivers through the outbox like SMTP does", async () => {
    const mailer = createMailer(loadConfig({ NODE_ENV: "test", DATA_DIR: join(dataDir, "outbox") }), log);
    const outbox = worker(mailer);
    const id = await enqueueMail(db, welcome);
    expect(await outbox.runOnce()).toBe(1);
    expect((await row(id)).sentAt).toBeInstanceOf(Date);
    expect(await readdir(join(dataDir, "outbox", "mail"))).toHaveLength(1);
    expect(logs).toHaveLength(1);
  });
});
