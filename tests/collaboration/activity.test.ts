// The Activity tab and GET /api/projects/{id}/activity: every change of a project on its timeline,
// with who and when, newest first; secrets never appear; another customer gets a 404.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type TestServer, startTestServer } from "../helpers/server";
import { createCode, createProjectAs } from "../projects/fixtures";

let server: TestServer;
let customer: { cookie: string; user: { id: string } };
let other: { cookie: string };
let admin: { cookie: string; user: { id: string } };

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true" });
  customer = await server.createUser({ displayName: "Ada Customer" });
  other = await server.createUser({ displayName: "Other" });
  admin = await server.createAdmin();
});
afterAll(() => server.stop());

type Entry = { kind: string; details: Record<string, unknown>; actor: { displayName: string; isStudio: boolean } | null };
type ActivityAnswer = { activity: Entry[]; totalCount: number; pagesCount: number; canLoadMore: boolean };

async function activity(id: string, cookie: string, page = 1): Promise<ActivityAnswer> {
  const response = await server.request(`/api/projects/${id}/activity?page=${page}`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as ActivityAnswer;
}

const bulk = (json: unknown) => server.request("/api/admin/projects", { method: "PATCH", cookie: admin.cookie, json });

describe("the activity timeline", () => {
  test("records creation, status, locks, archive, payment and invoice with who did it, newest first", async () => {
    const id = await createProjectAs(server, customer.cookie, {}, undefined);
    expect((await bulk({ projectIDs: [id], updatedFields: { status: "in-progress" } })).status).toBe(200);
    const invoice = await server.request("/api/admin/projects/sendinvoice", {
      method: "PATCH",
      cookie: admin.cookie,
      json: { projectID: id },
    });
    expect(invoice.status).toBe(200);
    expect(
      (await bulk({ projectIDs: [id], updatedFields: { receivedPayment: true, paymentMethod: "bank_transfer", editingLocked: true, archived: true } })).status,
    ).toBe(200);
    // Setting what is already set records nothing.
    expect((await bulk({ projectIDs: [id], updatedFields: { archived: true } })).status).toBe(200);

    const { activity: entries, totalCount } = await activity(id, customer.cookie);
    const kinds = entries.map((entry) => entry.kind);
    expect(totalCount).toBe(6);
    expect(kinds.at(-1)).toBe("created");
    expect(kinds.at(-2)).toBe("status_changed");
    expect(kinds.at(-3)).toBe("invoice_sent");
    expect(kinds.slice(0, 3).sort()).toEqual(["flag_changed", "flag_changed", "payment_recorded"]);
    expect(entries.at(-1)?.actor).toMatchObject({ displayName: "Ada Customer", isStudio: false });
    expect(entries.at(-2)).toMatchObject({
      details: { status: "in-progress", previousStatus: "pending-approval" },
      actor: { displayName: "Admin", isStudio: true },
    });

    const html = await (await server.request(`/projects/${id}/activity`, { cookie: customer.cookie })).text();
    expect(html).toContain("changed the status to In Progress");
    expect(html).toContain("archived the project");
    expect(html).toContain("requested the project (Small Webapp)");
  });

  test("an access code waiving payment is on the timeline, at ordering and from an admin", async () => {
    const ordered = await createProjectAs(server, customer.cookie, { hasAccessCode: true, accessCode: (await createCode(server, admin.cookie)).code });
    expect((await activity(ordered, customer.cookie)).activity.map((entry) => [entry.kind, entry.details.method ?? null])).toContainEqual([
      "payment_recorded",
      "access_code",
    ]);
    const later = await createProjectAs(server, customer.cookie);
    const { code } = await createCode(server, admin.cookie);
    expect((await bulk({ projectIDs: [later], updatedFields: { accessCode: code } })).status).toBe(200);
    const [latest] = (await activity(later, customer.cookie)).activity;
    expect(latest).toMatchObject({ kind: "payment_recorded", details: { method: "access_code" }, actor: { isStudio: true } });
    const html = await (await server.request(`/projects/${later}/activity`, { cookie: customer.cookie })).text();
    expect(html).toContain("waived payment with an access code");
  });

  test("an edit names the fields it changed, never a secret value", async () => {
    const id = await createProjectAs(server, customer.cookie);
    const response = await server.request(`/api/projects/${id}`, {
      method: "PATCH",
      cookie: customer.cookie,
      json: { heroTitle: "A new title", domainProviderPassword: "hunter2-secret" },
    });
    expect(response.status).toBe(200);
    const [latest] = (await activity(id, customer.cookie)).activity;
    expect(latest).toMatchObject({ kind: "content_edited", details: { fields: ["heroTitle", "domainProviderPassword"] } });
    const html = await (await server.request(`/projects/${id}/activity`, { cookie: customer.cookie })).text();
    expect(html).toContain("edited the hero title and domain provider password");
    expect(html).not.toContain("hunter2-secret");
    expect(JSON.stringify(latest)).not.toContain("hunter2-secret");
  });

  test("pages newest first; another customer and visitors learn nothing (404, 401)", async () => {
    const id = await createProjectAs(server, customer.cookie);
    for (let i = 0; i < 22; i++) await bulk({ projectIDs: [id], updatedFields: { editingLocked: i % 2 === 0 } });
    const first = await activity(id, admin.cookie);
    expect(first.totalCount).toBe(23);
    expect(first.activity).toHaveLength(20);
    const second = await activity(id, admin.cookie, 2);
    expect(second.activity).toHaveLength(3);
    expect(second.activity.at(-1)?.kind).toBe("created");
    expect((await server.request(`/api/projects/${id}/activity`, { cookie: other.cookie })).status).toBe(404);
    expect((await server.request(`/api/projects/${id}/activity`)).status).toBe(401);
    expect((await server.request("/api/projects/not-an-id/activity", { cookie: customer.cookie })).status).toBe(404);
    expect((await server.request(`/projects/${id}/activity`, { cookie: other.cookie })).status).toBe(403);
  });
});
