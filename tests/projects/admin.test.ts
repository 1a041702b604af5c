// The admin side: bulk updates and deletes, access codes, invoices and the invoice page.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { accessCodes, invoices, projects } from "../../db/schema";
import { type TestServer, startTestServer } from "../helpers/server";
import { type SmtpCapture, startSmtpCapture } from "../helpers/smtp";
import { type ErrorBody, createCode, createProjectAs, png, uploadedFiles } from "./fixtures";

let server: TestServer;
let smtp: SmtpCapture;
let customer: { cookie: string; user: { id: string; email: string } };
let other: { cookie: string };
let admin: { cookie: string };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // TRUST_PROXY lets each test speak from its own address, so the isvalid limit is testable.
  server = await startTestServer({ SMTP_URL: smtp.url, TRUST_PROXY: "true" });
  customer = await server.createUser({ displayName: "Customer" });
  other = await server.createUser({ displayName: "Other" });
  admin = await server.createAdmin();
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const bulk = (cookie: string | undefined, json: unknown) => server.request("/api/admin/projects", { method: "PATCH", cookie, json });
const row = async (id: string) => (await server.deps.database.db.select().from(projects).where(eq(projects.id, id)))[0];

describe("PATCH /api/admin/projects", () => {
  test("sets any of the five statuses and the toggles on several projects at once", async () => {
    const a = await createProjectAs(server, customer.cookie);
    const b = await createProjectAs(server, customer.cookie);
    for (const status of ["completed", "denied", "in-review", "pending-approval", "in-progress"]) {
      const response = await bulk(admin.cookie, { projectIDs: [a, b], updatedFields: { status } });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { projectIDs: string[] }).projectIDs.sort()).toEqual([a, b].sort());
      expect((await row(a))?.status).toBe(status as never);
    }
    const toggles = { receivedPayment: true, refundIssued: true, editingLocked: true, revisionsLocked: true, archived: true };
    expect((await bulk(admin.cookie, { projectIDs: [a, b], updatedFields: { ...toggles, paymentMethod: "cash" } })).status).toBe(200);
    expect(await row(b)).toMatchObject(toggles);
  });

  test("refuses customers (403), visitors (401), bad statuses, unknown fields, bad ids and empty changes (400)", async () => {
    const id = await createProjectAs(server, customer.cookie);
    expect((await bulk(customer.cookie, { projectIDs: [id], updatedFields: { status: "completed" } })).status).toBe(403);
    expect((await bulk(undefined, { projectIDs: [id], updatedFields: { status: "completed" } })).status).toBe(401);
    expect((await bulk(admin.cookie, { projectIDs: [id], updatedFields: { status: "approved" } })).status).toBe(400);
    expect((await bulk(admin.cookie, { projectIDs: [id], updatedFields: { projectName: "x" } })).status).toBe(400);
    expect((await bulk(admin.cookie, { projectIDs: [id], updatedFields: { invoiceSent: true } })).status).toBe(400);
    expect((await bulk(admin.cookie, { projectIDs: ["short"], updatedFields: { archived: true } })).status).toBe(400);
    expect((await bulk(admin.cookie, { projectIDs: [], updatedFields: { archived: true } })).status).toBe(400);
    expect((await bulk(admin.cookie, { projectIDs: [id], updatedFields: {} })).status).toBe(400);
    expect((await bulk(admin.cookie, { projectIDs: [id], updatedFields: { archived: "yes" } })).status).toBe(400);
    expect((await row(id))?.status).toBe("pending-approval");
    expect((await row(id))?.archived).toBe(false);
  });

  test("unknown (well-formed) ids get 404", async () => {
    expect((await bulk(admin.cookie, { projectIDs: ["01m80asvewmtp1bv0pbzzpy1wv"], updatedFields: { archived: true } })).status).toBe(404);
  });

  test("an access code is claimed for the project; an invalid or claimed one is refused with the spec's words", async () => {
    const id = await createProjectAs(server, customer.cookie);
    const { code, id: codeId } = await createCode(server, admin.cookie);
    expect((await bulk(admin.cookie, { projectIDs: [id], updatedFields: { accessCode: code } })).status).toBe(200);
    expect((await row(id))?.accessCode).toBe(code);
    const [claimed] = await server.deps.database.db.select().from(accessCodes).where(eq(accessCodes.id, codeId));
    expect(claimed?.claimedByProjectId).toBe(id);

    const another = await createProjectAs(server, customer.cookie);
    for (const bad of [code, "ZZZZ-ZZZZ-ZZZZ", "nonsense"]) {
      const response = await bulk(admin.cookie, { projectIDs: [another], updatedFields: { accessCode: bad } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).message).toBe("Access code is invalid.");
    }
    const second = await createCode(server, admin.cookie);
    const twice = await bulk(admin.cookie, { projectIDs: [id], updatedFields: { accessCode: second.code } });
    expect(twice.status).toBe(409);
    const many = await bulk(admin.cookie, { projectIDs: [id, another], updatedFields: { accessCode: second.code } });
    expect(many.status).toBe(400);
  });
});

