// Mail across two production instances behind HAProxy on one throwaway Postgres database, with
// an SMTP server that refuses one address for good: `bun run test:cluster` runs it beside
// cluster.test.ts (each file starts its own cluster on its own database and ports).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { count, eq, sql } from "drizzle-orm";
import { failedMails, users } from "../../db/schema";
import { createSession } from "../../src/http/sessions";
import type { Database } from "../../src/lib/db";
import { newId } from "../../src/lib/ids";
import { type SmtpCapture, startSmtpCapture } from "../helpers/smtp";
import { waitFor } from "../helpers/wait";
import { orderForm, validDraft } from "../projects/fixtures";
import { insertUsers, skipReason, startClusterOnItsDatabase } from "./fixtures";
import { CLUSTER_KEYS, type Cluster } from "./harness";

// Each instance sends at most MAIL_RATE_PER_SECOND, slow enough for a kill to land half-way through an announcement.
const MAIL_RATE_PER_SECOND = 40;

describe.skipIf(skipReason !== null)("two instances on an SMTP server that refuses one address for good", () => {
  const stamp = Date.now().toString(36);
  const [delivered1, gone, delivered2] = ["a", "gone", "c"].map((name) => `${name}-${stamp}@example.com`) as [string, string, string];
  let smtp: SmtpCapture;
  let cluster: Cluster;
  let database: Database;
  let stopCluster: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    smtp = await startSmtpCapture({ rejectRecipients: [gone] });
    ({ cluster, database, stop: stopCluster } = await startClusterOnItsDatabase({ SMTP_URL: smtp.url, MAIL_RATE_PER_SECOND: String(MAIL_RATE_PER_SECOND) }));
  }, 120_000);

  afterAll(async () => {
    await stopCluster?.();
    await smtp?.stop();
  }, 60_000);

  const deliveredTo = (address: string) => smtp.messages.filter((mail) => mail.envelopeTo.includes(address)).length;
  const refusedFor = (address: string) => smtp.rejections.filter((rejected) => rejected.toLowerCase() === address).length;

  async function mailJobStates(): Promise<{ to: string; state: string; retryCount: number }[]> {
    const rows = (await database.db.execute(
      sql`select data ->> 'to' as to, state, retry_count from pgboss.job where name = 'mail' order by data ->> 'to'`,
    )) as unknown as { to: string; state: string; retry_count: number }[];
    return rows.map((row) => ({ to: row.to, state: row.state, retryCount: row.retry_count }));
  }

  test("an SMTP server rejecting one address permanently: that mail is dead-lettered, the others delivered once", async () => {
    // Three visitor orders through the balancer, each mailing its new account's temporary password.
    for (const email of [delivered1, gone, delivered2]) {
      const form = orderForm(validDraft({ email, projectName: `Dead letter ${email}` }));
      const response = await fetch(`${cluster.url}/api/projects`, { method: "POST", body: form, headers: { origin: cluster.url } });
      expect(`${response.status} ${await response.text()}`).toStartWith("201");
    }
    await waitFor("both good mails and the refusal", () => deliveredTo(delivered1) >= 1 && deliveredTo(delivered2) >= 1 && refusedFor(gone) >= 1, 15_000);
    await waitFor(
      "gone@'s failed mail",
      async () => (await database.db.select({ id: failedMails.id }).from(failedMails).where(eq(failedMails.to, gone))).length === 1,
      5_000,
    );

    // An admin sees it on /admin/mail, whichever instance answers.
    const adminId = newId();
    await database.db
      .insert(users)
      .values({ id: adminId, email: `mail-admin-${stamp}@example.com`, displayName: "Mail Admin", isAdmin: true, adminKey: CLUSTER_KEYS.ADMIN_KEY });
    const session = await createSession(database.db, adminId);
    const page = await fetch(`${cluster.url}/admin/mail`, { headers: { cookie: `session=${session.token}` } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(gone);

    // Every job ended on its first attempt (asserted below): a completed job is never fetched
    // again, so nothing is sent or refused again, without waiting out the 5 s retry delay.
    await waitFor("every mail job to end", async () => (await mailJobStates()).every((job) => job.state === "completed"), 10_000);
    expect(deliveredTo(delivered1)).toBe(1);
    expect(deliveredTo(delivered2)).toBe(1);
    expect(refusedFor(gone)).toBe(1);
    expect(smtp.messages.some((mail) => mail.envelopeTo.includes(gone))).toBe(false);
    const failed = await database.db.select({ to: failedMails.to, error: failedMails.error }).from(failedMails);
    expect(failed.map((row) => row.to)).toEqual([gone]);
    expect(failed[0]?.error).toContain("550");
    // The refused mail's job ended on its first attempt, like the delivered ones.
    expect(await mailJobStates()).toEqual([delivered1, delivered2, gone].toSorted().map((to) => ({ to, state: "completed", retryCount: 0 })));
  }, 60_000);

  test("kill -9 of the instance sending an e-mail announcement half-way: the other sends the rest, and no mail whose job completed is sent twice", async () => {
    const [a, b] = cluster.instances;
    if (!a || !b) throw new Error("the cluster has one instance");
    for (const instance of [a, b]) if (!instance.running) await instance.start();
    const seeded = 400;
    const prefix = `mailout${Date.now().toString(36)}`;
    await insertUsers(database, prefix, "Mail-out", seeded);
    const adminId = newId();
    await database.db
      .insert(users)
      .values({ id: adminId, email: `announcer-${stamp}@example.com`, displayName: "Announcer", isAdmin: true, adminKey: CLUSTER_KEYS.ADMIN_KEY });
    const session = await createSession(database.db, adminId);
    // Every user with e-mail announcements on: the seeded ones, the visitors above, the admins.
    const [{ total } = { total: 0 }] = await database.db.select({ total: count() }).from(users);
    // Only A may take the jobs: B stops (gracefully) before the announcement is sent.
    expect(await b.stop("SIGTERM")).toBe(0);
    const subject = `Mail-out ${newId()}`;
    const response = await fetch(`${a.url}/api/admin/notifications/emailannouncement`, {
      method: "POST",
      headers: { cookie: `session=${session.token}`, origin: cluster.url, "content-type": "application/json" },
      body: JSON.stringify({ subject, message: "Half of you hear this from one instance, half from the other." }),
    });
    expect(`${response.status} ${await response.text()}`).toStartWith("200");
    const received = () => smtp.messages.filter((mail) => mail.subject === subject);

    await waitFor("half the announcement's mail", () => received().length >= seeded / 2, 30_000);
    await a.stop("SIGKILL");
    const receivedAtKill = received().length;
    // The jobs A completed before it died, and those it held (fetched, maybe sent, not completed).
    const jobsAtKill = (await database.db.execute(sql`
      select data ->> 'to' as to, state from pgboss.job where name = 'mail' and data ->> 'subject' = ${subject}`)) as unknown as {
      to: string;
      state: string;
    }[];
    // The address the server refuses for good (a visitor above) ends as failed mail, not delivered.
    const completedAtKill = jobsAtKill.filter((job) => job.state === "completed" && job.to !== gone).map((job) => job.to);
    const heldAtKill = new Set(jobsAtKill.filter((job) => job.state === "active").map((job) => job.to));
    expect(jobsAtKill).toHaveLength(total);
    // Half-way for real: part of the recipients had nothing yet.
    expect(receivedAtKill).toBeLessThan(total);
    await b.start();

    // B sends what was still queued at once, and what A held once A's heartbeat is missed.
    await waitFor(
      "every announcement job to complete on B",
      async () =>
        (
          (await database.db.execute(
            sql`select count(*)::int as n from pgboss.job where name = 'mail' and data ->> 'subject' = ${subject} and state = 'completed'`,
          )) as unknown as { n: number }[]
        )[0]?.n === total,
      60_000,
    );
    const perRecipient = new Map<string, number>();
    for (const mail of received()) for (const to of mail.envelopeTo) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    // Everyone has it, but the address the server refuses.
    expect([...perRecipient.keys()].toSorted()).toEqual(
      jobsAtKill
        .map((job) => job.to)
        .filter((to) => to !== gone)
        .toSorted(),
    );
    // A mail whose job completed is never sent again.
    expect(completedAtKill.filter((to) => perRecipient.get(to) !== 1)).toEqual([]);
    // Only the mails A held when it died can arrive twice: sent by A, not yet marked done.
    const twice = [...perRecipient].filter(([, n]) => n > 1);
    expect(twice.filter(([to, n]) => n !== 2 || !heldAtKill.has(to))).toEqual([]);
    console.log(
      `tests/cluster: announcement to ${total} killed on ${a.name} after ${receivedAtKill} mails (${completedAtKill.length} jobs completed, ${heldAtKill.size} held), finished on ${b.name}; ${twice.length} recipients got it twice`,
    );
  }, 120_000);
});
