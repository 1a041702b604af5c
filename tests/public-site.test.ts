// The public site as visitors, signed-in users and attackers see it: every page without
// JavaScript, the FAQ pages and API, the contact form (API and plain HTML), SEO files and the
// anonymous render cache with its invalidation on FAQ writes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { faqs } from "../db/schema";
import { STARTER_FAQS, seedFaqs } from "../src/features/faq/seed";
import { createFaq, deleteFaqs, updateFaqs } from "../src/features/faq/service";
import { newId } from "../src/lib/ids";
import { FIXED_PAGES, formatPrice, packages } from "../src/shared/packages";
import { queuedMails } from "./helpers/mail-jobs";
import { type TestServer, startTestServer } from "./helpers/server";
import { type SmtpCapture, startSmtpCapture } from "./helpers/smtp";

/** Who the FAQ writes below are recorded as in the audit log. */
const by = { userId: "test-admin", email: "admin@example.com", name: "Test Admin", ip: "127.0.0.1", requestId: null };

const SOCIAL_URL = "https://social.example/webstudio";
const PROVIDER_EMAIL = "studio@provider.example";
const PUBLIC_PAGES = ["/", "/support", "/contact-us", "/terms"];

let server: TestServer;
let smtp: SmtpCapture;
let ipCounter = 0;
/** A fresh client address per test, so rate limits of one test do not leak into another. */
const newIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    SOCIAL_URL,
    PROVIDER_EMAIL,
    PROVIDER_ADDRESS: "12 Quay Road, Bristol BS1 4DJ",
    TRUST_PROXY: "1",
  });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const db = () => server.deps.database.db;
const html = async (path: string, init: Parameters<TestServer["request"]>[1] = {}) => (await server.request(path, init)).text();
const textOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

describe("every public page", () => {
  test.each(PUBLIC_PAGES)("%s renders with no JavaScript, its own title, description and Open Graph tags", async (path) => {
    const response = await server.request(path);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).not.toContain("<script");
    expect(page).toMatch(/<title>[^<]+<\/title>/);
    expect(page).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(page).toContain('property="og:title"');
    expect(page).toContain(`<meta property="og:url" content="${server.deps.config.publicUrl}${path}"`);
    expect(page).toContain('data-theme="0" data-tint="0"');
    expect(page).toContain('<main id="main"');
  });

  test("titles differ per page", async () => {
    const titles = await Promise.all(PUBLIC_PAGES.map(async (path) => /<title>([^<]+)<\/title>/.exec(await html(path))?.[1]));
    expect(new Set(titles).size).toBe(PUBLIC_PAGES.length);
  });

  test("the visitor header links Home, Support, Terms, Contact Us, Log In and Sign Up, in a menu for small screens too", async () => {
    const page = await html("/support");
    for (const [href, label] of [
      ["/", "Home"],
      ["/support", "Support"],
      ["/terms", "Terms"],
      ["/contact-us", "Contact Us"],
      ["/login", "Log In"],
      ["/register", "Sign Up"],
    ]) {
      // Once in the wide header, once in the popover menu.
      expect(page.match(new RegExp(`href="${href}"[^>]*>${label}<`, "g"))?.length ?? 0).toBeGreaterThanOrEqual(2);
    }
    // HTML attribute names are case-insensitive: React writes popoverTarget as it is spelled in JSX.
    expect(page.toLowerCase()).toContain('popovertarget="main-menu"');
    expect(page).toContain('<nav id="main-menu" popover="auto"');
    expect(page).toMatch(/<a href="\/support" aria-current="page">Support<\/a>/);
  });

  test("the footer shows the current year and 'Follow Us' opens SOCIAL_URL in a new tab", async () => {
    const page = await html("/");
    expect(page).toContain(`© ${new Date().getFullYear()} Webstudio`);
    expect(page).toMatch(new RegExp(`<a href="${SOCIAL_URL}" target="_blank" rel="noopener">Follow Us`));
  });

  test("a signed-in user sees the signed-in header on public pages, with the default theme, never the cached visitor page", async () => {
    await server.request("/"); // fills the anonymous cache
    const { cookie } = await server.createUser({
      settings: {
        theme: { themeColor: 1, tintColor: 2 },
        appNotifications: { generalEnabled: true, announcementsEnabled: true, socialEnabled: true },
        emailNotifications: { generalEnabled: true, announcementsEnabled: true, socialEnabled: true },
      },
    });
    const response = await server.request("/", { cookie });
    expect(response.headers.get("x-render-cache")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
    const page = await response.text();
    expect(page).toContain('href="/dashboard"');
    expect(page).not.toContain('href="/register"');
    expect(page).toContain('data-theme="0" data-tint="0"');
    // ...and the visitor page was not replaced by it.
    const anonymous = await server.request("/");
    expect(anonymous.headers.get("x-render-cache")).toBe("hit");
    expect(await anonymous.text()).toContain('href="/register"');
  });
});