describe("DELETE /api/admin/projects", () => {
  test("deletes the listed projects and their stored images", async () => {
    const a = await createProjectAs(server, customer.cookie, {}, { logoImages: [png()], pages: { 0: [png()] } });
    const b = await createProjectAs(server, other.cookie);
    const keep = await createProjectAs(server, other.cookie);
    const response = await server.request(`/api/admin/projects?projectIDs=${a}-${b}`, { method: "DELETE", cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { projectIDs: string[] }).projectIDs.sort()).toEqual([a, b].sort());
    expect(await row(a)).toBeUndefined();
    expect(await row(b)).toBeUndefined();
    expect(await row(keep)).toBeDefined();
    expect(uploadedFiles(server).filter((path) => path.includes(a) || path.includes(b))).toEqual([]);
    expect(uploadedFiles(server).filter((path) => path.includes(keep))).toHaveLength(1);
  });

  test("refuses customers, visitors and malformed id lists", async () => {
    const id = await createProjectAs(server, customer.cookie);
    expect((await server.request(`/api/admin/projects?projectIDs=${id}`, { method: "DELETE", cookie: customer.cookie })).status).toBe(403);
    expect((await server.request(`/api/admin/projects?projectIDs=${id}`, { method: "DELETE" })).status).toBe(401);
    for (const bad of ["", "x-y", `${id}-../../etc`, `${id},${id}`]) {
      expect((await server.request(`/api/admin/projects?projectIDs=${encodeURIComponent(bad)}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(400);
    }
    expect(await row(id)).toBeDefined();
  });
});

describe("access codes", () => {
  test("an admin creates one with a title; the server picks a readable 12-character code", async () => {
    const created = await server.request("/api/admin/accesscodes", { method: "POST", cookie: admin.cookie, json: { title: "  Friends & family " } });
    expect(created.status).toBe(201);
    const { accessCodeID, message } = (await created.json()) as { accessCodeID: string; message: string };
    expect(message).toBe("Access code created.");
    const detail = (await (await server.request(`/api/admin/accesscodes/${accessCodeID}`, { cookie: admin.cookie })).json()) as {
      _id: string;
      title: string;
      code: string;
      claimed: boolean;
    };
    expect(detail).toMatchObject({ _id: accessCodeID, title: "Friends & family", claimed: false });
    expect(detail.code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
  });

  test("a blank title, customers and visitors are refused", async () => {
    const blank = await server.request("/api/admin/accesscodes", { method: "POST", cookie: admin.cookie, json: { title: "   " } });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as ErrorBody).fields?.title).toBeString();
    expect(
      (await server.request("/api/admin/accesscodes", { method: "POST", cookie: admin.cookie, json: { title: "x", code: "AAAA-AAAA-AAAA" } })).status,
    ).toBe(400);
    expect((await server.request("/api/admin/accesscodes", { method: "POST", cookie: customer.cookie, json: { title: "x" } })).status).toBe(403);
    expect((await server.request("/api/admin/accesscodes", { method: "POST", json: { title: "x" } })).status).toBe(401);
    expect((await server.request("/api/admin/accesscodes/search", { cookie: customer.cookie })).status).toBe(403);
  });

  test("search filters by claimed and title and pages; a missing code is 404", async () => {
    const a = await createCode(server, admin.cookie, "Searchable Alpha");
    await createCode(server, admin.cookie, "Searchable Beta");
    const project = await createProjectAs(server, customer.cookie);
    await bulk(admin.cookie, { projectIDs: [project], updatedFields: { accessCode: a.code } });
    type CodesPage = { accessCodes: { title: string; claimed: boolean }[]; totalCount: number; pagesCount: number; canLoadMore: boolean };
    const all = (await (await server.request("/api/admin/accesscodes/search?title=searchable", { cookie: admin.cookie })).json()) as CodesPage;
    expect(all.accessCodes.map((c) => c.title)).toEqual(["Searchable Beta", "Searchable Alpha"]);
    expect(all).toMatchObject({ totalCount: 2, pagesCount: 1, canLoadMore: false });
    const claimed = (await (await server.request("/api/admin/accesscodes/search?title=searchable&claimed=true", { cookie: admin.cookie })).json()) as CodesPage;
    expect(claimed.accessCodes.map((c) => c.title)).toEqual(["Searchable Alpha"]);
    const oldest = (await (
      await server.request("/api/admin/accesscodes/search?title=searchable&sortby=createdAt", { cookie: admin.cookie })
    ).json()) as CodesPage;
    expect(oldest.accessCodes[0]?.title).toBe("Searchable Alpha");
    expect((await server.request("/api/admin/accesscodes/01m80asvewmtp1bv0pbzzpy1wv", { cookie: admin.cookie })).status).toBe(404);
    expect((await server.request("/api/admin/accesscodes/nope", { cookie: admin.cookie })).status).toBe(404);
  });

  test("isvalid answers true only for an existing unclaimed code, in any case and with or without dashes", async () => {
    const { code } = await createCode(server, admin.cookie);
    const ask = async (value: string) =>
      (
        (await (await server.request(`/api/accesscodes/isvalid?code=${encodeURIComponent(value)}`, { headers: { "x-forwarded-for": "10.0.0.1" } })).json()) as {
          isValid: boolean;
        }
      ).isValid;
    expect(await ask(code)).toBe(true);
    expect(await ask(code.toLowerCase().replaceAll("-", " "))).toBe(true);
    expect(await ask("ABCD-EFGH-JKLM")).toBe(false);
    expect(await ask("")).toBe(false);
    const project = await createProjectAs(server, customer.cookie);
    await bulk(admin.cookie, { projectIDs: [project], updatedFields: { accessCode: code } });
    expect(await ask(code)).toBe(false);
  });

  test("isvalid is limited to 30 checks a minute per address against guessing", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await server.request("/api/accesscodes/isvalid?code=AAAA-BBBB-CCCC", { headers: { "x-forwarded-for": "10.9.9.9" } });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    const limited = await server.request("/api/accesscodes/isvalid?code=AAAA-BBBB-CCCC", { headers: { "x-forwarded-for": "10.9.9.9" } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    const elsewhere = await server.request("/api/accesscodes/isvalid?code=AAAA-BBBB-CCCC", { headers: { "x-forwarded-for": "10.9.9.10" } });
    expect(elsewhere.status).toBe(200);
  });
});

describe("invoices", () => {
  const send = (cookie: string | undefined, json: unknown) => server.request("/api/admin/projects/sendinvoice", { method: "PATCH", cookie, json });
  // Invoices follow approval (tests/payments covers the refusals).
  const approved = async (...args: Parameters<typeof createProjectAs>) => {
    const id = await createProjectAs(...args);
    await bulk(admin.cookie, { projectIDs: [id], updatedFields: { status: "in-progress" } });
    return id;
  };

  test("sending creates an invoice for the package price, marks the project and mails the customer a link", async () => {
    const id = await approved(server, customer.cookie, {}, undefined);
    await server.deps.database.db
      .update(projects)
      .set({ projectType: "m", pagesText: ["1", "2", "3", "4"] })
      .where(eq(projects.id, id));
    const response = await send(admin.cookie, { projectID: id });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { invoiceID: string; message: string; invoiceNumber: number };
    expect(body.message).toBe(`Invoice INV-${String(body.invoiceNumber).padStart(5, "0")} sent.`);
    const [invoice] = await server.deps.database.db.select().from(invoices).where(eq(invoices.id, body.invoiceID));
    expect(invoice).toMatchObject({ projectId: id, userId: customer.user.id, invoiceType: "m", amount: 500 });
    const dueIn = (invoice?.dueAt.getTime() ?? 0) - Date.now();
    expect(dueIn).toBeGreaterThan(6.9 * 86_400_000);
    expect(dueIn).toBeLessThanOrEqual(7 * 86_400_000);
    expect(await row(id)).toMatchObject({ invoiceSent: true, invoiceType: "m", invoiceId: body.invoiceID });
    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes(customer.user.email) && m.text.includes(body.invoiceID));
    expect(mail.text).toContain(`/invoices/${body.invoiceID}`);
    expect(mail.text).toContain("$500");
  });

  test("sending again needs resend: true; without it 409 and nothing is created", async () => {
    const id = await approved(server, customer.cookie);
    const first = (await (await send(admin.cookie, { projectID: id })).json()) as { invoiceID: string };
    const again = await send(admin.cookie, { projectID: id });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).message).toBe("An invoice was already sent for this project.");
    expect(await server.deps.database.db.select().from(invoices).where(eq(invoices.projectId, id))).toHaveLength(1);
    const resent = await send(admin.cookie, { projectID: id, resend: true });
    expect(resent.status).toBe(200);
    const second = (await resent.json()) as { invoiceID: string; message: string };
    expect(second.message).toEndWith("sent again.");
    // Resending mails the same invoice: same id, same number.
    expect(second.invoiceID).toBe(first.invoiceID);
    expect((await row(id))?.invoiceId).toBe(first.invoiceID);
  });

  test("customers, visitors, unknown projects and forged fields are refused", async () => {
    const id = await approved(server, customer.cookie);
    expect((await send(customer.cookie, { projectID: id })).status).toBe(403);
    expect((await send(undefined, { projectID: id })).status).toBe(401);
    expect((await send(admin.cookie, { projectID: "01m80asvewmtp1bv0pbzzpy1wv" })).status).toBe(404);
    expect((await send(admin.cookie, { projectID: id, amount: 1 })).status).toBe(400);
    expect((await row(id))?.invoiceSent).toBe(false);
  });

  test("the invoice page shows the invoice to its customer and admins; others get 404, visitors go to /", async () => {
    const id = await approved(server, customer.cookie, { projectName: "Printable <Bakery>" });
    const { invoiceID } = (await (await send(admin.cookie, { projectID: id })).json()) as { invoiceID: string };
    const mine = await server.request(`/invoices/${invoiceID}`, { cookie: customer.cookie });
    expect(mine.status).toBe(200);
    const html = await mine.text();
    expect(html).toContain("Invoice");
    expect(html).toContain("Printable &lt;Bakery&gt;");
    expect(html).toContain("$250");
    expect(html).toContain("Small Webapp");
    expect(html.slice(html.indexOf("<main"), html.indexOf("</main>"))).not.toContain("data-island");
    expect((await server.request(`/invoices/${invoiceID}`, { cookie: admin.cookie })).status).toBe(200);
    expect((await server.request(`/invoices/${invoiceID}`, { cookie: other.cookie })).status).toBe(404);
    expect((await server.request("/invoices/01m80asvewmtp1bv0pbzzpy1wv", { cookie: customer.cookie })).status).toBe(404);
    const visitor = await server.request(`/invoices/${invoiceID}`);
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("location")).toBe("/");
  });
});

describe("GET /dashboard/projects.csv", () => {
  test("exports every Webapp Request the admin list's filters match, for admins only", async () => {
    const tag = `Csvtag${Date.now().toString(36)}`;
    const evil = await createProjectAs(server, customer.cookie, { projectName: `=SUM(A1) ${tag}` });
    const plain = await createProjectAs(server, customer.cookie, { projectName: `Plain ${tag}` });
    await bulk(admin.cookie, { projectIDs: [plain], updatedFields: { status: "in-progress" } });
    const dashboard = await (await server.request(`/dashboard?title=${tag}`, { cookie: admin.cookie })).text();
    expect(dashboard).toContain(`href="/dashboard/projects.csv?title=${tag}"`);
    const csv = await server.request(`/dashboard/projects.csv?title=${tag}`, { cookie: admin.cookie });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe('"ID","Reference","Project","Package","Status","Payment","Archived","Customer","Customer e-mail","Created"');
    expect(lines).toHaveLength(3);
    expect(lines.find((line) => line.startsWith(`"${evil}"`))).toContain(`"'=SUM(A1) ${tag}"`);
    expect(lines.find((line) => line.startsWith(`"${plain}"`))).toContain('"In Progress","Unpaid","false","Customer"');
    const filtered = (await (await server.request(`/dashboard/projects.csv?title=${tag}&status=in-progress`, { cookie: admin.cookie })).text())
      .trimEnd()
      .split("\r\n");
    expect(filtered).toHaveLength(2);
    expect((await server.request(`/dashboard/projects.csv?title=${tag}`, { cookie: customer.cookie })).status).toBe(303);
    expect(await (await server.request(`/dashboard?title=${tag}`, { cookie: customer.cookie })).text()).not.toContain("projects.csv");
  });
});

describe("GET /dashboard/accesscodes.csv", () => {
  test("exports the access codes the filters match, for admins only", async () => {
    const tag = `Codes${Date.now().toString(36)}`;
    await createCode(server, admin.cookie, `${tag} first`);
    await createCode(server, admin.cookie, `+${tag} second`);
    const lines = (await (await server.request(`/dashboard/accesscodes.csv?codeTitle=${tag}`, { cookie: admin.cookie })).text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe('"ID","Title","Code","Status","Claimed by project","Claimed","Created"');
    expect(lines).toHaveLength(3);
    expect(lines.join("\n")).toContain(`"'+${tag} second"`);
    expect(lines.join("\n")).toContain('"Unclaimed"');
    expect((await server.request(`/dashboard/accesscodes.csv?codeTitle=${tag}`, { cookie: customer.cookie })).status).toBe(303);
  });
});
