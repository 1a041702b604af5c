// The account's wizard draft: only its owner reads or writes it, it never holds the
// domain password, unknown fields and oversized text are refused by name, and an order clears it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { ProjectDraft } from "../../src/shared/wizard";
import { type TestServer, startTestServer } from "../helpers/server";
import { type SmtpCapture, startSmtpCapture } from "../helpers/smtp";
import { type ErrorBody, createProjectAs, orderForm, png, postOrder, uniqueEmail, validDraft } from "./fixtures";

let server: TestServer;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({ SMTP_URL: smtp.url, TRUST_PROXY: "true" });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const PATH = "/api/users/me/wizard-draft";
type Answer = { draft: Record<string, unknown> | null; updatedAt: string | null };

function accountDraft(overrides: Partial<ProjectDraft> = {}): Record<string, unknown> {
  const { domainProviderPassword: _secret, ...rest } = validDraft(overrides);
  return rest;
}

const put = (cookie: string | undefined, body: unknown) => server.request(PATH, { method: "PUT", cookie, json: body, headers: { origin: server.url } });

describe("the account's wizard draft", () => {
  test("a visitor can neither read nor write one", async () => {
    expect((await server.request(PATH)).status).toBe(401);
    expect((await put(undefined, { draft: accountDraft() })).status).toBe(401);
    expect((await server.request(PATH, { method: "DELETE", headers: { origin: server.url } })).status).toBe(401);
  });

  test("a customer saves, reads back and discards their own draft", async () => {
    const { cookie } = await server.createUser();
    expect((await (await server.request(PATH, { cookie })).json()) as Answer).toEqual({ draft: null, updatedAt: null });
    const draft = accountDraft({ projectName: "Analytical Bakery" });
    const saved = await put(cookie, { draft });
    expect(saved.status).toBe(200);
    const answer = (await saved.json()) as Answer;
    expect(answer.draft).toEqual(draft);
    expect(Date.parse(answer.updatedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);

    const again = await put(cookie, { draft: { ...draft, projectName: "Analytical Bakery 2" } });
    expect(((await again.json()) as Answer).draft?.projectName).toBe("Analytical Bakery 2");
    const read = (await (await server.request(PATH, { cookie })).json()) as Answer;
    expect(read.draft?.projectName).toBe("Analytical Bakery 2");
    expect(Date.parse(read.updatedAt ?? "")).toBeGreaterThanOrEqual(Date.parse(answer.updatedAt ?? ""));

    const discarded = await server.request(PATH, { method: "DELETE", cookie, headers: { origin: server.url } });
    expect(discarded.status).toBe(200);
    expect((await (await server.request(PATH, { cookie })).json()) as Answer).toEqual({ draft: null, updatedAt: null });
  });

  test("another customer's draft is out of reach: each account sees only its own", async () => {
    const ada = await server.createUser();
    const bob = await server.createUser();
    await put(ada.cookie, { draft: accountDraft({ projectName: "Ada's secret project" }) });
    const seen = (await (await server.request(PATH, { cookie: bob.cookie })).json()) as Answer;
    expect(seen.draft).toBeNull();
    // Bob's write and delete touch Bob's row only.
    await put(bob.cookie, { draft: accountDraft({ projectName: "Bob's" }) });
    await server.request(PATH, { method: "DELETE", cookie: bob.cookie, headers: { origin: server.url } });
    const adas = (await (await server.request(PATH, { cookie: ada.cookie })).json()) as Answer;
    expect(adas.draft?.projectName).toBe("Ada's secret project");
  });

  test("the domain provider's password and other unknown fields are refused by name, nothing stored", async () => {
    const { cookie } = await server.createUser();
    const withSecret = await put(cookie, { draft: { ...accountDraft(), domainProviderPassword: "hunter2!" } });
    expect(withSecret.status).toBe(400);
    expect(((await withSecret.json()) as ErrorBody).fields).toHaveProperty(["draft.domainProviderPassword"]);
    const extra = await put(cookie, { draft: accountDraft(), status: "completed" });
    expect(extra.status).toBe(400);
    expect(((await extra.json()) as ErrorBody).fields).toHaveProperty(["status"]);
    expect(((await (await server.request(PATH, { cookie })).json()) as Answer).draft).toBeNull();
  });

  test("wrong types and oversized text name their field; a body over the JSON limit is a 413", async () => {
    const { cookie } = await server.createUser();
    const wrongType = await put(cookie, { draft: { ...accountDraft(), selectedThemes: "all" } });
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(await wrongType.json())).toContain("draft.selectedThemes");
    const tooLong = await put(cookie, { draft: accountDraft({ projectName: "x".repeat(201) }) });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(await tooLong.json())).toContain("draft.projectName");
    const huge = await put(cookie, { draft: accountDraft({ heroMessage: "y".repeat(70_000) }) });
    expect(huge.status).toBe(413);
    const missing = await put(cookie, {});
    expect(missing.status).toBe(400);
    expect(((await (await server.request(PATH, { cookie })).json()) as Answer).draft).toBeNull();
  });

  test("a write without the site's Origin is refused (CSRF)", async () => {
    const { cookie } = await server.createUser();
    const forged = await server.request(PATH, { method: "PUT", cookie, json: { draft: accountDraft() }, headers: { origin: "https://evil.example" } });
    expect(forged.status).toBe(403);
  });

  test("sending the order clears the account's draft", async () => {
    const { cookie } = await server.createUser();
    await put(cookie, { draft: accountDraft({ projectName: "About to order" }) });
    await createProjectAs(server, cookie);
    expect(((await (await server.request(PATH, { cookie })).json()) as Answer).draft).toBeNull();
  });
});

