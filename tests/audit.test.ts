// The audit log: every admin and super-admin change leaves exactly one entry
// per target and action, in the same transaction as the change, with masked secrets, the actor,
// the source address and the request id; the table refuses edits at the database; only admins read it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { asc, eq, sql } from "drizzle-orm";
import { type AuditEntryRow, auditLog, failedMails, users } from "../db/schema";
import { MASK, recordAudit } from "../src/features/audit/record";
import { newId } from "../src/lib/ids";
import { type TestServer, startTestServer } from "./helpers/server";
import { createCode, createProjectAs, png } from "./projects/fixtures";

let server: TestServer;
let admin: Awaited<ReturnType<TestServer["createAdmin"]>>;
let superAdmin: Awaited<ReturnType<TestServer["createAdmin"]>>;
let customer: Awaited<ReturnType<TestServer["createUser"]>>;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true" });
  admin = await server.createAdmin();
  superAdmin = await server.createAdmin({ superAdmin: true });
  customer = await server.createUser({ displayName: "Customer Carol" });
}, 60_000);
afterAll(() => server.stop());

const db = () => server.deps.database.db;

let addressCounter = 0;
/** Each call speaks from its own address (TRUST_PROXY), so the entry's source can be checked. */
async function call(method: string, path: string, cookie: string, json?: unknown): Promise<{ response: Response; ip: string; requestId: string }> {
  addressCounter += 1;
  const ip = `203.0.113.${addressCounter}`;
  const response = await server.request(path, { method, cookie, json, headers: { "x-forwarded-for": ip } });
  return { response, ip, requestId: response.headers.get("x-request-id") ?? "" };
}

async function ok(method: string, path: string, cookie: string, json?: unknown) {
  const result = await call(method, path, cookie, json);
  if (result.response.status >= 300) throw new Error(`${method} ${path}: ${result.response.status} ${await result.response.text()}`);
  return result;
}

