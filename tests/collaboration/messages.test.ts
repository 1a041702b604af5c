// A project's message thread through the API: who may read, post and fetch attachments (anyone
// else: 404), the limits and their words, read marks, unread counts in the lists, the Unanswered
// filter, the live event, and one mail per burst of unread messages.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { mailUnreadMessages } from "../../src/features/messages/service";
import type { Db } from "../../src/lib/db";
import { queuedMails } from "../helpers/mail-jobs";
import { type TestServer, startTestServer } from "../helpers/server";
import { PNG, createProjectAs } from "../projects/fixtures";

let server: TestServer;
let customer: { cookie: string; user: { id: string; email: string } };
let other: { cookie: string };
let admin: { cookie: string };

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true", PROVIDER_EMAIL: "studio@example.com" });
  customer = await server.createUser({ displayName: "Ada Customer" });
  other = await server.createUser({ displayName: "Other" });
  admin = await server.createAdmin();
});
afterAll(() => server.stop());

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF");

function post(id: string, cookie: string, body: string, files: File[] = []) {
  const form = new FormData();
  form.append("body", body);
  for (const file of files) form.append("attachments", file);
  return server.request(`/api/projects/${id}/messages`, { method: "POST", cookie, body: form });
}
type Item = { _id: string; side: string; body: string; attachments: { _id: string; url: string; contentType: string; fileName: string }[] };
const thread = async (id: string, cookie: string) =>
  (await (await server.request(`/api/projects/${id}/messages`, { cookie })).json()) as { messages: Item[]; hasOlder: boolean; side: string };
const unread = async (cookie: string, path: string, id: string) => {
  const body = (await (await server.request(path, { cookie })).json()) as { projects: { _id: string; unreadMessages: number }[] };
  return body.projects.find((project) => project._id === id)?.unreadMessages;
};
const rows = async (db: Db, query: ReturnType<typeof sql>) => {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
};

