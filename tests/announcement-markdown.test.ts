// An announcement written in the Markdown subset (decision 083) reaches users formatted: the API
// carries the message as the admin typed it, the notifications page renders it (bold, italic, a
// link that opens apart, a list; no asterisks in what is shown), and the e-mail's HTML part is
// formatted the same way while its text part has the markers removed and the links spelled out.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { isNull } from "drizzle-orm";
import { announcements } from "../db/schema";
import { newId } from "../src/lib/ids";
import type { NotificationItem } from "../src/shared/notifications";
import { queuedMails } from "./helpers/mail-jobs";
import { type TestServer, startTestServer } from "./helpers/server";
import { waitFor } from "./helpers/wait";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const db = () => server.deps.database.db;
const MESSAGE = "**Closed** on *Friday*: see [our hours](https://example.com/hours).\n\n- Orders wait\n- [Support](javascript:alert(1)) replies <b>Monday</b>";

async function announce(cookie: string, kind: "app" | "email", json: unknown): Promise<void> {
  const response = await server.request(`/api/admin/notifications/${kind}announcement`, { method: "POST", cookie, json });
  expect(response.status).toBe(200);
  await waitFor(
    "the announcement to fan out",
    async () => (await db().select().from(announcements).where(isNull(announcements.finishedAt))).length === 0,
    15_000,
  );
}

describe(`an announcement in Markdown on ${process.env.TEST_DATABASE_URL ? "Postgres" : "PGlite"}`, () => {
  test("reaches the API as typed and the notifications page rendered, escaped, without asterisks", async () => {
    const admin = await server.createAdmin();
    const reader = await server.createUser();
    await announce(admin.cookie, "app", { message: MESSAGE });

    const channel = (await (await server.request("/api/notifications/channel/announcements", { cookie: reader.cookie })).json()) as {
      notifications: NotificationItem[];
    };
    const item = channel.notifications.find((notification) => notification.message === MESSAGE);
    expect(item).toBeDefined();

    const page = await (await server.request(`/notifications/${item?._id}`, { cookie: reader.cookie })).text();
    // What is shown, not the island's props (which carry the message as typed for the browser).
    const shown = page.replace(/data-props="[^"]*"/g, "");
    const bubble = shown.slice(shown.indexOf(`id="message-${item?._id}"`));
    expect(bubble).toStartWith(
      `id="message-${item?._id}"><p><strong>Closed</strong> on <em>Friday</em>: see <a href="https://example.com/hours" target="_blank" rel="noopener nofollow">our hours</a>.</p><ul><li>Orders wait</li><li>[Support](javascript:alert(1)) replies &lt;b&gt;Monday&lt;/b&gt;</li></ul>`,
    );
    // The list's row shows one line without markers.
    expect(shown).toContain("Closed on Friday: see our hours. • Orders wait • [Support](javascript:alert(1)) replies &lt;b&gt;Monday&lt;/b&gt;");
    expect(shown).not.toContain("**Closed**");
    expect(shown).not.toContain('href="javascript');
    expect(shown).not.toContain("<b>");
  });

  test("is e-mailed as text with the markers removed and the links spelled out", async () => {
    const admin = await server.createAdmin();
    const reader = await server.createUser();
    const subject = `Closing ${newId()}`;
    await announce(admin.cookie, "email", { subject, message: MESSAGE });
    const [mail] = (await queuedMails(db(), reader.user.email)).filter((queued) => queued.subject === subject);
    expect(mail?.text).toBe(
      `Closed on Friday: see our hours (https://example.com/hours).\n\n- Orders wait\n- [Support](javascript:alert(1)) replies <b>Monday</b>\n\n${admin.user.displayName}\nWebstudio\n\nYou get this e-mail because announcements are on in your notification settings.\n\nWebstudio · ${server.deps.config.publicUrl}`,
    );
    // The HTML part: formatted, escaped, the unsafe link left as text, the safe one kept apart.
    expect(mail?.html).toContain("<strong>Closed</strong> on <em>Friday</em>");
    expect(mail?.html).toContain('target="_blank" rel="noopener nofollow"');
    expect(mail?.html).toContain("[Support](javascript:alert(1)) replies &lt;b&gt;Monday&lt;/b&gt;");
    expect(mail?.html).not.toContain('href="javascript');
  });
});