/** The wizard island's props as the page carries them. */
async function wizardProps(path: string, cookie?: string): Promise<{ accountDraft: Answer | null }> {
  const html = await (await server.request(path, { cookie })).text();
  const props = html.match(/data-island="wizard"[^>]*data-props="([^"]*)"/)?.[1] ?? "";
  return JSON.parse(props.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&"));
}

describe("the wizard's page", () => {
  test("comes with the signed-in customer's saved draft, so the wizard makes no call to restore it; a visitor's carries none", async () => {
    const { cookie } = await server.createUser();
    expect((await wizardProps("/create", cookie)).accountDraft).toBeNull();
    const saved = (await (await put(cookie, { draft: accountDraft({ projectName: "Café <Ada> & Co's" }) })).json()) as Answer;
    expect((await wizardProps("/create", cookie)).accountDraft).toEqual(saved);
    expect((await wizardProps("/create/m", cookie)).accountDraft).toEqual(saved);
    expect((await wizardProps("/create")).accountDraft).toBeNull();
  });

  test("shows the draft saved last", async () => {
    const { cookie } = await server.createUser();
    await put(cookie, { draft: accountDraft({ projectName: "First draft" }) });
    expect((await wizardProps("/create", cookie)).accountDraft?.draft?.projectName).toBe("First draft");
    await put(cookie, { draft: accountDraft({ projectName: "Second draft" }) });
    expect((await wizardProps("/create", cookie)).accountDraft?.draft?.projectName).toBe("Second draft");
    await server.request(PATH, { method: "DELETE", cookie, headers: { origin: server.url } });
    expect((await wizardProps("/create", cookie)).accountDraft).toBeNull();
  });
});

describe("the visitor's order mail", () => {
  test("holds the order's summary, a link to the project and the temporary password", async () => {
    const email = uniqueEmail("mail");
    const draft = validDraft({ email, creatorName: "Ada Visitor", signature: "Ada Visitor", projectName: "Analytical Bakery" }, "m");
    const response = await postOrder(server, orderForm(draft, { logoImages: [png()] }));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { projectID: string; email: string };
    expect(body.email).toBe(email);
    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes(email));
    expect(mail.text).toContain("Project: Analytical Bakery");
    expect(mail.text).toContain("Package: Medium Webapp");
    expect(mail.text).toContain("Price: $500");
    expect(mail.text).toContain(`/projects/${body.projectID}`);
    expect(/temporary password: (\S+)/.exec(mail.text)?.[1]).toHaveLength(8);
  });
});
