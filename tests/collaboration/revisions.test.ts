// Delivery and revisions through the API, on the app's clock (deps.now) moved by the test:
// Completed records the delivery, one request within 10 days, 409s with the reason, an admin grant.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { projects } from "../../db/schema";
import { type TestServer, startTestServer } from "../helpers/server";
import { createProjectAs } from "../projects/fixtures";

const DAY = 24 * 60 * 60 * 1000;
let clock = new Date("2026-11-01T09:00:00Z");
let server: TestServer;
let customer: { cookie: string };
let admin: { cookie: string };

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true" }, { now: () => clock });
  customer = await server.createUser({ displayName: "Customer" });
  admin = await server.createAdmin();
});
afterAll(() => server.stop());

const sendNotes = (id: string, cookie: string, revisionNotes: string) =>
  server.request(`/api/projects/${id}`, { method: "PATCH", cookie, json: { revisionNotes } });
const setStatus = (id: string, status: string) =>
  server.request("/api/admin/projects", { method: "PATCH", cookie: admin.cookie, json: { projectIDs: [id], updatedFields: { status } } });
const grant = (id: string, cookie = admin.cookie) => server.request(`/api/admin/projects/${id}/revision-round`, { method: "POST", cookie });
const row = async (id: string) => (await server.deps.database.db.select().from(projects).where(eq(projects.id, id)))[0]!;
const kinds = async (id: string) =>
  ((await (await server.request(`/api/projects/${id}/activity`, { cookie: customer.cookie })).json()) as { activity: { kind: string }[] }).activity.map(
    (entry) => entry.kind,
  );

describe("revision requests", () => {
  test("before delivery a request is refused with the reason (409)", async () => {
    const id = await createProjectAs(server, customer.cookie);
    const response = await sendNotes(id, customer.cookie, "Bigger logo");
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toContain("Revisions open when your project is delivered");
    const page = await (await server.request(`/projects/${id}/revisions`, { cookie: customer.cookie })).text();
    expect(page).toContain("Revisions open when your project is delivered");
  });

  test("Completed records the delivery; one request within 10 days, then 409; an admin grant opens one more", async () => {
    const id = await createProjectAs(server, customer.cookie);
    expect((await setStatus(id, "completed")).status).toBe(200);
    expect((await row(id)).deliveredAt?.toISOString()).toBe(clock.toISOString());
    // Setting Completed again does not move the delivery.
    const delivered = clock;
    clock = new Date(clock.getTime() + DAY);
    expect((await setStatus(id, "completed")).status).toBe(200);
    expect((await row(id)).deliveredAt?.toISOString()).toBe(delivered.toISOString());

    const sent = await sendNotes(id, customer.cookie, "Bigger logo");
    expect(sent.status).toBe(200);
    const body = (await sent.json()) as { message: string; project: { revisionNotes: string; revisions: { state: string } } };
    expect(body.message).toBe("Revision request sent.");
    expect(body.project.revisions.state).toBe("requested");
    const again = await sendNotes(id, customer.cookie, "And a smaller hero");
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toContain("The terms allow one request per delivery");
    expect((await row(id)).revisionNotes).toBe("Bigger logo");

    // A customer cannot grant; an admin can, once the request is used.
    expect((await grant(id, customer.cookie)).status).toBe(403);
    expect((await grant(id)).status).toBe(200);
    expect((await grant(id)).status).toBe(409);
    expect((await sendNotes(id, customer.cookie, "Smaller hero")).status).toBe(200);
    expect((await sendNotes(id, customer.cookie, "One more")).status).toBe(409);
    expect(await kinds(id)).toEqual(["revision_requested", "revision_round_granted", "revision_requested", "status_changed", "created"]);
  });

  test("after 10 days the request is refused and the tab says why; admins still edit; the lock still holds", async () => {
    const id = await createProjectAs(server, customer.cookie);
    expect((await setStatus(id, "completed")).status).toBe(200);
    clock = new Date(clock.getTime() + 10 * DAY);
    const late = await sendNotes(id, customer.cookie, "Too late?");
    expect(late.status).toBe(409);
    expect(((await late.json()) as { message: string }).message).toContain("The 10 days for a revision request ended on");
    const page = await (await server.request(`/projects/${id}/revisions`, { cookie: customer.cookie })).text();
    expect(page).toContain("The 10 days for a revision request ended on");
    expect((await sendNotes(id, admin.cookie, "Studio note")).status).toBe(200);

    expect((await grant(id)).status).toBe(200);
    expect(
      (
        await server.request("/api/admin/projects", {
          method: "PATCH",
          cookie: admin.cookie,
          json: { projectIDs: [id], updatedFields: { revisionsLocked: true } },
        })
      ).status,
    ).toBe(200);
    expect((await sendNotes(id, customer.cookie, "Locked?")).status).toBe(403);
  });

  test("a grant is refused before delivery, and for an unknown project", async () => {
    const id = await createProjectAs(server, customer.cookie);
    expect((await grant(id)).status).toBe(409);
    expect((await grant("0000000000000000000000zzzz")).status).toBe(404);
  });
});