function entriesFor(targetId: string): Promise<AuditEntryRow[]> {
  return db().select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

/** The one entry for a target and action, checked to be the only one, made by `by` from the call's address and request. */
async function onlyEntry(
  targetId: string,
  action: string,
  by: { user: { id: string; email: string; displayName: string } },
  from?: { ip: string; requestId: string },
) {
  const found = (await entriesFor(targetId)).filter((entry) => entry.action === action);
  expect(found).toHaveLength(1);
  const entry = found[0]!;
  expect(entry).toMatchObject({ actorId: by.user.id, actorEmail: by.user.email, actorName: by.user.displayName });
  if (from) {
    expect(entry.sourceIp).toBe(from.ip);
    expect(entry.requestId).toBe(from.requestId);
  }
  return entry;
}

const patchProjects = (cookie: string, projectIDs: string[], updatedFields: Record<string, unknown>) =>
  ok("PATCH", "/api/admin/projects", cookie, { projectIDs, updatedFields });

describe("projects", () => {
  test("a status change is one entry with the status before and after, the admin, the address and the request id", async () => {
    const id = await createProjectAs(server, customer.cookie, { projectName: "Audited Bakery" });
    const done = await patchProjects(admin.cookie, [id], { status: "in-progress" });
    const entry = await onlyEntry(id, "project.status", admin, done);
    expect(entry).toMatchObject({
      targetType: "project",
      targetLabel: "Audited Bakery",
      before: { status: "pending-approval" },
      after: { status: "in-progress" },
    });
    expect(entry.requestId).toMatch(/^[A-Za-z0-9._-]{8,}$/);
    // Setting the same status again changes nothing, so it records nothing.
    await patchProjects(admin.cookie, [id], { status: "in-progress" });
    expect(await entriesFor(id)).toHaveLength(1);
  });

  test("one bulk change records each project and each kind of change apart", async () => {
    const ids = [await createProjectAs(server, customer.cookie), await createProjectAs(server, customer.cookie)];
    await patchProjects(admin.cookie, ids, { archived: true, editingLocked: true, revisionsLocked: true });
    for (const id of ids) {
      const entries = await entriesFor(id);
      expect(entries.map((entry) => entry.action).sort()).toEqual(["project.archive", "project.lock"]);
      expect(entries.find((entry) => entry.action === "project.archive")).toMatchObject({ before: { archived: false }, after: { archived: true } });
      expect(entries.find((entry) => entry.action === "project.lock")).toMatchObject({
        before: { editingLocked: false, revisionsLocked: false },
        after: { editingLocked: true, revisionsLocked: true },
      });
    }
  });

  test("payment, refund and an access code are their own actions", async () => {
    const id = await createProjectAs(server, customer.cookie);
    await patchProjects(admin.cookie, [id], { status: "in-progress" });
    await patchProjects(admin.cookie, [id], { receivedPayment: true, paymentMethod: "bank_transfer" });
    expect((await onlyEntry(id, "project.paid", admin)).after).toEqual({ receivedPayment: true });
    await patchProjects(admin.cookie, [id], { refundIssued: true });
    expect(await onlyEntry(id, "payment.refund", admin)).toMatchObject({ before: { refundIssued: false }, after: { refundIssued: true } });

    const other = await createProjectAs(server, customer.cookie);
    const code = await createCode(server, admin.cookie, "Audit partner");
    await patchProjects(admin.cookie, [other], { accessCode: code.code.toLowerCase() });
    expect(await onlyEntry(other, "project.access_code", admin)).toMatchObject({ before: { accessCode: null }, after: { accessCode: code.code } });
  });

  test("a change that fails after its entry was written rolls the entry back with it", async () => {
    const id = await createProjectAs(server, customer.cookie);
    // Nothing was paid, so the refund is refused (409) after the status change and its entry were written.
    const refused = await call("PATCH", "/api/admin/projects", admin.cookie, { projectIDs: [id], updatedFields: { status: "completed", refundIssued: true } });
    expect(refused.response.status).toBe(409);
    expect(await entriesFor(id)).toEqual([]);
    // And directly: an entry written in a transaction that then fails is gone.
    const by = { userId: admin.user.id, email: admin.user.email, name: admin.user.displayName, ip: "127.0.0.1", requestId: null };
    const rolledBack = db().transaction(async (tx) => {
      await recordAudit(tx, by, { action: "faq.create", target: { type: "faq", id: "ROLLEDBACK", label: "x" } });
      throw new Error("the action failed");
    });
    await expect(rolledBack).rejects.toThrow("the action failed");
    expect(await entriesFor("ROLLEDBACK")).toEqual([]);
  });

  test("an admin's edit of a customer's project masks the domain password; the customer's own edit is not audited", async () => {
    const id = await createProjectAs(server, customer.cookie, { domainProviderPassword: "old-provider-secret" });
    await ok("PATCH", `/api/projects/${id}`, customer.cookie, { heroTitle: "Customer's own words" });
    expect(await entriesFor(id)).toEqual([]);
    const edit = await ok("PATCH", `/api/projects/${id}`, admin.cookie, { heroTitle: "Fixed by the studio", domainProviderPassword: "new-provider-secret" });
    const entry = await onlyEntry(id, "project.update", admin, edit);
    expect(entry.before).toEqual({ heroTitle: "Customer's own words", domainProviderPassword: MASK });
    expect(entry.after).toEqual({ heroTitle: "Fixed by the studio", domainProviderPassword: MASK });
    await ok("PATCH", `/api/projects/${id}`, admin.cookie, { revisionNotes: "Swap the hero photo" });
    expect((await entriesFor(id)).map((row) => row.after)).toContainEqual({ revisionNotes: "Swap the hero photo" });
    const stored = JSON.stringify(await db().select().from(auditLog));
    expect(stored).not.toContain("provider-secret");
  });

  test("an admin adding images to a customer's project records the count", async () => {
    const id = await createProjectAs(server, customer.cookie);
    const form = new FormData();
    form.append("logoImages", png("second.png"));
    const response = await server.request(`/api/projects/${id}/images`, { method: "POST", cookie: admin.cookie, body: form });
    expect(response.status).toBe(200);
    expect(await onlyEntry(id, "project.update", admin)).toMatchObject({ before: { images: 1 }, after: { images: 2 } });
  });

  test("deleting projects (bulk or one) records what was deleted", async () => {
    const bulk = await createProjectAs(server, customer.cookie, { projectName: "Bulk Doomed" });
    const single = await createProjectAs(server, customer.cookie, { projectName: "Single Doomed" });
    await ok("DELETE", `/api/admin/projects?projectIDs=${bulk}`, admin.cookie);
    await ok("DELETE", `/api/projects/${single}`, superAdmin.cookie);
    expect(await onlyEntry(bulk, "project.delete", admin)).toMatchObject({
      targetLabel: "Bulk Doomed",
      before: { status: "pending-approval", creatorEmail: customer.user.email },
      after: null,
    });
    expect(await onlyEntry(single, "project.delete", superAdmin)).toMatchObject({ targetLabel: "Single Doomed" });
    // A customer deleting their own project is not an admin action.
    const own = await createProjectAs(server, customer.cookie);
    await ok("DELETE", `/api/projects/${own}`, customer.cookie);
    expect(await entriesFor(own)).toEqual([]);
  });

  test("sending an invoice records its number and recipient", async () => {
    const id = await createProjectAs(server, customer.cookie, { projectName: "Invoiced Bakery" });
    await patchProjects(admin.cookie, [id], { status: "in-progress" });
    const sent = await ok("PATCH", "/api/admin/projects/sendinvoice", admin.cookie, { projectID: id });
    const { invoiceID } = (await sent.response.json()) as { invoiceID: string };
    const entry = await onlyEntry(invoiceID, "invoice.send", admin, sent);
    expect(entry.targetLabel).toContain("Invoiced Bakery");
    expect(entry.after).toMatchObject({ projectId: id, to: customer.user.email, resent: false });
  });
});

describe("the console's other writes", () => {
  test("access codes: created and deleted, the title is recorded, never the code", async () => {
    const code = await createCode(server, admin.cookie, "Partner ACME");
    const entry = await onlyEntry(code.id, "access_code.create", admin);
    expect(entry).toMatchObject({ targetType: "access_code", targetLabel: "Partner ACME", after: { title: "Partner ACME" } });
    expect(JSON.stringify(entry)).not.toContain(code.code);
    const deleted = await ok("DELETE", `/api/admin/accesscodes?accessCodeIDs=${code.id}`, admin.cookie);
    const gone = await onlyEntry(code.id, "access_code.delete", admin, deleted);
    expect(gone).toMatchObject({ targetLabel: "Partner ACME", before: { title: "Partner ACME" }, after: null });
    expect(JSON.stringify(gone)).not.toContain(code.code);
  });

  test("FAQ: create, update and delete", async () => {
    const created = await ok("POST", "/api/admin/faq", admin.cookie, { title: "Audited question", section: "Account", answer: "Yes." });
    const { faqID } = (await created.response.json()) as { faqID: string };
    expect((await onlyEntry(faqID, "faq.create", admin, created)).after).toEqual({ title: "Audited question", section: "Account", answer: "Yes." });
    await ok("PATCH", "/api/admin/faq", admin.cookie, { faqIDs: [faqID], updatedFields: { answer: "No.", section: "Account" } });
    expect(await onlyEntry(faqID, "faq.update", admin)).toMatchObject({ before: { answer: "Yes." }, after: { answer: "No." } });
    await ok("DELETE", `/api/admin/faq?faqIDs=${faqID}`, admin.cookie);
    expect((await onlyEntry(faqID, "faq.delete", admin)).before).toEqual({ title: "Audited question", section: "Account", answer: "No." });
  });

  test("bug reports: create, update and delete", async () => {
    const created = await ok("POST", "/api/admin/bugreports", admin.cookie, { title: "Audited bug", description: "Broken." });
    const { bugReportID } = (await created.response.json()) as { bugReportID: string };
    await onlyEntry(bugReportID, "bug_report.create", admin, created);
    await ok("PATCH", "/api/admin/bugreports", admin.cookie, { bugReportIDs: [bugReportID], updatedFields: { resolved: true, notes: "Fixed in 1.2" } });
    expect(await onlyEntry(bugReportID, "bug_report.update", admin)).toMatchObject({
      before: { resolved: false, notes: "" },
      after: { resolved: true, notes: "Fixed in 1.2" },
    });
    await ok("DELETE", `/api/admin/bugreports?bugReportIDs=${bugReportID}`, admin.cookie);
    expect((await onlyEntry(bugReportID, "bug_report.delete", admin)).before).toMatchObject({ title: "Audited bug", resolved: true });
  });

  test("announcements in the app and by e-mail", async () => {
    await ok("POST", "/api/admin/notifications/appannouncement", admin.cookie, { message: "Audited maintenance tonight" });
    await ok("POST", "/api/admin/notifications/emailannouncement", admin.cookie, { subject: "Audited news", message: "Hello all" });
    const sent = await db().select().from(auditLog).where(eq(auditLog.action, "announcement.send"));
    expect(sent.map((entry) => entry.targetLabel).sort()).toEqual(["Audited maintenance tonight", "Audited news"]);
    expect(sent.find((entry) => entry.targetLabel === "Audited news")?.after).toMatchObject({ kind: "email", subject: "Audited news" });
  });

  test("roles and MFA resets record the roles before and after, never the keys", async () => {
    const target = await server.createUser({ displayName: "Promoted Pat" });
    const made = await ok("PATCH", "/api/admin/users/makeadmin", admin.cookie, { userID: target.user.id });
    expect(await onlyEntry(target.user.id, "user.make_admin", admin, made)).toMatchObject({
      targetType: "user",
      targetLabel: `Promoted Pat <${target.user.email}>`,
      before: { isAdmin: false, isSuperAdmin: false },
      after: { isAdmin: true, isSuperAdmin: false },
    });
    await ok("PATCH", "/api/admin/users/makesuperadmin", superAdmin.cookie, { userID: target.user.id });
    expect((await onlyEntry(target.user.id, "user.make_super_admin", superAdmin)).after).toEqual({ isAdmin: true, isSuperAdmin: true });
    const other = await server.createAdmin();
    await ok("PATCH", "/api/admin/users/removeadmin", superAdmin.cookie, { userID: other.user.id });
    expect((await onlyEntry(other.user.id, "user.remove_admin", superAdmin)).after).toEqual({ isAdmin: false, isSuperAdmin: false });

    const withMfa = await server.createUser({ totpSecretEnc: "sealed-totp-secret" });
    await ok("PATCH", "/api/admin/users/resetmfa", superAdmin.cookie, { userID: withMfa.user.id });
    expect(await onlyEntry(withMfa.user.id, "user.mfa_reset", superAdmin)).toMatchObject({ before: { mfa: true }, after: { mfa: false, signedOut: true } });

    const stored = JSON.stringify(await db().select().from(auditLog));
    for (const secret of ["test-admin-key", "test-super-admin-key", "sealed-totp-secret", "argon2"]) expect(stored).not.toContain(secret);
  });

  test("retrying a failed mail", async () => {
    const id = newId();
    await db().insert(failedMails).values({ id, to: "bounce@example.com", subject: "Audited mail", text: "Hi", error: "550 no such user" });
    await ok("POST", `/api/admin/mail/failed/${id}/retry`, admin.cookie);
    expect(await onlyEntry(id, "mail.retry", admin)).toMatchObject({ targetType: "mail", before: { error: "550 no such user" } });
  });
});

describe("masking", () => {
  test("secret-named fields are masked at any depth, inside arrays too; null stays null", async () => {
    const by = { userId: admin.user.id, email: admin.user.email, name: admin.user.displayName, ip: "127.0.0.1", requestId: null };
    await recordAudit(db(), by, {
      action: "project.update",
      target: { type: "project", id: "MASKING", label: "Masking" },
      before: { resetToken: null, tiers: [{ name: "Pro", apiKey: "k-123" }], owner: { passwordHash: "$argon2id$x", name: "Ada" } },
      after: { resetToken: "t-456", totpSecretEnc: "sealed", note: "plain" },
    });
    const [entry] = await entriesFor("MASKING");
    expect(entry?.before).toEqual({ resetToken: null, tiers: [{ name: "Pro", apiKey: MASK }], owner: { passwordHash: MASK, name: "Ada" } });
    expect(entry?.after).toEqual({ resetToken: MASK, totpSecretEnc: MASK, note: "plain" });
  });
});

describe("the table itself", () => {
  test("UPDATE, DELETE and TRUNCATE are refused by the database", async () => {
    const code = await createCode(server, admin.cookie, "Kept for ever");
    const [entry] = await entriesFor(code.id);
    expect(entry).toBeDefined();
    /** The database's reason for refusing the statement. */
    const run = async (statement: ReturnType<typeof sql>) => {
      try {
        await db().execute(statement);
      } catch (error) {
        throw new Error(String((error as { cause?: unknown }).cause ?? error));
      }
    };
    for (const statement of [
      sql`update audit_log set actor_email = 'forged@example.com'`,
      sql`delete from audit_log where id = ${entry!.id}`,
      sql`truncate audit_log`,
    ]) {
      await expect(run(statement)).rejects.toThrow("audit_log is append-only");
    }
    // Even a statement that matches no row.
    await expect(run(sql`delete from audit_log where id = 'nothing'`)).rejects.toThrow("audit_log is append-only: DELETE is refused");
    const [still] = await db().select().from(auditLog).where(eq(auditLog.id, entry!.id));
    expect(still).toEqual(entry!);
  });

  test("entries outlive the admin's account, keeping their e-mail and name", async () => {
    const leaving = await server.createAdmin();
    const code = await createCode(server, leaving.cookie, "Left behind");
    await db().delete(users).where(eq(users.id, leaving.user.id));
    expect(await onlyEntry(code.id, "access_code.create", leaving)).toMatchObject({ actorEmail: leaving.user.email });
  });
});

describe("reading the log", () => {
  type Answer = {
    entries: { _id: string; action: string; actor: { email: string }; target: { id: string; type: string; label: string } }[];
    totalCount: number;
  };
  const read = async (query: string, cookie = admin.cookie) => {
    const response = await server.request(`/api/admin/audit${query}`, { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as Answer;
  };

  test("visitors get 401, customers 403, and the page and CSV send customers away", async () => {
    expect((await server.request("/api/admin/audit")).status).toBe(401);
    expect((await server.request("/api/admin/audit", { cookie: customer.cookie })).status).toBe(403);
    for (const path of ["/admin/audit", "/admin/audit/export.csv"]) {
      const page = await server.request(path, { cookie: customer.cookie });
      expect(page.status).toBe(303);
      expect(page.headers.get("location")).toBe("/dashboard");
    }
    // No route writes to the log.
    for (const method of ["POST", "PATCH", "PUT", "DELETE"])
      expect((await server.request("/api/admin/audit", { method, cookie: superAdmin.cookie })).status).toBe(404);
  });

  test("filters by action, actor, target type, target text and days", async () => {
    const byAction = await read("?action=faq.create");
    expect(byAction.entries.length).toBeGreaterThan(0);
    expect(byAction.entries.every((entry) => entry.action === "faq.create")).toBe(true);
    const bySuper = await read(`?actor=${encodeURIComponent(superAdmin.user.email)}`);
    expect(bySuper.entries.every((entry) => entry.actor.email === superAdmin.user.email)).toBe(true);
    expect(bySuper.entries.length).toBeGreaterThan(0);
    const users = await read("?targetType=user");
    expect(users.entries.every((entry) => entry.target.type === "user")).toBe(true);
    const bakery = await read("?target=audited%20bakery");
    expect(bakery.entries.map((entry) => entry.target.label)).toContain("Audited Bakery");
    expect(bakery.entries.every((entry) => entry.target.label === "Audited Bakery")).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await read(`?from=${today}&to=${today}`)).totalCount).toBeGreaterThan(0);
    expect((await read("?to=2000-01-01")).entries).toEqual([]);
    expect((await read("?from=2999-01-01")).entries).toEqual([]);
  });

  test("bad filters are a 400 naming the field", async () => {
    const badAction = await server.request("/api/admin/audit?action=project.explode", { cookie: admin.cookie });
    expect(badAction.status).toBe(400);
    expect(JSON.stringify(await badAction.json())).toContain("action");
    const badDay = await server.request("/api/admin/audit?from=2026-02-30", { cookie: admin.cookie });
    expect(badDay.status).toBe(400);
    expect(Object.keys(((await badDay.json()) as { fields: Record<string, string> }).fields)).toEqual(["query.from"]);
  });

  test("the CSV holds every entry the filters match, with the page's columns", async () => {
    const response = await server.request("/admin/audit/export.csv?targetType=faq", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toContain('"Action"');
    const expected = await read("?targetType=faq");
    expect(lines).toHaveLength(expected.totalCount + 1);
    expect(lines.slice(1).every((line) => line.includes('"faq"'))).toBe(true);
    expect(lines.some((line) => line.includes("faq.delete"))).toBe(true);
  });

  test("the page lists entries with their changes for admins", async () => {
    const response = await server.request("/admin/audit?action=project.status", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Audit Log");
    expect(html).toContain("Audited Bakery");
    expect(html).toContain("pending-approval");
    expect(html).not.toContain("faq.create</code>");
  });
});
