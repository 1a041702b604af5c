// The admin FAQ API (SPEC.md §7 FAQ) over HTTP: who may call, every call, every refusal, and
// the public help centre showing each change at once (its render cache is cleared).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { faqs } from "../db/schema";
import { newId } from "../src/lib/ids";
import { type TestServer, startTestServer } from "./helpers/server";

let server: TestServer;
let admin: { cookie: string };
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
});
afterAll(() => server.stop());

type FaqJson = { _id: string; title: string; section: string; answer: string };
type FaqPage = { faqs: FaqJson[]; pagesCount: number; canLoadMore: boolean; totalCount: number };

const call = (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) =>
  server.request(path, { method: init.method ?? "GET", json: init.json, cookie: init.cookie ?? admin.cookie });

async function createFaq(fields: Record<string, unknown>): Promise<string> {
  const response = await call("/api/admin/faq", { method: "POST", json: fields });
  expect(response.status).toBe(201);
  return ((await response.json()) as { faqID: string }).faqID;
}

describe("who may call", () => {
  test("visitors get 401 and customers 403 on every call, and nothing changes", async () => {
    const id = await createFaq({ title: "Guarded", answer: "Only admins edit me." });
    const customer = await server.createUser();
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/faq/search"],
      ["GET", `/api/admin/faq/${id}`],
      ["POST", "/api/admin/faq", { title: "x", answer: "y" }],
      ["PATCH", "/api/admin/faq", { faqIDs: [id], updatedFields: { title: "Hacked" } }],
      ["DELETE", `/api/admin/faq?faqIDs=${id}`],
    ];
    for (const [method, path, json] of calls) {
      const visitor = await server.request(path, { method, json });
      expect(visitor.status).toBe(401);
      const asCustomer = await server.request(path, { method, json, cookie: customer.cookie });
      expect(asCustomer.status).toBe(403);
      expect(typeof ((await asCustomer.json()) as { message: string }).message).toBe("string");
    }
    const faq = (await (await call(`/api/admin/faq/${id}`)).json()) as FaqJson;
    expect(faq.title).toBe("Guarded");
  });
});

