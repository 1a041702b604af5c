// The admin bug report API (SPEC.md §7 Bug reports) over HTTP: who may call, every call and
// refusal, the resolvedAt/archivedAt bookkeeping and the stats' arithmetic on rows at known dates.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { bugReports, notifications } from "../db/schema";
import { getBugReportStats, percentDelta } from "../src/features/bug-reports/admin-service";
import { newId } from "../src/lib/ids";
import { type TestServer, startTestServer } from "./helpers/server";

let server: TestServer;
let admin: { cookie: string; user: { id: string } };
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
});
afterAll(() => server.stop());

type Report = {
  _id: string;
  title: string;
  description: string;
  notes: string;
  resolved: boolean;
  highPriority: boolean;
  archived: boolean;
  resolvedAt: string | null;
  archivedAt: string | null;
  reporter: string | null;
};
type ReportPage = { bugReports: Report[]; pagesCount: number; canLoadMore: boolean; totalCount: number };

const call = (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) =>
  server.request(path, { method: init.method ?? "GET", json: init.json, cookie: init.cookie ?? admin.cookie });

async function createReport(title: string, description = "It broke."): Promise<string> {
  const response = await call("/api/admin/bugreports", { method: "POST", json: { title, description } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { bugReportID: string }).bugReportID;
}
const read = async (id: string) => (await (await call(`/api/admin/bugreports/${id}`)).json()) as Report;
const patch = (ids: string[], updatedFields: unknown) => call("/api/admin/bugreports", { method: "PATCH", json: { bugReportIDs: ids, updatedFields } });

describe("who may call", () => {
  test("visitors get 401 and customers 403 on every call, and nothing changes", async () => {
    const id = await createReport("Guarded report");
    const customer = await server.createUser();
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/bugreports/search"],
      ["GET", "/api/admin/bugreports/stats?timeframe=week"],
      ["GET", `/api/admin/bugreports/${id}`],
      ["POST", "/api/admin/bugreports", { title: "x", description: "y" }],
      ["PATCH", "/api/admin/bugreports", { bugReportIDs: [id], updatedFields: { resolved: true } }],
      ["DELETE", `/api/admin/bugreports?bugReportIDs=${id}`],
    ];
    for (const [method, path, json] of calls) {
      expect((await server.request(path, { method, json })).status).toBe(401);
      const asCustomer = await server.request(path, { method, json, cookie: customer.cookie });
      expect(asCustomer.status).toBe(403);
      expect(typeof ((await asCustomer.json()) as { message: string }).message).toBe("string");
    }
    expect((await read(id)).resolved).toBe(false);
  });
});

