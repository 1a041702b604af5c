// Background mail at volume: an e-mail announcement to USERS users (2,000 by default) through
// one instance's real mail workers to a loopback SMTP server, and a password-reset-like mail
// queued once a quarter of the announcement has arrived (or 15 s in). Prints mails per second and how long
// the reset waited. On PGlite in memory, or on Postgres with DATABASE_URL (a database of your
// own, empty: the announcement goes to every user in it).
//
//   bun bench/mail-speed.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/mailbench bun bench/mail-speed.ts
//   USERS=2000 LIMIT_SECONDS=90 MAIL_RATE_PER_SECOND=50 bun bench/mail-speed.ts
import { eq } from "drizzle-orm";
import { announcements, users } from "../db/schema";
import { loadConfig } from "../src/config";
import { enqueueMail } from "../src/features/mail/outbox";
import { startMailWorkers } from "../src/features/mail/worker";
import { startAnnouncementWorker } from "../src/features/notifications/announcements";
import { openDatabase } from "../src/lib/db";
import { newId } from "../src/lib/ids";
import { type AppJobs, appQueues } from "../src/lib/job-queues";
import { createJobQueue } from "../src/lib/jobs";
import { createMailer } from "../src/lib/mail";
import { defaultUserSettings } from "../src/shared/enums";
import { captureLog } from "../tests/helpers/log";
import { startSmtpCapture } from "../tests/helpers/smtp";

const userCount = Number(process.env.USERS ?? 2_000);
const limitMs = Number(process.env.LIMIT_SECONDS ?? 90) * 1_000;
const databaseUrl = process.env.DATABASE_URL?.trim() || null;
const say = (line: string) => console.log(line);

const database = await openDatabase({ databaseUrl, dataDir: "", memory: databaseUrl === null });
const smtp = await startSmtpCapture();
const config = loadConfig({
  NODE_ENV: "test",
  SMTP_URL: smtp.url,
  MAIL_FROM: "Bench <bench@example.com>",
  ...(process.env.MAIL_RATE_PER_SECOND ? { MAIL_RATE_PER_SECOND: process.env.MAIL_RATE_PER_SECOND } : {}),
});
const mailer = createMailer(config, () => {});
const jobs = createJobQueue<AppJobs>(database, { queues: appQueues, log: () => {} });
await jobs.start();

const stamp = Date.now().toString(36);
const settings = defaultUserSettings();
const rows = Array.from({ length: userCount }, (_, index) => ({
  id: newId(),
  email: `bench-${stamp}-${index}@example.com`,
  displayName: `Bench ${index}`,
  settings,
}));
for (let start = 0; start < rows.length; start += 500) await database.db.insert(users).values(rows.slice(start, start + 500));
const adminId = rows[0]?.id ?? null;

const deps = { database, mailer, log: captureLog(), jobs, config };
await startMailWorkers(deps);
await startAnnouncementWorker(deps);

const announcementId = newId();
const subject = `Bench announcement ${stamp}`;
const isAnnouncement = (to: string[]) => to.some((address) => address.startsWith(`bench-${stamp}-`));
const started = performance.now();
await database.db.transaction(async (tx) => {
  await tx.insert(announcements).values({ id: announcementId, kind: "email", adminId, message: "Bench announcement", subject });
  await jobs.send("announcement.fan-out", { announcementId }, { tx });
});

const announced = () => smtp.messages.filter((mail) => isAnnouncement(mail.envelopeTo)).length;
let resetQueuedAt: number | null = null;
let resetAheadOf = 0;
let resetDelayMs: number | null = null;
let lastAnnouncedAt = started;
let fannedOutAt: number | null = null;
let checkedFanOutAt = 0;
while (performance.now() - started < limitMs) {
  if (fannedOutAt === null && performance.now() - checkedFanOutAt > 250) {
    checkedFanOutAt = performance.now();
    const [row] = await database.db.select({ finishedAt: announcements.finishedAt }).from(announcements).where(eq(announcements.id, announcementId));
    if (row?.finishedAt) fannedOutAt = performance.now();
  }
  const count = announced();
  if (count > 0) lastAnnouncedAt = performance.now();
  // A quarter of the way, or after 15 s when the announcement is slower than that.
  if (resetQueuedAt === null && (count >= userCount / 4 || performance.now() - started > 15_000)) {
    resetAheadOf = userCount - count;
    resetQueuedAt = performance.now();
    await database.db.transaction((tx) => enqueueMail(jobs, tx, { to: "reset@example.com", subject: "Reset your password", text: "Your link." }));
  }
  if (resetQueuedAt !== null && resetDelayMs === null && smtp.messages.some((mail) => mail.envelopeTo.includes("reset@example.com"))) {
    resetDelayMs = performance.now() - resetQueuedAt;
  }
  if (count >= userCount && resetDelayMs !== null) break;
  await Bun.sleep(20);
}
const delivered = announced();
const seconds = ((delivered >= userCount ? lastAnnouncedAt : performance.now()) - started) / 1_000;
const perRecipient = new Map<string, number>();
for (const mail of smtp.messages)
  for (const to of mail.envelopeTo) perRecipient.set(`${to} ${mail.subject}`, (perRecipient.get(`${to} ${mail.subject}`) ?? 0) + 1);
const twice = [...perRecipient.values()].filter((n) => n > 1).length;

say(`database: ${database.kind}, users: ${userCount}, rate limit: ${process.env.MAIL_RATE_PER_SECOND ?? "none"}`);
say(
  `announcement: ${delivered}/${userCount} delivered in ${seconds.toFixed(1)} s: ${(delivered / seconds).toFixed(1)} mails/s; recipients with the same mail twice: ${twice}`,
);
say(
  `fan-out: every mail job queued ${fannedOutAt === null ? "not within the run" : `${((fannedOutAt - started) / 1_000).toFixed(1)} s after the start (checked every 250 ms)`}`,
);
say(
  resetDelayMs === null
    ? `reset: ${resetQueuedAt === null ? "never queued" : `not delivered within the run (queued with ${resetAheadOf} announcement mails still to go)`}`
    : `reset: delivered ${(resetDelayMs / 1_000).toFixed(2)} s after it was queued, with ${resetAheadOf} announcement mails still to go`,
);

await jobs.stop({ timeoutMs: 2_000 });
mailer.close();
await smtp.stop();
await database.close();
process.exit(0);