describe("landing", () => {
  test("hero, 'Why Choose Us' and the pricing built from the shared package table", async () => {
    const page = await html("/");
    const text = textOf(page);
    expect(text).toContain("Custom web apps done right");
    expect(page).toMatch(/href="\/create"[^>]*>Get started</);
    expect(page).toMatch(/href="#pricing"[^>]*>View pricing</);
    expect(page).toContain('id="pricing"');
    expect(text).toContain("Why Choose Us");
    for (const option of ["Pre-built admin console", "Pre-built notification system", "Subscription integration"]) expect(text).toContain(option);
    expect(page.match(/<input[^>]*type="radio"[^>]*name="why"/g)?.length).toBe(3);
    for (const pkg of packages) {
      expect(text).toContain(pkg.title);
      expect(text).toContain(formatPrice(pkg.price));
      expect(text).toContain(`${pkg.customPages} custom pages`);
      expect(page).toContain(`href="/create/${pkg.id}"`);
    }
    for (const name of FIXED_PAGES) expect(text).toContain(name);
    expect(text).toContain("Source code");
    expect(page).toMatch(/href="\/contact-us">Contact Us</);
    expect(page).toMatch(/class="card price-card is-featured" aria-labelledby="plan-m"/);
  });

  test("is under 30 KB of HTML and CSS gzipped", async () => {
    const page = await html("/");
    const css = /<link rel="stylesheet" href="([^"]+)"/.exec(page)?.[1] ?? "";
    const cssBytes = new Uint8Array(await (await server.request(css)).arrayBuffer());
    const total = Bun.gzipSync(new TextEncoder().encode(page)).byteLength + Bun.gzipSync(cssBytes).byteLength;
    expect(total).toBeLessThan(30 * 1024);
  });

  test("visitors get cached, precompressed bytes with an ETag; a matching If-None-Match gets 304", async () => {
    await server.request("/");
    const response = await server.request("/", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("x-render-cache")).toBe("hit");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    const etag = response.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    expect((await server.request("/", { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  test("a visitor's page never touches the session store: a bogus cookie is simply not a session", async () => {
    const response = await server.request("/", { cookie: "session=forged-token" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-render-cache")).toBeNull();
    expect(await response.text()).toContain('href="/register"');
  });
});

describe("support and FAQs", () => {
  test("?q= searches titles and answers, marks the words, and suggests Contact Us when nothing matches", async () => {
    const [faq] = await db()
      .insert(faqs)
      .values({ id: newId(), title: "Where is my Zebracorn invoice?", section: "Project", answer: "Open the project and choose Status." })
      .returning();
    const byAnswerId = newId();
    await db()
      .insert(faqs)
      .values({ id: byAnswerId, title: "Paying late", section: "Project", answer: "A zebracorn never pays late, and neither should you." });
    const response = await server.request("/support?q=zebracorn");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-render-cache")).toBeNull();
    const page = await response.text();
    expect(textOf(page)).toContain("2 answers for “zebracorn”");
    // Title matches first, each occurrence marked whatever its case.
    expect(page.indexOf(`/support/faq/${faq?.id}`)).toBeLessThan(page.indexOf(`/support/faq/${byAnswerId}`));
    expect(page).toContain("<mark>Zebracorn</mark>");
    expect(page).toContain("<mark>zebracorn</mark>");
    expect(page).toContain('name="robots" content="noindex"');
    // Markup in the query is text, and LIKE's wildcards match only themselves.
    const hostile = await html(`/support?q=${encodeURIComponent("<script>%_")}`);
    expect(hostile).not.toContain("<script>%_");
    expect(textOf(hostile)).toContain("No answers for “&lt;script&gt;%_”");
    expect(hostile).toMatch(/href="\/contact-us"[^>]*>Contact Us</);
    // An absurd length is cut, not refused; a NUL byte is refused like in every other query.
    expect((await server.request(`/support?q=${"a".repeat(5000)}`)).status).toBe(200);
    expect((await server.request("/support?q=abc%00")).status).toBe(400);
    // Without a query it is the cached help centre with the search box.
    const plain = await html("/support");
    expect(plain).toContain('action="/support" method="get"');
  });

  test("a new install has starter FAQs in every section, and seeding again changes nothing, even twice at once", async () => {
    const rows = await db().select().from(faqs);
    expect(rows.length).toBeGreaterThanOrEqual(STARTER_FAQS.length);
    const before = rows.length;
    expect(await Promise.all([seedFaqs(db()), seedFaqs(db())])).toEqual([false, false]);
    expect((await db().select().from(faqs)).length).toBe(before);
  });

  test("two start-ups racing on an empty table seed exactly one set", async () => {
    const ids = (await db().select({ id: faqs.id }).from(faqs)).map((row) => row.id);
    await deleteFaqs(db(), ids, by);
    const results = await Promise.all([seedFaqs(db()), seedFaqs(db())]);
    expect(results.filter(Boolean).length).toBe(1);
    expect((await db().select().from(faqs)).length).toBe(STARTER_FAQS.length);
  });

  test("/support groups the FAQs by section, in order, each linking to its page", async () => {
    const page = await html("/support");
    const text = textOf(page);
    const positions = ["Account", "Project", "Admin Console"].map((section) => page.indexOf(`>${section}</h2>`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const rows = await db().select().from(faqs);
    for (const faq of rows) {
      expect(page).toContain(`href="/support/faq/${faq.id}"`);
      expect(text).toContain(faq.title);
    }
    expect(page).toContain('class="faq-columns"');
  });

  test("/support/faq/{id} shows the title and answer; missing or malformed ids show Page not found", async () => {
    const [faq] = await db().select().from(faqs).limit(1);
    if (!faq) throw new Error("no FAQ");
    const page = await html(`/support/faq/${faq.id}`);
    expect(textOf(page)).toContain(faq.title);
    expect(textOf(page)).toContain(faq.answer.split("\n")[0] ?? "");
    for (const id of ["0000000000aaaaaaaaaaaaaaaa", "not-an-id", "%3Cscript%3E"]) {
      const missing = await server.request(`/support/faq/${id}`);
      expect(missing.status).toBe(404);
      const body = await missing.text();
      expect(body).toContain("Page not found");
      expect(body).toContain("Go to Landing");
    }
  });

  test("FAQ text is shown as text: markup in a title or answer cannot inject HTML", async () => {
    const evil = await createFaq(
      db(),
      {
        title: "<b>bold</b> question",
        section: "Project",
        answer: '<script>alert("x")</script><img src=x onerror="alert(1)">',
      },
      by,
    );
    for (const path of ["/support", `/support/faq/${evil.id}`]) {
      const page = await html(path);
      expect(page).not.toContain("<b>bold</b>");
      expect(page).not.toContain("<script>");
      expect(page).not.toContain("<img");
      expect(page).toContain("&lt;b&gt;bold&lt;/b&gt;");
    }
    await deleteFaqs(db(), [evil.id], by);
  });

  test("GET /api/faq answers every section in order with its FAQs; GET /api/faq/{id} one FAQ; a missing one 404", async () => {
    const list = (await (await server.request("/api/faq")).json()) as {
      sections: { section: string; faqs: { _id: string; title: string; section: string; answer: string }[] }[];
    };
    expect(list.sections.map((s) => s.section)).toEqual(["Account", "Project", "Admin Console"]);
    for (const group of list.sections) for (const faq of group.faqs) expect(faq.section).toBe(group.section);
    const first = list.sections[0]?.faqs[0];
    if (!first) throw new Error("no FAQ");
    const one = await server.request(`/api/faq/${first._id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ _id: first._id, title: first.title, section: first.section, answer: first.answer });
    const missing = await server.request("/api/faq/0000000000aaaaaaaaaaaaaaaa");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "This FAQ does not exist." });
  });

  test("every FAQ write through the FAQ service invalidates the cached pages, the sitemap and the API list", async () => {
    await server.request("/support");
    expect((await server.request("/support")).headers.get("x-render-cache")).toBe("hit");
    const created = await createFaq(
      db(),
      { title: "Do you build mobile apps?", section: "Project", answer: "Web apps only, but they work well on phones." },
      by,
    );
    const afterCreate = await server.request("/support");
    expect(afterCreate.headers.get("x-render-cache")).toBe("miss");
    expect(await afterCreate.text()).toContain("Do you build mobile apps?");
    expect(await html("/sitemap.xml")).toContain(`/support/faq/${created.id}`);
    expect(JSON.stringify(await (await server.request("/api/faq")).json())).toContain("Do you build mobile apps?");

    await server.request(`/support/faq/${created.id}`);
    await updateFaqs(db(), [created.id], { title: "Do you build native mobile apps?" }, by);
    expect(await html(`/support/faq/${created.id}`)).toContain("Do you build native mobile apps?");
    expect(await html("/support")).toContain("Do you build native mobile apps?");

    await deleteFaqs(db(), [created.id], by);
    expect((await server.request(`/support/faq/${created.id}`)).status).toBe(404);
    expect(await html("/support")).not.toContain("native mobile apps");
    expect(await html("/sitemap.xml")).not.toContain(created.id);
  });

  test("the FAQ service refuses blank fields and unknown sections", async () => {
    await expect(createFaq(db(), { title: "  ", section: "Account", answer: "a" }, by)).rejects.toMatchObject({
      status: 400,
      fields: { title: "Title cannot be blank." },
    });
    await expect(createFaq(db(), { title: "t", section: "Nope" as "Account", answer: "a" }, by)).rejects.toMatchObject({ status: 400 });
  });
});

describe("contact", () => {
  const send = (json: unknown, ip = newIp()) =>
    server.request("/api/contact-us/send-contact-email", { method: "POST", json, headers: { "x-forwarded-for": ip } });

  test("a message reaches PROVIDER_EMAIL over SMTP with the sender as Reply-To, and the answer is a message to show", async () => {
    const response = await send({ userEmail: "ada@example.com", message: "I would like a Medium app for my bakery." });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string };
    expect(body.message).toContain("Thanks for reaching out");
    const mail = await smtp.waitForMail((m) => m.text.includes("Medium app for my bakery"));
    expect(mail.envelopeTo).toEqual([PROVIDER_EMAIL]);
    expect(mail.replyTo).toContain("ada@example.com");
    expect(mail.subject).toContain("ada@example.com");
  });

  test("both fields are required, with a message per field, and nothing is sent", async () => {
    const before = smtp.messages.length;
    const queuedBefore = (await queuedMails(server.deps.database.db)).length;
    const response = await send({ userEmail: " ", message: "" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; fields: Record<string, string> };
    expect(body.message).toBe("You are missing one or more required fields.");
    expect(Object.keys(body.fields).sort()).toEqual(["message", "userEmail"]);
    const badEmail = (await (await send({ userEmail: "not an email", message: "hi" })).json()) as { fields: Record<string, string> };
    expect(badEmail.fields.userEmail).toContain("valid email");
    const injected = await send({ userEmail: "a@b.co\r\nBcc: victim@example.com", message: "hi" });
    expect(injected.status).toBe(400);
    // Mail leaves through the job queue: none queued by the time of the answers is none ever sent.
    expect(await queuedMails(server.deps.database.db)).toHaveLength(queuedBefore);
    expect(smtp.messages.length).toBe(before);
  });

  test("wrong types, missing fields, huge bodies and foreign origins are refused", async () => {
    expect((await send({ userEmail: 42, message: ["x"] })).status).toBe(400);
    expect((await send({})).status).toBe(400);
    expect((await send({ userEmail: "a@b.co", message: "x".repeat(5_001) })).status).toBe(400);
    expect((await send({ userEmail: "a@b.co", message: "x".repeat(70_000) })).status).toBe(413);
    const foreign = await server.request("/api/contact-us/send-contact-email", {
      method: "POST",
      json: { userEmail: "a@b.co", message: "hi" },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
  });

  test("is rate limited per sender address", async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) expect((await send({ userEmail: "spam@example.com", message: `n${i}` }, ip)).status).toBe(200);
    const limited = await send({ userEmail: "spam@example.com", message: "one too many" }, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).not.toBeNull();
    expect(((await limited.json()) as { message: string }).message).toContain("Too many requests");
  });

  test("the page shows the heading, the provider's e-mail and address, and a labelled form posting to /contact-us", async () => {
    const page = await html("/contact-us");
    expect(textOf(page)).toContain("We're here to help");
    expect(page).toContain(`href="mailto:${PROVIDER_EMAIL}"`);
    expect(page).toContain("12 Quay Road, Bristol BS1 4DJ");
    expect(page).toMatch(/<form[^>]*action="\/contact-us" method="post">/);
    expect(page).toMatch(/<label for="contact-email">Your Email<\/label>/);
    expect(page).toMatch(/<label for="contact-message">Message<\/label>/);
    expect(page).toContain(">Send message</button>");
  });

  const postForm = (fields: Record<string, string>, ip = newIp()) =>
    server.request("/contact-us", {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip, origin: server.url },
    });

  test("without JavaScript: a sent form redirects to the confirmation with an empty message box", async () => {
    const response = await postForm({ userEmail: "grace@example.com", message: "Plain HTML works too." });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/contact-us?sent=1");
    const page = await html("/contact-us?sent=1");
    expect(page).toContain('role="status"');
    expect(textOf(page)).toContain("Thanks for reaching out");
    expect(page).toMatch(/<textarea[^>]*><\/textarea>/);
    const mail = await smtp.waitForMail((m) => m.text.includes("Plain HTML works too."));
    expect(mail.replyTo).toContain("grace@example.com");
  });

  test("without JavaScript: a refused form comes back with field errors and the typed values", async () => {
    const response = await postForm({ userEmail: "oops", message: "Keep <this> text" });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain('aria-invalid="true"');
    expect(page).toContain('id="contact-email-error"');
    expect(page).toContain('value="oops"');
    expect(page).toContain("Keep &lt;this&gt; text</textarea>");
    const empty = await postForm({});
    expect(empty.status).toBe(400);
    const emptyPage = await empty.text();
    expect(emptyPage).toContain("Your email is required.");
    expect(emptyPage).toContain("A message is required.");
  });
});

describe("robots and sitemap", () => {
  test("robots.txt names the sitemap; the sitemap lists the public pages and every FAQ", async () => {
    const robots = await html("/robots.txt");
    expect(robots).toContain(`Sitemap: ${server.deps.config.publicUrl}/sitemap.xml`);
    expect(robots).toContain("Disallow: /api/");
    const sitemap = await server.request("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    for (const path of PUBLIC_PAGES) expect(xml).toContain(`<loc>${server.deps.config.publicUrl}${path}</loc>`);
    for (const faq of await db().select().from(faqs)) expect(xml).toContain(`/support/faq/${faq.id}</loc>`);
  });
});

describe("error screens", () => {
  test("an unexpected error shows 'Unexpected Application Error!' with the status, in the site's frame", async () => {
    const response = await server.request("/contact-us", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=missing", origin: server.url },
      body: "{broken",
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Unexpected Application Error!");
    expect(page).toContain("site-footer");
  });
});
