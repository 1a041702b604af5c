// The admin tables' bulk endpoints at their limits (at most 100 ids a request, a clear 400 past
// it, nothing changed), the access codes' bulk delete, the admin search behind the command
// palette, and the pages that ask before reaching customers (issues 15 and 16).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inArray } from "drizzle-orm";
import { accessCodes, bugReports, faqs, projects } from "../db/schema";
import { newId } from "../src/lib/ids";
import { type TestServer, startTestServer } from "./helpers/server";
import { createCode, createProjectAs } from "./projects/fixtures";

let server: TestServer;
let admin: { cookie: string };
let customer: { cookie: string; user: { id: string; email: string } };
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  customer = await server.createUser({ displayName: "Ada Lovelace", email: `ada-${newId().toLowerCase()}@bakery.example` });
});
afterAll(() => server.stop());

type ErrorBody = { message: string; fields?: Record<string, string> };
const call = (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) =>
  server.request(path, { method: init.method ?? "GET", json: init.json, cookie: init.cookie ?? admin.cookie });

const ids = (count: number) => Array.from({ length: count }, () => newId());

describe("bulk limits: 100 ids a request", () => {
  test("101 ids are refused with a 400 naming the field, on every bulk PATCH and DELETE, and nothing changes", async () => {
    const projectId = await createProjectAs(server, customer.cookie, { projectName: "Limit Bakery" });
    const tooMany = [projectId, ...ids(100)];
    const refusals: [string, string, unknown?, string?][] = [
      ["PATCH", "/api/admin/projects", { projectIDs: tooMany, updatedFields: { archived: true } }, "projectIDs"],
      ["DELETE", `/api/admin/projects?projectIDs=${tooMany.join("-")}`, undefined, "projectIDs"],
      ["PATCH", "/api/admin/bugreports", { bugReportIDs: ids(101), updatedFields: { resolved: true } }, "bugReportIDs"],
      ["DELETE", `/api/admin/bugreports?bugReportIDs=${ids(101).join("-")}`, undefined, "bugReportIDs"],
      ["PATCH", "/api/admin/faq", { faqIDs: ids(101), updatedFields: { section: "Account" } }, "faqIDs"],
      ["DELETE", `/api/admin/faq?faqIDs=${ids(101).join("-")}`, undefined, "faqIDs"],
      ["DELETE", `/api/admin/accesscodes?accessCodeIDs=${ids(101).join("-")}`, undefined, "accessCodeIDs"],
    ];
    for (const [method, path, json, field] of refusals) {
      const response = await call(path, { method, json });
      expect({ path, method, status: response.status }).toEqual({ path, method, status: 400 });
      const body = (await response.json()) as ErrorBody;
      expect(`${body.message} ${JSON.stringify(body.fields ?? {})}`).toContain(field ?? "");
    }
    const [project] = await server.deps.database.db
      .select()
      .from(projects)
      .where(inArray(projects.id, [projectId]));
    expect(project?.archived).toBe(false);
  });

  test("exactly 100 ids are one request: the answer counts the rows changed", async () => {
    const db = server.deps.database.db;
    const reportIds = ids(100);
    await db.insert(bugReports).values(reportIds.map((id, index) => ({ id, title: `Bulk report ${index}`, description: "x" })));
    const patched = await call("/api/admin/bugreports", { method: "PATCH", json: { bugReportIDs: reportIds, updatedFields: { resolved: true } } });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { message: string }).message).toBe("100 bug reports updated.");
    const faqIds = ids(100);
    await db.insert(faqs).values(faqIds.map((id, index) => ({ id, title: `Bulk FAQ ${index}`, answer: "x", section: "Account" as const })));
    const moved = await call("/api/admin/faq", { method: "PATCH", json: { faqIDs: faqIds, updatedFields: { section: "Project" } } });
    expect(((await moved.json()) as { message: string }).message).toBe("100 FAQs updated.");
    const deleted = await call(`/api/admin/faq?faqIDs=${faqIds.join("-")}`, { method: "DELETE" });
    expect(((await deleted.json()) as { message: string }).message).toBe("100 FAQs deleted.");
  });
});

describe("access codes: bulk delete", () => {
  test("unclaimed codes go, claimed ones stay and the answer says so; customers get 403", async () => {
    const free = await createCode(server, admin.cookie, "Free one");
    const other = await createCode(server, admin.cookie, "Free two");
    const used = await createCode(server, admin.cookie, "Used one");
    await createProjectAs(server, customer.cookie, { projectName: "Coded Bakery", hasAccessCode: true, accessCode: used.code });
    const joined = [free.id, other.id, used.id].join("-");
    expect((await call(`/api/admin/accesscodes?accessCodeIDs=${joined}`, { method: "DELETE", cookie: customer.cookie })).status).toBe(403);
    const response = await call(`/api/admin/accesscodes?accessCodeIDs=${joined}`, { method: "DELETE" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: "2 access codes deleted. Claimed access codes are kept: they record how a project was paid.",
      accessCodeIDs: expect.arrayContaining([free.id, other.id]),
    });
    const left = await server.deps.database.db
      .select()
      .from(accessCodes)
      .where(inArray(accessCodes.id, [free.id, other.id, used.id]));
    expect(left.map((code) => code.id)).toEqual([used.id]);
    const again = await call(`/api/admin/accesscodes?accessCodeIDs=${used.id}`, { method: "DELETE" });
    expect(again.status).toBe(409);
    expect((await call(`/api/admin/accesscodes?accessCodeIDs=${newId()}`, { method: "DELETE" })).status).toBe(404);
    expect((await call("/api/admin/accesscodes?accessCodeIDs=not-an-id!", { method: "DELETE" })).status).toBe(400);
  });
});