describe("the message thread", () => {
  test("the customer posts text with an image and a PDF; the admin reads and answers; links stay text", async () => {
    const id = await createProjectAs(server, customer.cookie);
    const sent = await post(id, customer.cookie, "Hello! See https://example.com/brief <b>bold</b>", [
      new File([PNG], "sketch.png", { type: "image/png" }),
      new File([PDF], "brief.pdf", { type: "application/pdf" }),
    ]);
    expect(sent.status).toBe(201);
    const { item } = (await sent.json()) as { item: Item };
    expect(item.side).toBe("customer");
    expect(item.attachments.map((file) => file.contentType)).toEqual(["image/png", "application/pdf"]);

    const admins = await thread(id, admin.cookie);
    expect(admins.side).toBe("studio");
    expect(admins.messages.map((message) => message.body)).toEqual(["Hello! See https://example.com/brief <b>bold</b>"]);
    expect((await post(id, admin.cookie, "Thanks, on it.")).status).toBe(201);
    expect((await thread(id, customer.cookie)).messages.map((message) => message.side)).toEqual(["customer", "studio"]);

    // The attachment: its bytes for the customer and admins, sandboxed; 404 for anyone else.
    const image = item.attachments[0]!;
    const fetched = await server.request(image.url, { cookie: admin.cookie });
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("content-type")).toBe("image/png");
    expect(fetched.headers.get("content-security-policy")).toContain("sandbox");
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(PNG);
    const pdf = await server.request(item.attachments[1]!.url, { cookie: customer.cookie });
    expect(pdf.headers.get("content-disposition")).toStartWith('attachment; filename="brief.pdf"');
    expect((await server.request(image.url, { cookie: other.cookie })).status).toBe(404);
    expect((await server.request(image.url)).status).toBe(401);
    // Not through the public uploads route either.
    const [stored] = await rows(server.deps.database.db, sql`select storage_key from message_attachments where id = ${image._id}`);
    expect(String(stored?.storage_key)).toStartWith("private/");
    expect((await server.request(`/uploads/${String(stored?.storage_key)}`)).status).toBe(404);

    // The page renders the thread on the server, text escaped.
    const html = await (await server.request(`/projects/${id}/messages`, { cookie: customer.cookie })).text();
    expect(html).toContain("Thanks, on it.");
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt;");
    expect(html).not.toContain("<b>bold</b>");
    expect(html).toContain('href="https://example.com/brief"');

    // The timeline records both messages.
    const activity = (await (await server.request(`/api/projects/${id}/activity`, { cookie: customer.cookie })).json()) as { activity: { kind: string }[] };
    expect(activity.activity.filter((entry) => entry.kind === "message_posted")).toHaveLength(2);
  });

  test("another customer cannot read, post or mark read (404); visitors get 401", async () => {
    const id = await createProjectAs(server, customer.cookie);
    expect((await server.request(`/api/projects/${id}/messages`, { cookie: other.cookie })).status).toBe(404);
    expect((await post(id, other.cookie, "Hi")).status).toBe(404);
    expect((await server.request(`/api/projects/${id}/messages/read`, { method: "POST", cookie: other.cookie })).status).toBe(404);
    expect((await server.request(`/api/projects/${id}/messages`)).status).toBe(401);
    expect((await thread(id, customer.cookie)).messages).toEqual([]);
  });

  test("limits: 5,000 characters, empty messages, size, type and count of attachments, each with a clear error", async () => {
    const id = await createProjectAs(server, customer.cookie);
    expect((await post(id, customer.cookie, "x".repeat(5_000))).status).toBe(201);
    const long = await post(id, customer.cookie, "x".repeat(5_001));
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ message: "A message can be at most 5,000 characters.", fields: { body: "At most 5,000 characters" } });
    const empty = await post(id, customer.cookie, "   ");
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toBe("Write a message or attach a file.");
    const big = await post(id, customer.cookie, "big", [new File([new Uint8Array(5 * 1024 * 1024 + 1)], "huge.png")]);
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toBe('Each attachment must be 5 MB or smaller. "huge.png" is too large.');
    const svg = await post(id, customer.cookie, "svg", [new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "x.svg", { type: "image/svg+xml" })]);
    expect(svg.status).toBe(415);
    expect(((await svg.json()) as { message: string }).message).toContain("Only images (PNG, JPEG, WebP, GIF) and PDF files can be attached.");
    const many = await post(
      id,
      customer.cookie,
      "many",
      Array.from({ length: 6 }, (_, index) => new File([PNG], `${index}.png`)),
    );
    expect(many.status).toBe(400);
    expect((await thread(id, customer.cookie)).messages).toHaveLength(1);
  });

  test("unread counts per project in both lists, and the Unanswered filter", async () => {
    const id = await createProjectAs(server, customer.cookie, { projectName: "Unread Orbit" });
    expect(await unread(admin.cookie, "/api/admin/projects/search", id)).toBe(0);
    await post(id, customer.cookie, "One");
    await post(id, customer.cookie, "Two");
    expect(await unread(admin.cookie, "/api/admin/projects/search", id)).toBe(2);
    expect(await unread(customer.cookie, "/api/projects/search", id)).toBe(0);
    const unanswered = (await (await server.request("/api/admin/projects/search?unanswered=true", { cookie: admin.cookie })).json()) as {
      projects: { _id: string }[];
    };
    expect(unanswered.projects.map((project) => project._id)).toContain(id);
    // The Messages tab of every project page counts them too, until the thread is opened.
    const status = await (await server.request(`/projects/${id}/status`, { cookie: admin.cookie })).text();
    expect(status).toMatch(/>Messages(<!-- -->)? <span class="unread-badge"[^>]*>2<span class="visually-hidden"> unread<\/span>/);
    const opened = await (await server.request(`/projects/${id}/messages`, { cookie: admin.cookie })).text();
    expect(opened).not.toContain('class="unread-badge"');

    expect(await unread(admin.cookie, "/api/admin/projects/search", id)).toBe(0);
    await post(id, admin.cookie, "Answer");
    expect(await unread(customer.cookie, "/api/projects/search", id)).toBe(1);
    const after = (await (await server.request("/api/admin/projects/search?unanswered=true", { cookie: admin.cookie })).json()) as {
      projects: { _id: string }[];
    };
    expect(after.projects.map((project) => project._id)).not.toContain(id);
    expect((await server.request(`/api/projects/${id}/messages/read`, { method: "POST", cookie: customer.cookie })).status).toBe(200);
    expect(await unread(customer.cookie, "/api/projects/search", id)).toBe(0);
    const dashboard = await (await server.request("/dashboard?unanswered=true", { cookie: admin.cookie })).text();
    expect(dashboard).toContain("Unanswered");
  });

  test("a burst of messages queues one delayed job, and it mails once; a new message after it mails again", async () => {
    const id = await createProjectAs(server, customer.cookie, { projectName: "Burst" });
    const db = server.deps.database.db;
    const jobs = async () =>
      rows(db, sql`select start_after from pgboss.job where name = 'messages.unread-mail' and data ->> 'projectId' = ${id} and state = 'created'`);
    await post(id, admin.cookie, "First");
    await post(id, admin.cookie, "Second");
    await post(id, admin.cookie, "Third");
    const queued = await jobs();
    expect(queued).toHaveLength(1);
    expect(new Date(String(queued[0]?.start_after)).getTime()).toBeGreaterThan(Date.now() + 4 * 60 * 1000);

    const before = (await queuedMails(db, customer.user.email)).length;
    await mailUnreadMessages(server.deps, { projectId: id, side: "customer" });
    await mailUnreadMessages(server.deps, { projectId: id, side: "customer" });
    const mails = (await queuedMails(db, customer.user.email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("New message about Burst");
    expect(mails[0]?.text).toContain("The studio sent you 3 new messages");
    expect(mails[0]?.text).toContain(`/projects/${id}/messages`);

    // Read in time: no mail.
    await post(id, admin.cookie, "Fourth");
    await thread(id, customer.cookie);
    await mailUnreadMessages(server.deps, { projectId: id, side: "customer" });
    expect((await queuedMails(db, customer.user.email)).slice(before)).toHaveLength(1);

    // The studio side is mailed at PROVIDER_EMAIL.
    const studioBefore = (await queuedMails(db, "studio@example.com")).length;
    await post(id, customer.cookie, "Anyone there?");
    await mailUnreadMessages(server.deps, { projectId: id, side: "studio" });
    const studio = (await queuedMails(db, "studio@example.com")).slice(studioBefore);
    expect(studio).toHaveLength(1);
    expect(studio[0]?.text).toContain("Anyone there?");
  });

  test("deleting the project deletes its attachments from storage", async () => {
    const id = await createProjectAs(server, customer.cookie);
    const sent = await post(id, customer.cookie, "With a file", [new File([PNG], "a.png")]);
    const { item } = (await sent.json()) as { item: Item };
    const [stored] = await rows(server.deps.database.db, sql`select storage_key from message_attachments where id = ${item.attachments[0]!._id}`);
    const key = String(stored?.storage_key);
    expect(await server.deps.storage.get(key)).not.toBeNull();
    expect((await server.request(`/api/projects/${id}`, { method: "DELETE", cookie: customer.cookie })).status).toBe(200);
    expect(await server.deps.storage.get(key)).toBeNull();
  });

  test("a new message is a live event for the customer and the admins", async () => {
    const id = await createProjectAs(server, customer.cookie);
    await post(id, customer.cookie, "Live?");
    const events = await rows(
      server.deps.database.db,
      sql`select audience from live_events where type = 'message_posted' and payload ->> 'projectId' = ${id} order by audience`,
    );
    expect(events.map((event) => event.audience).sort()).toEqual(["admins", customer.user.id].sort());
  });
});

test("a message without files may come as JSON", async () => {
  const id = await createProjectAs(server, customer.cookie);
  const response = await server.request(`/api/projects/${id}/messages`, { method: "POST", cookie: customer.cookie, json: { body: "Plain JSON" } });
  expect(response.status).toBe(201);
  expect((await thread(id, customer.cookie)).messages.map((message) => message.body)).toEqual(["Plain JSON"]);
  const unknown = await server.request(`/api/projects/${id}/messages`, { method: "POST", cookie: customer.cookie, json: { body: "x", side: "studio" } });
  expect(unknown.status).toBe(400);
});
