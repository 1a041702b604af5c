// Mail on the job queue: the real mail worker, real pg-boss on the test database, a loopback SMTP
// server. Each test starts queue instances as app instances would and stops them afterwards.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { type AddressInfo, type Socket, connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type SQL, eq, sql } from "drizzle-orm";
import { failedMails, users } from "../db/schema";
import { loadConfig } from "../src/config";
import { retryFailedMail } from "../src/features/mail/admin-service";
import { enqueueAnnouncementMails, enqueueMail } from "../src/features/mail/outbox";
import { type MailWorkerOptions, startMailWorkers } from "../src/features/mail/worker";
import { HttpError } from "../src/http/errors";
import type { Db } from "../src/lib/db";
import { newId } from "../src/lib/ids";
import { type MailJobs, appQueues, mailQueues } from "../src/lib/job-queues";
import { type JobQueue, type QueueSettings, createJobQueue } from "../src/lib/jobs";
import { type Mailer, createMailer } from "../src/lib/mail";
import { defaultUserSettings } from "../src/shared/enums";
import { createTestDatabase } from "./helpers/db";
import { captureLog } from "./helpers/log";
import { type TestServer, startTestServer } from "./helpers/server";
import { type SmtpCapture, startSmtpCapture } from "./helpers/smtp";
import { waitFor } from "./helpers/wait";

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

let database: TestDatabase;
let db: Db;
const logs: string[] = [];
const log = captureLog(logs);
// Everything started by a test, stopped after it even when it fails.
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
}, 60_000);

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await db.execute(sql`delete from pgboss.job where name in ('mail', 'mail.dead')`);
  await db.delete(failedMails);
  logs.length = 0;
});

afterAll(async () => {
  await database.close();
});