describe("create, read, update, delete", () => {
  test("an admin files a report; a customer's report shows up for admins with its reporter", async () => {
    const id = await createReport("  Admin found it  ", "  Steps  ");
    expect(await read(id)).toMatchObject({ title: "Admin found it", description: "Steps", notes: "", resolved: false, reporter: admin.user.id });
    const customer = await server.createUser({ displayName: "Casey Customer" });
    const sent = await server.request("/api/bugreports", { method: "POST", cookie: customer.cookie, json: { title: "Customer bug", description: "Oops" } });
    const customerId = ((await sent.json()) as { bugReportID: string }).bugReportID;
    expect(await read(customerId)).toMatchObject({ reporter: customer.user.id, reporterName: "Casey Customer" });
  });

  test("toggling resolved and archived sets and clears resolvedAt and archivedAt; only changed fields change", async () => {
    const id = await createReport("Toggle me");
    expect((await patch([id], { resolved: true, notes: "Fixed in 1.2" })).status).toBe(200);
    const resolved = await read(id);
    expect(resolved).toMatchObject({ resolved: true, notes: "Fixed in 1.2", title: "Toggle me", archived: false, archivedAt: null });
    expect(resolved.resolvedAt).not.toBeNull();
    // Resolving again keeps the original time.
    await patch([id], { resolved: true });
    expect((await read(id)).resolvedAt).toBe(resolved.resolvedAt);
    await patch([id], { resolved: false, archived: true, highPriority: true });
    expect(await read(id)).toMatchObject({ resolved: false, resolvedAt: null, archived: true, highPriority: true });
    expect((await read(id)).archivedAt).not.toBeNull();
    await patch([id], { archived: false, title: "Renamed", description: "New words" });
    expect(await read(id)).toMatchObject({ archived: false, archivedAt: null, title: "Renamed", description: "New words", notes: "Fixed in 1.2" });
  });

  test("bulk update and bulk delete (ids joined with '-')", async () => {
    const ids = [await createReport("Bulk A"), await createReport("Bulk B")];
    expect(((await (await patch(ids, { highPriority: true })).json()) as { message: string }).message).toBe("2 bug reports updated.");
    for (const id of ids) expect((await read(id)).highPriority).toBe(true);
    const deleted = await call(`/api/admin/bugreports?bugReportIDs=${ids.join("-")}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as { message: string }).message).toBe("2 bug reports deleted.");
    for (const id of ids) expect((await call(`/api/admin/bugreports/${id}`)).status).toBe(404);
  });
});

describe("refusals", () => {
  test("blank titles and descriptions get the spec's words; forged fields and bad types are refused", async () => {
    const id = await createReport("Keep");
    const cases: [unknown, number, string | RegExp][] = [
      [{ title: "  " }, 400, "Title cannot be blank."],
      [{ description: "" }, 400, "Description cannot be blank"],
      [{}, 400, /updatedFields/],
      [{ reporter: newId() }, 400, "The field updatedFields.reporter cannot be set here."],
      [{ createdAt: "2001-01-01" }, 400, /createdAt/],
      [{ resolvedAt: "2001-01-01" }, 400, /resolvedAt/],
      [{ resolved: "yes" }, 400, /resolved/],
    ];
    for (const [fields, status, message] of cases) {
      const response = await patch([id], fields);
      expect(response.status).toBe(status);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    for (const ids of [[], ["bad-id"], ["u".repeat(26)]]) expect((await patch(ids, { resolved: true })).status).toBe(400);
    expect((await patch([newId()], { resolved: true })).status).toBe(404);
    expect(await read(id)).toMatchObject({ title: "Keep", resolved: false, resolvedAt: null });

    const before = (await server.deps.database.db.select().from(bugReports)).length;
    const creates: [unknown, string | RegExp][] = [
      [{ title: " ", description: "x" }, "Title cannot be blank."],
      [{ title: "x", description: " " }, "Description cannot be blank"],
      [{ title: "x" }, /description/],
      [{ title: "x", description: "y", resolved: true }, "The field resolved cannot be set here."],
      [{ title: "x", description: "y", reporter: newId() }, "The field reporter cannot be set here."],
    ];
    for (const [json, message] of creates) {
      const response = await call("/api/admin/bugreports", { method: "POST", json });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    expect((await server.deps.database.db.select().from(bugReports)).length).toBe(before);
  });

  test("bad ids: malformed delete lists are 400, unknown ones 404, bad reads 404", async () => {
    const id = await createReport("Survivor");
    for (const query of ["", "?bugReportIDs=", "?bugReportIDs=abc", `?bugReportIDs=${id}-x`]) {
      expect((await call(`/api/admin/bugreports${query}`, { method: "DELETE" })).status).toBe(400);
    }
    expect((await call(`/api/admin/bugreports?bugReportIDs=${newId()}`, { method: "DELETE" })).status).toBe(404);
    expect((await call("/api/admin/bugreports/nope")).status).toBe(404);
    expect((await call(`/api/admin/bugreports/${newId()}`)).status).toBe(404);
    expect((await read(id)).title).toBe("Survivor");
    for (const query of ["timeframe=decade", "timeframe="]) expect((await call(`/api/admin/bugreports/stats?${query}`)).status).toBe(400);
  });
});

describe("search", () => {
  test("filters by status, priority, archived and title; sorts; archived reports only under Archived", async () => {
    const tag = "Quokka";
    const plain = await createReport(`${tag} plain`);
    const fixed = await createReport(`${tag} fixed`);
    const urgent = await createReport(`${tag} urgent`);
    const old = await createReport(`${tag} archived`);
    await patch([fixed], { resolved: true });
    await patch([urgent], { highPriority: true });
    await patch([old], { archived: true, resolved: true });
    const ids = async (query: string) =>
      ((await (await call(`/api/admin/bugreports/search?title=${tag}&${query}`)).json()) as ReportPage).bugReports.map((r) => r._id);
    expect(await ids("")).toEqual([urgent, fixed, plain]);
    expect(await ids("sortby=createdAt")).toEqual([plain, fixed, urgent]);
    expect(await ids("status=unresolved")).toEqual([urgent, plain]);
    expect(await ids("status=resolved")).toEqual([fixed]);
    expect(await ids("highPriority=true")).toEqual([urgent]);
    expect(await ids("archived=true")).toEqual([old]);
    expect(await ids("archived=true&status=unresolved")).toEqual([]);
    const page = (await (await call(`/api/admin/bugreports/search?title=${tag}`)).json()) as ReportPage;
    expect(page).toMatchObject({ totalCount: 3, pagesCount: 1, canLoadMore: false });
    for (const query of ["status=done", "page=0", "sortby=title", "highPriority=maybe"]) {
      expect((await call(`/api/admin/bugreports/search?${query}`)).status).toBe(400);
    }
  });
});

describe("stats", () => {
  test("percent change is against the previous period of the same length", () => {
    expect(percentDelta(3, 2)).toBe(50);
    expect(percentDelta(1, 4)).toBe(-75);
    expect(percentDelta(2, 3)).toBe(-33.3);
    expect(percentDelta(0, 0)).toBe(0);
    expect(percentDelta(5, 0)).toBe(100);
  });

  test("counts created, resolved and archived reports in this week, month and year from rows at known dates", async () => {
    const db = server.deps.database.db;
    await db.delete(bugReports);
    const now = new Date("2030-06-15T12:00:00Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const row = (createdDays: number, extra: Partial<typeof bugReports.$inferInsert> = {}) => ({
      id: newId(),
      title: "Dated",
      description: "d",
      createdAt: daysAgo(createdDays),
      ...extra,
    });
    await db.insert(bugReports).values([
      // This week: 3 created, 2 resolved this week, 1 archived this week.
      row(1, { resolved: true, resolvedAt: daysAgo(0.5) }),
      row(2),
      row(6, { archived: true, archivedAt: daysAgo(3) }),
      // Last week: 2 created; one resolved last week, one resolved this week.
      row(8, { resolved: true, resolvedAt: daysAgo(9) }),
      row(10, { resolved: true, resolvedAt: daysAgo(2) }),
      // Earlier this month and last month, and last year.
      row(20),
      row(40, { archived: true, archivedAt: daysAgo(45) }),
      row(200),
      row(400),
      // A flag turned off keeps its timestamp out of the counts even if one lingered.
      row(3, { resolved: false, resolvedAt: null }),
    ]);
    expect(await getBugReportStats(db, "week", now)).toEqual({
      reportsCount: 4,
      resolvedCount: 2,
      archivedCount: 1,
      reportsPercentDelta: 100,
      resolvedPercentDelta: 100,
      archivedPercentDelta: 100,
    });
    // Month: 30 days back (created 1,2,3,6,8,10,20 = 7) vs 30-60 (40 = 1).
    expect(await getBugReportStats(db, "month", now)).toEqual({
      reportsCount: 7,
      resolvedCount: 3,
      archivedCount: 1,
      reportsPercentDelta: 600,
      resolvedPercentDelta: 100,
      archivedPercentDelta: 0,
    });
    // Year: everything but the 400-day-old report (9) vs that one (1).
    expect(await getBugReportStats(db, "year", now)).toEqual({
      reportsCount: 9,
      resolvedCount: 3,
      archivedCount: 2,
      reportsPercentDelta: 800,
      resolvedPercentDelta: 100,
      archivedPercentDelta: 100,
    });
    // Over HTTP the periods end now; a report filed now counts this week.
    await db.delete(bugReports);
    await createReport("Right now");
    const stats = (await (await call("/api/admin/bugreports/stats?timeframe=week")).json()) as Record<string, number>;
    expect(stats).toMatchObject({ reportsCount: 1, resolvedCount: 0, archivedCount: 0, reportsPercentDelta: 100, resolvedPercentDelta: 0 });
    const defaultWeek = (await (await call("/api/admin/bugreports/stats")).json()) as Record<string, number>;
    expect(defaultWeek.reportsCount).toBe(1);
    expect((await db.select().from(bugReports).where(eq(bugReports.title, "Right now"))).length).toBe(1);
  });
});

describe("long lists", () => {
  test("are counted only a thousand rows past the page asked for, and say so", async () => {
    const tag = `bulk${newId().slice(-6).toLowerCase()}`;
    const rows = Array.from({ length: 1025 }, (_, index) => ({ id: newId(), title: `${tag} ${index}`, description: "Many." }));
    await server.deps.database.db.insert(bugReports).values(rows);
    const search = async (query: string) =>
      (await (await call(`/api/admin/bugreports/search?title=${tag}${query}`)).json()) as ReportPage & { totalCountCapped: boolean };
    expect(await search("")).toMatchObject({ totalCount: 1000, totalCountCapped: true, pagesCount: 50, canLoadMore: true });
    // Near the end the count reaches the last row: exact again.
    expect(await search("&page=50")).toMatchObject({ totalCount: 1025, totalCountCapped: false, pagesCount: 52, canLoadMore: true });
    const last = await search("&page=52");
    expect(last).toMatchObject({ totalCount: 1025, totalCountCapped: false, canLoadMore: false });
    expect(last.bugReports).toHaveLength(5);
    // The pager on the admin page says there are more than it counted.
    const html = await (await server.request(`/admin/bugreports?title=${tag}`, { cookie: admin.cookie })).text();
    expect(html).toContain("Page 1 of 50+");
  });
});

describe("a reporter's own reports", () => {
  test("are listed under Settings with the status admins set, and resolving one notifies its reporter once", async () => {
    const customer = await server.createUser();
    const sent = await server.request("/api/bugreports", {
      method: "POST",
      cookie: customer.cookie,
      json: { title: "Logo upload spins", description: "It never ends." },
    });
    expect(sent.status).toBe(201);
    const { bugReportID } = (await sent.json()) as { bugReportID: string };
    const before = await (await server.request("/settings/bugreports", { cookie: customer.cookie })).text();
    expect(before).toContain("Logo upload spins");
    expect(before).toContain(">Open<");
    // Another user sees none of it.
    const stranger = await server.createUser();
    expect(await (await server.request("/settings/bugreports", { cookie: stranger.cookie })).text()).not.toContain("Logo upload spins");
    // Visitors are sent to sign in.
    expect((await server.request("/settings/bugreports")).status).toBe(303);

    const resolve = () => call("/api/admin/bugreports", { method: "PATCH", json: { bugReportIDs: [bugReportID], updatedFields: { resolved: true } } });
    expect((await resolve()).status).toBe(200);
    expect((await resolve()).status).toBe(200);
    const notices = await server.deps.database.db.select().from(notifications).where(eq(notifications.userId, customer.user.id));
    expect(notices.map((notice) => notice.message)).toEqual(['Your bug report "Logo upload spins" was marked resolved. Thank you for telling us.']);
    expect(await (await server.request("/settings/bugreports", { cookie: customer.cookie })).text()).toContain(">Resolved<");
  });
});

describe("CSV export", () => {
  test("holds every row the filters match, not only the page shown, with formulas neutralised; admins only", async () => {
    const tag = `csv${newId().slice(-6).toLowerCase()}`;
    const rows = Array.from({ length: 45 }, (_, index) => ({ id: newId(), title: `${tag} ${index}`, description: "Many." }));
    rows.push({ id: newId(), title: `=HYPERLINK("http://evil") ${tag}`, description: "+cmd|' /C calc'!A0" });
    await server.deps.database.db.insert(bugReports).values(rows);
    const page = await (await call(`/admin/bugreports?title=${tag}`)).text();
    expect(page).toContain(`href="/admin/bugreports/export.csv?title=${tag}"`);
    const response = await call(`/admin/bugreports/export.csv?title=${tag}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="bug-reports-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toStartWith('"ID","Title","Description","Status"');
    expect(lines).toHaveLength(1 + 46);
    expect(lines.join("\n")).toContain(`"'=HYPERLINK(""http://evil"") ${tag}"`);
    expect(lines.join("\n")).toContain(`"'+cmd|' /C calc'!A0"`);
    expect(lines[1]).toMatch(/"\d{4}-\d{2}-\d{2}T[\d:.]+Z"/);
    // Filters apply: nothing is high priority.
    expect((await (await call(`/admin/bugreports/export.csv?title=${tag}&highPriority=true`)).text()).trimEnd().split("\r\n")).toHaveLength(1);
    const customer = await server.createUser();
    expect((await server.request(`/admin/bugreports/export.csv?title=${tag}`, { cookie: customer.cookie })).status).toBe(303);
  });
});