describe("create, read, update, delete", () => {
  test("creates with the section defaulting to Account, reads it back, and the public pages show it at once", async () => {
    // Warm the visitors' cache first, so a stale page would show.
    expect(await (await server.request("/support")).text()).not.toContain("Where is my invoice?");
    const id = await createFaq({ title: "  Where is my invoice?  ", answer: "In your mailbox." });
    const faq = (await (await call(`/api/admin/faq/${id}`)).json()) as FaqJson;
    expect(faq).toMatchObject({ _id: id, title: "Where is my invoice?", section: "Account", answer: "In your mailbox." });
    expect(await (await server.request("/support")).text()).toContain("Where is my invoice?");

    const patched = await call("/api/admin/faq", {
      method: "PATCH",
      json: { faqIDs: [id], updatedFields: { title: "Where do invoices go?", section: "Project" } },
    });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { message: string; faqIDs: string[] }).faqIDs).toEqual([id]);
    const support = await (await server.request("/support")).text();
    expect(support).toContain("Where do invoices go?");
    expect(support).not.toContain("Where is my invoice?");
    expect(((await (await call(`/api/admin/faq/${id}`)).json()) as FaqJson).answer).toBe("In your mailbox.");

    const deleted = await call(`/api/admin/faq?faqIDs=${id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as { message: string }).message).toBe("FAQ deleted.");
    expect(await (await server.request("/support")).text()).not.toContain("Where do invoices go?");
    expect((await call(`/api/admin/faq/${id}`)).status).toBe(404);
  });

  test("bulk update and bulk delete take several ids (joined with '-' in the delete query)", async () => {
    const ids = [await createFaq({ title: "Bulk one", answer: "a" }), await createFaq({ title: "Bulk two", answer: "b" })];
    const patched = await call("/api/admin/faq", { method: "PATCH", json: { faqIDs: ids, updatedFields: { section: "Admin Console" } } });
    expect(((await patched.json()) as { message: string }).message).toBe("2 FAQs updated.");
    for (const id of ids) expect(((await (await call(`/api/admin/faq/${id}`)).json()) as FaqJson).section).toBe("Admin Console");
    const deleted = await call(`/api/admin/faq?faqIDs=${ids.join("-")}`, { method: "DELETE" });
    expect((await deleted.json()) as unknown).toEqual({ message: "2 FAQs deleted.", faqIDs: expect.arrayContaining(ids) });
  });

  test("a bulk delete sent as the admin console's client sends it (an empty JSON object as the body) deletes", async () => {
    const id = await createFaq({ title: "Sent with a body", answer: "a" });
    const deleted = await call(`/api/admin/faq?faqIDs=${id}`, { method: "DELETE", json: {} });
    expect(deleted.status).toBe(200);
    expect((await call(`/api/admin/faq/${id}`)).status).toBe(404);
  });
});

describe("refusals", () => {
  test("blank or missing title and answer, unknown sections and forged fields are refused and create nothing", async () => {
    const before = (await server.deps.database.db.select().from(faqs)).length;
    const bodies: [unknown, string | RegExp][] = [
      [{ title: "  ", answer: "x" }, "Title cannot be blank."],
      [{ title: "x", answer: "" }, "Answer cannot be blank."],
      [{ answer: "x" }, /title/],
      [{ title: "x", answer: "y", section: "Billing" }, /section/],
      [{ title: "x", answer: "y", createdAt: "2001-01-01" }, "The field createdAt cannot be set here."],
      [{ title: "x", answer: "y", _id: newId() }, "The field _id cannot be set here."],
      [{ title: 5, answer: "y" }, /title/i],
      [{ title: "x".repeat(201), answer: "y" }, /title/i],
    ];
    for (const [json, message] of bodies) {
      const response = await call("/api/admin/faq", { method: "POST", json });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    expect((await server.deps.database.db.select().from(faqs)).length).toBe(before);
  });

  test("updates refuse blank fields, empty changes, forged fields and malformed ids; unknown ids are 404", async () => {
    const id = await createFaq({ title: "Keep me", answer: "Unchanged" });
    const cases: [unknown, number][] = [
      [{ faqIDs: [id], updatedFields: { title: " " } }, 400],
      [{ faqIDs: [id], updatedFields: {} }, 400],
      [{ faqIDs: [id], updatedFields: { createdAt: "2001-01-01" } }, 400],
      [{ faqIDs: [id], updatedFields: { title: "x" }, extra: true }, 400],
      [{ faqIDs: [], updatedFields: { title: "x" } }, 400],
      [{ faqIDs: ["not-an-id"], updatedFields: { title: "x" } }, 400],
      [{ faqIDs: id, updatedFields: { title: "x" } }, 400],
      [{ faqIDs: [newId()], updatedFields: { title: "x" } }, 404],
    ];
    for (const [json, status] of cases) {
      const response = await call("/api/admin/faq", { method: "PATCH", json });
      expect(response.status).toBe(status);
      expect(typeof ((await response.json()) as { message: string }).message).toBe("string");
    }
    expect(((await (await call(`/api/admin/faq/${id}`)).json()) as FaqJson).title).toBe("Keep me");
  });

  test("deletes refuse malformed id lists and answer 404 for unknown ids; reads of bad ids are 404", async () => {
    const id = await createFaq({ title: "Still here", answer: "Yes" });
    for (const query of ["", "?faqIDs=", "?faqIDs=abc", `?faqIDs=${id}-drop%20table`, `?faqIDs=${id},${id}`]) {
      expect((await call(`/api/admin/faq${query}`, { method: "DELETE" })).status).toBe(400);
    }
    expect((await call(`/api/admin/faq?faqIDs=${newId()}`, { method: "DELETE" })).status).toBe(404);
    expect((await call(`/api/admin/faq/${id}`)).status).toBe(200);
    expect((await call("/api/admin/faq/nope")).status).toBe(404);
    expect((await call(`/api/admin/faq/${newId()}`)).status).toBe(404);
  });
});

describe("search", () => {
  test("pages, filters by sections and title, sorts both ways", async () => {
    const created: string[] = [];
    for (let i = 0; i < 3; i++) created.push(await createFaq({ title: `Zebra question ${i}`, section: i === 2 ? "Project" : "Account", answer: "a" }));
    const byTitle = (await (await call("/api/admin/faq/search?title=zebra")).json()) as FaqPage;
    expect(byTitle.faqs.map((f) => f._id)).toEqual([...created].reverse());
    expect(byTitle).toMatchObject({ totalCount: 3, pagesCount: 1, canLoadMore: false });
    const oldest = (await (await call("/api/admin/faq/search?title=zebra&sortby=createdAt")).json()) as FaqPage;
    expect(oldest.faqs.map((f) => f._id)).toEqual(created);
    const project = (await (await call("/api/admin/faq/search?title=zebra&sections=Project")).json()) as FaqPage;
    expect(project.faqs.map((f) => f._id)).toEqual(created.slice(2));
    const both = (await (await call("/api/admin/faq/search?title=zebra&sections=Account-Project")).json()) as FaqPage;
    expect(both.totalCount).toBe(3);
    const console = (await (await call(`/api/admin/faq/search?sections=${encodeURIComponent("Admin Console")}`)).json()) as FaqPage;
    expect(console.faqs.every((f) => f.section === "Admin Console")).toBe(true);
    // LIKE wildcards are literal.
    expect(((await (await call("/api/admin/faq/search?title=%25")).json()) as FaqPage).totalCount).toBe(0);

    const all = (await (await call("/api/admin/faq/search")).json()) as FaqPage;
    expect(all.pagesCount).toBe(Math.ceil(all.totalCount / 20));
    const last = (await (await call(`/api/admin/faq/search?page=${all.pagesCount}`)).json()) as FaqPage;
    expect(last.canLoadMore).toBe(false);

    for (const query of ["sections=Billing", "page=0", "page=abc", "sortby=title", "sections=Account-Nope"]) {
      expect((await call(`/api/admin/faq/search?${query}`)).status).toBe(400);
    }
  });
});

describe("CSV export", () => {
  test("the FAQ list's export holds every matching FAQ with ISO dates; customers are sent away", async () => {
    const tag = `csvfaq${Date.now().toString(36)}`;
    for (const title of [`${tag} one`, `@cmd ${tag}`]) {
      expect(
        (await server.request("/api/admin/faq", { method: "POST", cookie: admin.cookie, json: { title, section: "Project", answer: "=1+1" } })).status,
      ).toBe(201);
    }
    const response = await server.request(`/admin/faq/export.csv?title=${tag}`, { cookie: admin.cookie });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe('"ID","Title","Section","Answer","Created"');
    expect(lines).toHaveLength(3);
    expect(lines.join("\n")).toContain(`"'@cmd ${tag}","Project","'=1+1"`);
    expect((await server.request(`/admin/faq/export.csv?title=${tag}`, { cookie: (await server.createUser()).cookie })).status).toBe(303);
  });
});