describe("admin search (the command palette)", () => {
  test("finds projects by name and by the customer's e-mail, customers, codes, bug reports and pages", async () => {
    const projectId = await createProjectAs(server, customer.cookie, { projectName: "Analytical Bakery" });
    const code = await createCode(server, admin.cookie, "Analytical partner");
    const reportId = newId();
    await server.deps.database.db.insert(bugReports).values({ id: reportId, title: "Analytical chart is blank", description: "x" });

    type Answer = { hits: { kind: string; title: string; detail: string; href: string }[]; searchedData: boolean };
    const search = async (q: string) => (await (await call(`/api/admin/search?q=${encodeURIComponent(q)}`)).json()) as Answer;

    const { reference } = (await (await server.request(`/api/projects/${projectId}`, { cookie: customer.cookie })).json()) as { reference: string };
    const byName = await search("analytical");
    expect(byName.searchedData).toBe(true);
    expect(byName.hits).toEqual(
      expect.arrayContaining([
        {
          kind: "project",
          title: "Analytical Bakery",
          detail: `${reference} · Pending Approval · Ada Lovelace (${customer.user.email})`,
          href: `/projects/${projectId}`,
        },
        { kind: "access-code", title: "Analytical partner", detail: "Unclaimed", href: `/accesscodes/${code.id}` },
        { kind: "bug-report", title: "Analytical chart is blank", detail: "Unresolved", href: `/admin/bugreports/${reportId}` },
      ]),
    );
    const byEmail = await search("BAKERY.EXAMPLE");
    expect(byEmail.hits.filter((hit) => hit.kind === "project").map((hit) => hit.href)).toContain(`/projects/${projectId}`);
    expect(byEmail.hits).toContainEqual({
      kind: "customer",
      title: "Ada Lovelace",
      detail: customer.user.email,
      href: `/dashboard?customer=${customer.user.id}`,
    });

    // A typed reference (WS-1042) finds its one project.
    const byReference = await search(reference.toLowerCase());
    expect(byReference.hits.filter((hit) => hit.kind === "project").map((hit) => hit.href)).toEqual([`/projects/${projectId}`]);

    // Too short for the data: pages only (a trigram index needs three characters).
    expect(await search("to")).toMatchObject({ searchedData: false, hits: [{ kind: "page", title: "Tools" }] });
    // A wildcard is only a character.
    const short = await search("faq");
    expect(short.hits.filter((hit) => hit.kind === "page")).toEqual([{ kind: "page", title: "FAQ", detail: "Admin Console", href: "/admin/faq" }]);
    expect((await search("%%%")).hits).toEqual([]);
  });

  test("the customer's link opens the dashboard filtered to their projects", async () => {
    const html = await (await call(`/dashboard?customer=${customer.user.id}`)).text();
    expect(html).toContain("Customer: Ada Lovelace");
    expect(html).toContain("Analytical Bakery");
  });

  test("q is required and bounded; customers get 403 and visitors 401", async () => {
    expect((await call("/api/admin/search")).status).toBe(400);
    expect((await call(`/api/admin/search?q=${"x".repeat(101)}`)).status).toBe(400);
    expect((await call("/api/admin/search?q=bakery", { cookie: customer.cookie })).status).toBe(403);
    expect((await server.request("/api/admin/search?q=bakery")).status).toBe(401);
  });
});

describe("asking before reaching customers", () => {
  test("the console shows how many users each announcement reaches", async () => {
    const html = await (await call("/admin")).text();
    const props = html.match(/data-island="announcements"[^>]*data-props="([^"]*)"/)?.[1]?.replaceAll("&quot;", '"') ?? "{}";
    const { recipients } = JSON.parse(props) as { recipients: { app: number; email: number } };
    expect(recipients.app).toBeGreaterThanOrEqual(2);
    expect(recipients.email).toBeGreaterThanOrEqual(2);
    await server.createUser({
      settings: {
        theme: { themeColor: 0, tintColor: 0 },
        appNotifications: { generalEnabled: true, announcementsEnabled: false, socialEnabled: true },
        emailNotifications: { generalEnabled: true, announcementsEnabled: false, socialEnabled: true },
      },
    });
    const after = (await (await call("/admin")).text()).match(/data-island="announcements"[^>]*data-props="([^"]*)"/)?.[1]?.replaceAll("&quot;", '"') ?? "{}";
    expect((JSON.parse(after) as { recipients: { app: number } }).recipients.app).toBe(recipients.app);
  });
});