/** Rows of a raw query: Bun.SQL answers an array of rows, PGlite `{ rows }`. */
async function select<Row>(query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

type JobRow = { state: string; retryCount: number; waitSeconds: number; subject: string };
const mailJobs = () =>
  select<JobRow>(sql`
    select state, retry_count as "retryCount", extract(epoch from start_after - now())::float8 as "waitSeconds", data ->> 'subject' as subject
    from pgboss.job where name = 'mail' order by created_on`);

async function smtpServer(port?: number): Promise<SmtpCapture> {
  const smtp = await startSmtpCapture(port === undefined ? {} : { port });
  cleanups.push(() => smtp.stop());
  return smtp;
}

/**
 * A TCP relay in front of an SMTP server that can cut the connection a message is being sent on:
 * after `breakNextSend()`, the next connection to send DATA is destroyed before the server sees it.
 */
async function breakableRelay(targetPort: number): Promise<{ port: number; breakNextSend(): void; readonly broken: number }> {
  let breakAtData = false;
  let broken = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    }
    client.on("data", (chunk: Buffer) => {
      if (breakAtData && /(^|\r\n)DATA\r\n/.test(chunk.toString("latin1"))) {
        breakAtData = false;
        broken++;
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return {
    port: (server.address() as AddressInfo).port,
    breakNextSend() {
      breakAtData = true;
    },
    get broken() {
      return broken;
    },
  };
}

/** A port nothing listens on (an SMTP server that is down), where one can come back later. */
async function closedPort(): Promise<number> {
  const probe = await startSmtpCapture();
  await probe.stop();
  return probe.port;
}

function smtpMailer(port: number): Mailer {
  const mailer = createMailer(loadConfig({ NODE_ENV: "test", SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Webstudio <no-reply@webstudio.test>" }), log);
  cleanups.push(() => mailer.close());
  return mailer;
}

/** The production settings, or retries a test can wait for (1 s doubling, a couple of seconds at most). */
const fastRetries = { ...mailQueues.mail, retryDelaySeconds: 1, retryDelayMaxSeconds: 2 } satisfies QueueSettings;

/** One app instance's queue with the real mail workers; stopped after the test unless `stop` is taken over. */
async function instance(
  mailer: Mailer,
  mail: QueueSettings = mailQueues.mail,
  workers: MailWorkerOptions = {},
): Promise<JobQueue<MailJobs> & { stopped: boolean }> {
  const jobs = createJobQueue(database, { queues: { ...appQueues, mail }, log });
  await jobs.start();
  await startMailWorkers({ database, mailer, log, jobs }, workers);
  const handle = Object.assign(jobs, { stopped: false });
  cleanups.push(() => (handle.stopped ? undefined : jobs.stop({ timeoutMs: 2_000 })));
  return handle;
}

const welcome = { to: "ada@example.com", subject: "Welcome to Webstudio", text: "Hello Ada,\nyour account is ready." };

/** Users to announce to, removed after the test. */
async function announcementRecipients(count: number): Promise<{ id: string; email: string }[]> {
  const rows = Array.from({ length: count }, (_, index) => {
    const id = newId();
    return { id, email: `listener-${index}-${id}@example.com`, displayName: `Listener ${index}`, settings: defaultUserSettings() };
  });
  await db.insert(users).values(rows);
  cleanups.push(async () => {
    await db.execute(sql`delete from users where email like 'listener-%'`);
  });
  return rows;
}

/** Queues the announcement mails before any worker runs, as a fan-out that outpaces the workers leaves them. */
async function queueAnnouncement(jobs: JobQueue<MailJobs>, recipients: { id: string; email: string }[], subject: string): Promise<void> {
  await db.transaction((tx) =>
    enqueueAnnouncementMails(
      jobs,
      tx,
      recipients.map((user) => ({ message: { to: user.email, subject, text: "News" }, userId: user.id, singletonKey: `${subject}:${user.id}` })),
    ),
  );
}

/** A started queue without mail workers, to queue mail before they start. */
async function queueOnly(): Promise<JobQueue<MailJobs>> {
  const jobs = createJobQueue<MailJobs>(database, { queues: appQueues, log });
  await jobs.start();
  cleanups.push(() => jobs.stop({ timeoutMs: 2_000 }));
  return jobs;
}

describe(`mail over SMTP on ${process.env.TEST_DATABASE_URL ? "Postgres" : "PGlite"}`, () => {
  test("a mail queued in a transaction is delivered once, with every part intact", async () => {
    const smtp = await smtpServer();
    const jobs = await instance(smtpMailer(smtp.port));
    await db.transaction((tx) =>
      enqueueMail(jobs, tx, { ...welcome, html: "<p>Hello <b>Ada</b> – your account is ready.</p>", replyTo: "support@webstudio.test" }),
    );

    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes("ada@example.com"));
    expect(mail.subject).toBe(welcome.subject);
    expect(mail.text).toBe(welcome.text);
    expect(mail.html).toBe("<p>Hello <b>Ada</b> – your account is ready.</p>");
    expect(mail.replyTo).toBe("support@webstudio.test");
    expect(mail.envelopeFrom).toBe("no-reply@webstudio.test");
    expect(mail.from).toBe("Webstudio <no-reply@webstudio.test>");
    // A completed job is never fetched again, and its mail was received before it completed.
    await waitFor("the job to complete", async () => (await mailJobs()).every((job) => job.state === "completed"));
    expect(smtp.messages).toHaveLength(1);
  });

  test("a mail queued in a rolled-back transaction never exists, so it is never sent", async () => {
    const smtp = await smtpServer();
    const jobs = await instance(smtpMailer(smtp.port));
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(jobs, tx, welcome);
        throw new Error("the change that caused the mail failed");
      }),
    ).rejects.toThrow("the change that caused the mail failed");
    expect(await mailJobs()).toHaveLength(0);
    // A mail queued after it is delivered: the worker has fetched since, and sent only that one.
    await enqueueMail(jobs, db, { ...welcome, subject: "After the rollback" });
    await smtp.waitForMail((m) => m.subject === "After the rollback");
    expect(smtp.messages.map((m) => m.subject)).toEqual(["After the rollback"]);
  });

  test("a failed delivery is retried after about 5 s, doubling up to an hour", async () => {
    expect(mailQueues.mail).toMatchObject({ retryDelaySeconds: 5, retryBackoff: true, retryDelayMaxSeconds: 3_600, deadLetter: "mail.dead" });
    const port = await closedPort();
    const jobs = await instance(smtpMailer(port));
    await enqueueMail(jobs, db, welcome);

    await waitFor("the first attempt to fail", async () => (await mailJobs())[0]?.state === "retry");
    const [job] = await mailJobs();
    // Backoff from 5 s with jitter: the first retry waits 5–10 s, measured on the database's clock.
    expect(job?.waitSeconds).toBeGreaterThan(3);
    expect(job?.waitSeconds).toBeLessThanOrEqual(10.5);
    expect(logs.some((line) => line.startsWith("jobs: mail") && /ECONNREFUSED|connect/i.test(line))).toBe(true);
    expect(await db.select().from(failedMails)).toHaveLength(0);
  });

  test("with the SMTP server down the mail stays queued, and is delivered exactly once when it returns", async () => {
    const port = await closedPort();
    const jobs = await instance(smtpMailer(port), fastRetries);
    await enqueueMail(jobs, db, welcome);

    await waitFor("two failed attempts", async () => ((await mailJobs())[0]?.retryCount ?? 0) >= 2, 10_000);
    expect((await mailJobs())[0]?.state).toMatch(/^(retry|created|active)$/);
    expect(await db.select().from(failedMails)).toHaveLength(0);

    // The server comes back on the same port.
    const smtp = await smtpServer(port);
    await smtp.waitForMail((m) => m.subject === welcome.subject, 10_000);
    await waitFor("the job to complete", async () => (await mailJobs())[0]?.state === "completed");
    expect(smtp.messages).toHaveLength(1);
  }, 25_000);

  test("a restart of the app in between loses nothing", async () => {
    const port = await closedPort();
    // The first instance fails to deliver, then shuts down.
    const first = await instance(smtpMailer(port), fastRetries);
    await enqueueMail(first, db, welcome);
    await waitFor("a failed attempt", async () => ((await mailJobs())[0]?.retryCount ?? 0) >= 1, 10_000);
    first.stopped = true;
    await first.stop({ timeoutMs: 2_000 });

    // The new instance: new mailer, new queue, same database, server back up.
    const smtp = await smtpServer(port);
    await instance(smtpMailer(port), fastRetries);
    await smtp.waitForMail((m) => m.subject === welcome.subject, 10_000);
    await waitFor("the job to complete", async () => (await mailJobs())[0]?.state === "completed");
    expect(smtp.messages).toHaveLength(1);
  }, 25_000);

  test("two instances on one database never send the same message twice", async () => {
    const smtp = await smtpServer();
    const a = await instance(smtpMailer(smtp.port));
    const b = await instance(smtpMailer(smtp.port));
    for (let i = 0; i < 12; i++) await enqueueMail(i % 2 ? a : b, db, { ...welcome, subject: `Message ${i}` });

    await waitFor("every message", () => smtp.messages.length >= 12, 15_000);
    // Stopping waits for the sends in flight, so a second send of any message would be in by then.
    for (const jobs of [a, b]) {
      jobs.stopped = true;
      await jobs.stop({ timeoutMs: 5_000 });
    }
    expect(smtp.messages).toHaveLength(12);
    expect(new Set(smtp.messages.map((m) => m.subject)).size).toBe(12);
  }, 20_000);

  test("stop() waits for the send in flight", async () => {
    const started = Promise.withResolvers<void>();
    const release = Promise.withResolvers<void>();
    const sent: string[] = [];
    const slowMailer: Mailer = {
      kind: "smtp",
      async send(message) {
        started.resolve();
        await release.promise;
        sent.push(message.subject);
      },
      close() {},
    };
    const jobs = await instance(slowMailer);
    await enqueueMail(jobs, db, welcome);
    await started.promise;

    let stopped = false;
    jobs.stopped = true;
    const stopping = jobs.stop({ timeoutMs: 5_000 }).then(() => {
      stopped = true;
    });
    await Bun.sleep(200);
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;

    expect(sent).toEqual([welcome.subject]);
    expect((await mailJobs()).map((job) => job.state)).toEqual(["completed"]);
  });

  test("a permanent 550 for one address keeps that mail for an admin, delivers the others once, and an admin's retry sends it", async () => {
    const smtp = await smtpServer();
    smtp.reject("bounce@example.com");
    const jobs = await instance(smtpMailer(smtp.port));
    for (const to of ["ada@example.com", "bounce@example.com", "bob@example.com"]) await enqueueMail(jobs, db, { ...welcome, to, subject: `For ${to}` });

    await waitFor("the failed mail", async () => (await db.select().from(failedMails)).length === 1, 10_000);
    await waitFor("the other two", () => smtp.messages.length >= 2);
    await waitFor("every job to end", async () => (await mailJobs()).every((job) => job.state === "completed"));
    expect(smtp.messages.map((m) => m.envelopeTo.join()).sort()).toEqual(["ada@example.com", "bob@example.com"]);
    // Refused once, never retried.
    expect(smtp.rejections).toEqual(["bounce@example.com"]);
    expect((await mailJobs()).map((job) => job.state)).toEqual(["completed", "completed", "completed"]);
    const [failed] = await db.select().from(failedMails);
    expect(failed).toMatchObject({ to: "bounce@example.com", subject: "For bounce@example.com", text: welcome.text });
    expect(failed?.error).toContain("550");
    expect(logs.some((line) => line.includes("to b…@example.com rejected permanently"))).toBe(true);
    expect(logs.join("\n")).not.toContain("bounce@example.com");

    // The address is fixed; the admin retries.
    smtp.accept("bounce@example.com");
    const by = { userId: "test-admin", email: "admin@example.com", name: "Test Admin", ip: "127.0.0.1", requestId: null };
    expect(await retryFailedMail({ database, jobs }, failed!.id, by)).toEqual({ message: "The mail to bounce@example.com is queued again." });
    await smtp.waitForMail((m) => m.envelopeTo.includes("bounce@example.com"));
    expect(await db.select().from(failedMails)).toHaveLength(0);
    // A second click finds nothing to retry.
    const again = retryFailedMail({ database, jobs }, failed!.id, by);
    await expect(again).rejects.toBeInstanceOf(HttpError);
    await waitFor("the retried job to complete", async () => (await mailJobs()).every((job) => job.state === "completed"));
    expect(smtp.messages.filter((m) => m.envelopeTo.includes("bounce@example.com"))).toHaveLength(1);
  }, 25_000);

  test("a backlog of mail is delivered without waiting the polling interval between batches", async () => {
    const smtp = await smtpServer();
    const recipients = await announcementRecipients(150);
    await queueAnnouncement(await queueOnly(), recipients, "Backlog");
    // An hour between polls: each worker fetches once at its start, so only fetching again at once
    // after a full batch delivers more than the first batches.
    await instance(smtpMailer(smtp.port), mailQueues.mail, { pollingIntervalSeconds: 3_600 });

    await waitFor("every mail", () => smtp.messages.length >= recipients.length, 15_000);
    await waitFor("every job to complete", async () => (await mailJobs()).every((job) => job.state === "completed"));
    expect(new Set(smtp.messages.flatMap((m) => m.envelopeTo)).size).toBe(recipients.length);
    expect(smtp.messages).toHaveLength(recipients.length);
  }, 20_000);

  test("transactional mail queued behind an announcement's backlog is sent before it", async () => {
    const smtp = await smtpServer();
    const recipients = await announcementRecipients(120);
    const jobs = await queueOnly();
    await queueAnnouncement(jobs, recipients, "Announcement");
    await enqueueMail(jobs, db, { to: "reset@example.com", subject: "Reset your password", text: "Your link." });
    await instance(smtpMailer(smtp.port));

    await waitFor("every mail", () => smtp.messages.length >= recipients.length + 1, 15_000);
    const position = smtp.messages.findIndex((m) => m.envelopeTo.includes("reset@example.com"));
    // Every fetch takes the reset before any announcement mail, so it is in the first batch fetched;
    // only the first batches of the other workers (ten mails each) can reach the server before it.
    expect(position).toBeGreaterThanOrEqual(0);
    expect(position).toBeLessThanOrEqual(30);
  }, 20_000);

  test("an announcement is not sent to a recipient who deleted the account or muted announcements meanwhile", async () => {
    const smtp = await smtpServer();
    const [stays, leaves, mutes] = (await announcementRecipients(3)) as [
      { id: string; email: string },
      { id: string; email: string },
      { id: string; email: string },
    ];
    await queueAnnouncement(await queueOnly(), [stays, leaves, mutes], "Queued news");
    await db.delete(users).where(eq(users.id, leaves.id));
    const muted = defaultUserSettings();
    muted.emailNotifications.announcementsEnabled = false;
    await db.update(users).set({ settings: muted }).where(eq(users.id, mutes.id));
    await instance(smtpMailer(smtp.port));

    await waitFor("every job to end", async () => {
      const jobs = await mailJobs();
      return jobs.length === 3 && jobs.every((job) => job.state === "completed");
    });
    expect(smtp.messages.map((m) => m.envelopeTo.join())).toEqual([stays.email]);
    expect(logs.filter((line) => line.includes("not sent: its recipient deleted the account or turned e-mail announcements off"))).toHaveLength(2);
    expect(await db.select().from(failedMails)).toHaveLength(0);
  });

  test("a pooled connection the server dropped loses no mail: the next one is sent on a new connection", async () => {
    const first = await startSmtpCapture();
    const mailer = smtpMailer(first.port);
    const jobs = await instance(mailer, fastRetries);
    await enqueueMail(jobs, db, { ...welcome, subject: "Before the restart" });
    await first.waitForMail((m) => m.subject === "Before the restart");
    // The server restarts on the same port, closing the connection the pool kept open.
    await first.stop();
    const second = await smtpServer(first.port);
    await enqueueMail(jobs, db, { ...welcome, subject: "After the restart" });

    await second.waitForMail((m) => m.subject === "After the restart", 15_000);
    await waitFor("both jobs to complete", async () => (await mailJobs()).every((job) => job.state === "completed"));
    expect(first.messages.map((m) => m.subject)).toEqual(["Before the restart"]);
    expect(second.messages.map((m) => m.subject)).toEqual(["After the restart"]);
  }, 20_000);

  test("a pooled connection that breaks in the middle of a send loses no mail", async () => {
    const smtp = await smtpServer();
    const relay = await breakableRelay(smtp.port);
    const jobs = await instance(smtpMailer(relay.port), fastRetries);
    await enqueueMail(jobs, db, { ...welcome, subject: "On a fresh connection" });
    await smtp.waitForMail((m) => m.subject === "On a fresh connection");

    // The next message goes out on the pooled connection, which is cut as its DATA is sent.
    relay.breakNextSend();
    await enqueueMail(jobs, db, { ...welcome, subject: "On the broken connection" });
    await smtp.waitForMail((m) => m.subject === "On the broken connection", 15_000);
    await waitFor("both jobs to complete", async () => (await mailJobs()).every((job) => job.state === "completed"));

    // Sent again on a new connection: by the pool itself when it saw the connection close, or by
    // the job's retry when the send failed with the connection's error; either way, once.
    expect(relay.broken).toBe(1);
    expect(smtp.messages.map((m) => m.subject)).toEqual(["On a fresh connection", "On the broken connection"]);
  }, 20_000);

  test("a mail whose retries are spent is kept for an admin too", async () => {
    const port = await closedPort();
    const jobs = await instance(smtpMailer(port), { ...fastRetries, retryLimit: 1 });
    await enqueueMail(jobs, db, welcome);
    await waitFor("the failed mail", async () => (await db.select().from(failedMails)).length === 1, 15_000);
    const [failed] = await db.select().from(failedMails);
    expect(failed).toMatchObject({ to: welcome.to, subject: welcome.subject });
    expect(failed?.error).toContain("Not delivered after");
  }, 20_000);
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
    expect(logs).toEqual([`mail: "Welcome to Webstudio" to a…@example.com -> ${path}`]);
    expect(logs[0]).not.toContain("Xy7#kP2q");

    const source = await readFile(path, "utf8");
    expect(source).toContain("Subject: Welcome to Webstudio");
    expect(source).toContain("To: ada@example.com");
    expect(source).toContain("From: Webstudio <no-reply@localhost>");
    expect(source).toContain("Your temporary password is Xy7#kP2q");
  });

  test("delivers through the queue like SMTP does", async () => {
    const mailer = createMailer(loadConfig({ NODE_ENV: "test", DATA_DIR: join(dataDir, "queued") }), log);
    cleanups.push(() => mailer.close());
    const jobs = await instance(mailer);
    await enqueueMail(jobs, db, welcome);
    await waitFor("the .eml file", async () => (await readdir(join(dataDir, "queued", "mail")).catch(() => [])).length === 1);
    expect(logs.filter((line) => line.startsWith("mail:"))).toHaveLength(1);
  });
});

describe("failed mail in the admin console", () => {
  let smtp: SmtpCapture;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer({ SMTP_URL: smtp.url });
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await smtp.stop();
  });

  test("admins see recipient, subject, error and time, and Retry sends it again; others are refused", async () => {
    smtp.reject("gone@example.com");
    const { deps } = server;
    await enqueueMail(deps.jobs, deps.database.db, { to: "gone@example.com", subject: "Your invoice", text: "Hello" });
    const failed = async () => server.deps.database.db.select().from(failedMails).where(eq(failedMails.to, "gone@example.com"));
    await waitFor("the failed mail", async () => (await failed()).length === 1, 10_000);
    const [row] = await failed();

    const admin = await server.createAdmin();
    const customer = await server.createUser();
    const html = await (await server.request("/admin/mail", { cookie: admin.cookie })).text();
    expect(html).toContain("gone@example.com");
    expect(html).toContain("Your invoice");
    expect(html).toContain("550");
    expect(html).toContain(`action="/api/admin/mail/failed/${row!.id}/retry"`);
    expect((await server.request("/admin/mail", { cookie: customer.cookie })).headers.get("location")).toBe("/dashboard");

    const retry = (cookie: string, init: RequestInit = {}) => server.request(`/api/admin/mail/failed/${row!.id}/retry`, { method: "POST", cookie, ...init });
    expect((await retry("")).status).toBe(401);
    expect((await retry(customer.cookie)).status).toBe(403);
    // A form from another site is refused before any guard runs.
    expect((await retry(admin.cookie, { headers: { origin: "https://evil.example" } })).status).toBe(403);
    expect(await failed()).toHaveLength(1);

    smtp.accept("gone@example.com");
    const form = await retry(admin.cookie, { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/admin/mail?retried=1");
    await smtp.waitForMail((m) => m.envelopeTo.includes("gone@example.com"), 10_000);
    expect(await failed()).toHaveLength(0);
    const json = await retry(admin.cookie);
    expect(json.status).toBe(404);
    // A refused form post stays the refusal: only a queued mail redirects.
    const refusedForm = await retry(admin.cookie, { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" });
    expect(refusedForm.status).toBe(404);
    expect(refusedForm.headers.get("location")).toBeNull();
    expect(await (await server.request("/admin/mail?retried=1", { cookie: admin.cookie })).text()).toContain("No failed mail");
  }, 30_000);
});
