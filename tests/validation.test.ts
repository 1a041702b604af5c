// One validation and error path: every 4xx names the field by its path, enums
// list their values, NUL and invalid UTF-8 are a 400, 413 always carries JSON with the limit, and
// random or hostile input never reaches a 500.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { t } from "elysia";
import fc from "fast-check";
import { ProjectDraftBody, ProjectPatch, ProjectSearchQuery } from "../src/features/projects/model";
import { SettingsPatch } from "../src/features/settings/model";
import { handleError } from "../src/http/error-handler";
import { explainInvalid } from "../src/http/explain";
import { rememberRequestId } from "../src/http/request-id";
import { JSON_BODY_LIMIT, UPLOAD_BODY_LIMIT } from "../src/http/server";
import { createLogger } from "../src/lib/log";
import { type TestServer, startTestServer } from "./helpers/server";
import { createProjectAs, orderForm, png, validDraft } from "./projects/fixtures";

type ErrorBody = { message: string; fields?: Record<string, string>; limit?: number; requestId?: string };

let server: TestServer;
let cookie: string;
let projectId: string;
let ipCounter = 0;
const newIp = () => `10.13.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "1" });
  ({ cookie } = await server.createUser());
  projectId = await createProjectAs(server, cookie);
});
afterAll(() => server.stop());

function json(path: string, method: string, body: unknown, options: { cookie?: string } = {}): Promise<Response> {
  return server.request(path, { method, json: body, cookie: options.cookie, headers: { "x-forwarded-for": newIp() } });
}

async function refusal(response: Response | Promise<Response>, status = 400): Promise<ErrorBody> {
  const answer = await response;
  const body = (await answer.json()) as ErrorBody;
  expect({ status: answer.status, body }).toMatchObject({ status });
  return body;
}

describe("fields are named by their path", () => {
  test("a wrong type inside the order's multipart data names data.<field>", async () => {
    const form = orderForm({ ...validDraft(), projectName: 5, borderRadius: "round" });
    const body = await refusal(server.request("/api/projects", { method: "POST", body: form, headers: { "x-forwarded-for": newIp() } }));
    expect(body.fields?.["data.projectName"]).toBe("Expected string");
    expect(body.fields?.["data.borderRadius"]).toBe("Expected one of: square, rounded, pill");
    expect(body.message).toStartWith("Invalid data.projectName");
  });

  test("a missing field inside data is named and an unknown one refused", async () => {
    const { heroTitle: _gone, ...draft } = validDraft();
    const form = orderForm({ ...draft, isAdmin: true });
    const body = await refusal(server.request("/api/projects", { method: "POST", body: form, headers: { "x-forwarded-for": newIp() } }));
    expect(body.fields?.["data.heroTitle"] ?? body.fields?.["data.isAdmin"]).toBeDefined();
  });

  test("settings: a bad value names value, an unknown path lists the allowed paths", async () => {
    const bad = await refusal(json("/api/users/me/settings", "PATCH", { path: "theme.themeColor", value: "dark" }, { cookie }));
    expect(bad.fields).toEqual({ value: "Expected integer" });
    const tooBig = await refusal(json("/api/users/me/settings", "PATCH", { path: "theme.themeColor", value: 9 }, { cookie }));
    expect(Object.keys(tooBig.fields ?? {})).toEqual(["value"]);
    const unknown = await refusal(json("/api/users/me/settings", "PATCH", { path: "isAdmin", value: true }, { cookie }));
    expect(unknown.fields?.path).toStartWith("Expected one of: theme.themeColor, theme.tintColor, appNotifications.generalEnabled");
  });

  test("query values are named query.<name>, with the allowed values of an enum", async () => {
    const page = await refusal(server.request("/api/projects/search?page=0", { cookie }));
    expect(page.fields).toEqual({ "query.page": "Expected a page number from 1" });
    const status = await refusal(server.request("/api/projects/search?status=done", { cookie }));
    expect(status.fields).toEqual({ "query.status": "Expected one of: pending-approval, in-progress, completed" });
    const sort = await refusal(server.request("/api/projects/search?sortby=name", { cookie }));
    expect(sort.fields).toEqual({ "query.sortby": "Expected one of: -createdAt, createdAt" });
  });

  test("an empty PATCH says which fields could be sent", async () => {
    const body = await refusal(json(`/api/projects/${projectId}`, "PATCH", {}, { cookie }));
    expect(body.fields?.body).toStartWith("Send at least one field to change: projectName,");
  });

  test("a body that is not valid JSON names the body", async () => {
    const broken = await refusal(
      server.request("/api/auth/login", { method: "POST", body: '{"email":', headers: { "content-type": "application/json", "x-forwarded-for": newIp() } }),
    );
    expect(broken).toEqual({ message: "The request body could not be read.", fields: { body: "Could not be parsed as its Content-Type says" } });
  });

  test("wrong types and missing fields on register name each field", async () => {
    const missing = await refusal(json("/api/auth/register", "POST", { email: "a@example.com" }));
    expect(missing.fields).toEqual({ displayName: "Required", password: "Required" });
    const wrong = await refusal(json("/api/auth/register", "POST", { email: 5, displayName: [], password: true }));
    expect(Object.keys(wrong.fields ?? {}).sort()).toEqual(["displayName", "email", "password"]);
  });
});

describe("unknown fields are refused on every write", () => {
  test("contact and bug-report writes refuse a field they do not take", async () => {
    const contact = await refusal(json("/api/contact-us/send-contact-email", "POST", { userEmail: "a@example.com", message: "Hi", cc: "x@example.com" }));
    expect(contact.fields).toEqual({ cc: "This field cannot be set here" });
    const bug = await refusal(json("/api/bugreports", "POST", { title: "Broken", description: "It broke", resolved: true }, { cookie }));
    expect(bug.fields).toEqual({ resolved: "This field cannot be set here" });
  });

  test("auth, password and role writes refuse a forged field instead of dropping it", async () => {
    const email = `forged-${Date.now()}@example.com`;
    const register = await refusal(json("/api/auth/register", "POST", { email, displayName: "Forger", password: "Zebra-Quokka-91", isAdmin: true }));
    expect(register.fields).toEqual({ isAdmin: "This field cannot be set here" });
    // Nothing was created: the same e-mail registers cleanly afterwards.
    expect((await json("/api/auth/register", "POST", { email, displayName: "Forger", password: "Zebra-Quokka-91" })).status).toBe(201);
    const cases: Array<[string, string, unknown, string | undefined]> = [
      ["/api/auth/login", "POST", { email, password: "Zebra-Quokka-91", remember: true }, undefined],
      ["/api/auth/reset", "POST", { email, redirect: "https://evil.example" }, undefined],
      ["/api/auth/reset/confirm", "POST", { token: "x", password: "Zebra-Quokka-92", userId: "someone" }, undefined],
      ["/api/auth/login/new-password", "POST", { ticket: "x", password: "Zebra-Quokka-92", userId: "someone" }, undefined],
      ["/api/users/me/password", "PATCH", { currentPassword: "a", password: "Zebra-Quokka-92", userId: "someone" }, cookie],
    ];
    for (const [path, method, body, as] of cases) {
      const refused = await refusal(json(path, method, body, { cookie: as }));
      expect(Object.values(refused.fields ?? {})).toEqual(["This field cannot be set here"]);
    }
    const admin = await server.createAdmin({ superAdmin: true });
    const role = await refusal(json("/api/admin/users/makeadmin", "PATCH", { userID: "someone", isSuperAdmin: true }, { cookie: admin.cookie }));
    expect(role.fields).toEqual({ isSuperAdmin: "This field cannot be set here" });
  });
});

describe("a write to the API in a type it does not read is a 415 that says what to send", () => {
  test("text/plain (also what fetch sends for a bare string) and XML are refused; JSON passes", async () => {
    for (const contentType of ["text/plain;charset=UTF-8", "application/xml", ""]) {
      const response = await server.request("/api/bugreports", {
        method: "POST",
        cookie,
        body: JSON.stringify({ title: "Broken", description: "It broke" }),
        headers: contentType ? { "content-type": contentType } : {},
      });
      expect(response.status).toBe(415);
      const answer = (await response.json()) as { message: string; fields?: Record<string, string> };
      expect(answer.message).toContain("application/json");
      expect(Object.keys(answer.fields ?? {})).toEqual(["headers.content-type"]);
    }
    const accepted = await server.request("/api/bugreports", {
      method: "POST",
      cookie,
      body: JSON.stringify({ title: "Broken", description: "It broke" }),
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(accepted.status).toBe(201);
  });
});

describe("NUL characters and invalid UTF-8 are a 400 naming the field, never a 500", () => {
  test("in JSON bodies, signed in or not", async () => {
    const cases: Array<[string, string, unknown, string, string | undefined]> = [
      ["/api/auth/register", "POST", { email: "nul@example.com", displayName: "A\u0000B", password: "a fine password" }, "displayName", undefined],
      ["/api/auth/login", "POST", { email: "nobody\u0000@example.com", password: "whatever it is" }, "email", undefined],
      ["/api/auth/reset", "POST", { email: "x\u0000@example.com" }, "email", undefined],
      ["/api/bugreports", "POST", { title: "Broken\u0000", description: "It broke" }, "title", cookie],
      [`/api/projects/${projectId}`, "PATCH", { pagesText: ["fine", "bad\u0000"] }, "pagesText.1", cookie],
      ["/api/contact-us/send-contact-email", "POST", { userEmail: "a@example.com", message: "\u0000" }, "message", undefined],
    ];
    for (const [path, method, body, field, as] of cases) {
      const answer = await refusal(json(path, method, body, { cookie: as }));
      expect(answer.fields?.[field]).toContain("NUL");
    }
  });

  test("an unpaired surrogate escape (which jsonb refuses) in JSON bodies and the multipart data field", async () => {
    const lone = await refusal(json("/api/bugreports", "POST", { title: "Broken \ud800", description: "It broke" }, { cookie }));
    expect(lone.fields).toEqual({ title: expect.stringContaining("unpaired surrogate") });
    const paired = await json("/api/bugreports", "POST", { title: "Broken \ud83d\ude00", description: "It broke" }, { cookie });
    expect(paired.status).toBe(201);
    const admin = await server.createAdmin();
    const announcement = await refusal(json("/api/admin/notifications/appannouncement", "POST", { message: "\udc00 closed" }, { cookie: admin.cookie }));
    expect(Object.keys(announcement.fields ?? {})).toEqual(["message"]);
    const form = orderForm(validDraft({ heroTitle: "Fresh \ud800 bread" }));
    const order = await refusal(server.request("/api/projects", { method: "POST", body: form, headers: { "x-forwarded-for": newIp() } }));
    expect(order.fields?.["data.heroTitle"]).toContain("unpaired surrogate");
  });

  test("in the multipart data field", async () => {
    const form = orderForm(validDraft({ heroTitle: "Fresh\u0000bread" }));
    const body = await refusal(server.request("/api/projects", { method: "POST", body: form, headers: { "x-forwarded-for": newIp() } }));
    expect(body.fields?.["data.heroTitle"]).toContain("NUL");
  });

  test("in query strings and paths, for the API and for pages", async () => {
    const search = await refusal(server.request("/api/projects/search?title=a%00b", { cookie }));
    expect(search.fields).toEqual({ "query.title": expect.stringContaining("NUL") });
    const page = await server.request("/dashboard?title=a%00b", { cookie });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("query.title");
    const path = await refusal(server.request("/api/projects/a%00b", { cookie }));
    expect(Object.keys(path.fields ?? {})).toEqual(["path"]);
  });

  test("malformed escapes and invalid UTF-8 in the URL, including under /uploads", async () => {
    expect((await server.request("/uploads/%E0%A4%A")).status).toBe(400);
    expect((await server.request("/uploads/%ZZ")).status).toBe(400);
    const query = await refusal(server.request("/api/projects/search?title=%FF%FE", { cookie }));
    expect(Object.keys(query.fields ?? {})).toEqual(["query.title"]);
  });

  test("invalid UTF-8 in a JSON or form body names the field", async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"email":"a@example.com","displayName":"A'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('","password":"a fine password"}'),
    ]);
    const body = await refusal(
      server.request("/api/auth/register", { method: "POST", body: bytes, headers: { "content-type": "application/json", "x-forwarded-for": newIp() } }),
    );
    expect(Object.keys(body.fields ?? {})).toEqual(["displayName"]);
    const form = await server.request("/login", {
      method: "POST",
      body: "email=a%40example.com&password=%FF",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newIp() },
    });
    expect(form.status).toBe(400);
  });
});

describe("413 always answers JSON with the limit", () => {
  test("a JSON body over the limit, with or without a length", async () => {
    const big = JSON.stringify({ userEmail: "a@example.com", message: "x".repeat(JSON_BODY_LIMIT) });
    const sized = await refusal(
      server.request("/api/contact-us/send-contact-email", { method: "POST", body: big, headers: { "content-type": "application/json" } }),
      413,
    );
    expect(sized.limit).toBe(JSON_BODY_LIMIT);
    expect(sized.message).toContain("64 KiB");
    const stream = new Blob([big]).stream();
    const chunked = await refusal(
      server.request("/api/contact-us/send-contact-email", { method: "POST", body: stream, headers: { "content-type": "application/json" } }),
      413,
    );
    expect(chunked.limit).toBe(JSON_BODY_LIMIT);
  });

  test("a 60 MB upload gets the JSON 413 too (Bun.serve's own cap does not answer first)", async () => {
    const form = orderForm(validDraft(), { logoImages: [new File([new Uint8Array(60 * 1024 * 1024)], "huge.png", { type: "image/png" })] });
    const sized = await refusal(server.request("/api/projects", { method: "POST", body: form }), 413);
    expect(sized.limit).toBe(UPLOAD_BODY_LIMIT);
    expect(sized.message).toContain("40 MiB");
    const chunks = new Blob([new Uint8Array(UPLOAD_BODY_LIMIT + 1024)]).stream();
    const chunked = await refusal(
      server.request("/api/projects", { method: "POST", body: chunks, headers: { "content-type": "multipart/form-data; boundary=x" } }),
      413,
    );
    expect(chunked.limit).toBe(UPLOAD_BODY_LIMIT);
  }, 60_000);

  test("a normal order still goes through", async () => {
    const response = await server.request("/api/projects", { method: "POST", body: orderForm(validDraft(), { logoImages: [png()] }), cookie });
    expect(response.status).toBe(201);
  });
});

describe("request ids", () => {
  test("every answer past the public page cache has an x-request-id, and the access log line carries it", async () => {
    const response = await server.request("/api/faq?page=1");
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(server.logs.some((line) => line.includes(id ?? "none") && line.includes("GET /api/faq"))).toBe(true);
  });

  test("a public page answered from the cache has its own in the access log only", async () => {
    await server.request("/terms");
    const logged = server.logs.length;
    const cached = await server.request("/terms");
    expect(cached.headers.get("x-render-cache")).toBe("hit");
    expect(cached.headers.get("x-request-id")).toBeNull();
    const line = server.logs.slice(logged).find((entry) => entry.includes("GET /terms 200"));
    expect(JSON.parse(line ?? "{}").reqId).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  test("a 500 names its request id in the body and logs a database error by code only", async () => {
    const lines: string[] = [];
    const log = createLogger({ format: "json", sink: { write: (line) => lines.push(line) } });
    const request = new Request("http://localhost/api/anything");
    rememberRequestId(request, "req-test-123456");
    const failure = Object.assign(new Error("insert into users values ($1) params: secret@example.com,$argon2id$v=19"), {
      code: "23505",
      constraint: "users_email_unique",
      table: "users",
      parameters: ["secret@example.com"],
    });
    const response = await handleError(request, "UNKNOWN", failure, async () => new Response("page"), log);
    expect(response.status).toBe(500);
    const body = (await response.json()) as ErrorBody;
    expect(body.requestId).toBe("req-test-123456");
    expect(body.message).toContain("req-test-123456");
    const logged = lines.join("\n");
    expect(logged).toContain("23505");
    expect(logged).toContain("users_email_unique");
    expect(logged).toContain("req-test-123456");
    expect(logged).not.toContain("secret@example.com");
    expect(logged).not.toContain("$argon2id$");
  });
});

// ---------------------------------------------------------------------------------------------
// Properties: random and hostile input, never a 500, and a 400 always names a field.

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.constantFrom("\u0000", "a\u0000b", "%00", "\ud800", "' or 1=1 --", "<script>", "x".repeat(400), "", "  "),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie("value"), { maxKeys: 3 }),
  ),
})).value;

describe("properties", () => {
  test("the explainer names at least one field for any value a schema refuses", () => {
    const schemas = [ProjectDraftBody, ProjectPatch, SettingsPatch, ProjectSearchQuery, t.Object({ a: t.Array(t.Integer(), { maxItems: 2 }) })];
    fc.assert(
      fc.property(fc.constantFrom(...schemas), hostileValue, (schema, value) => {
        const fields = explainInvalid(schema, value);
        // Either the value is acceptable (nothing to name) or every problem has a path and words.
        for (const [path, message] of Object.entries(fields)) {
          expect(path.length).toBeGreaterThan(0);
          expect(message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 400 },
    );
  });

  const endpoints: Array<{ path: string; method: string; signedIn: boolean; wrap?: (value: unknown) => unknown }> = [
    { path: "/api/auth/register", method: "POST", signedIn: false },
    { path: "/api/auth/login", method: "POST", signedIn: false },
    { path: "/api/auth/reset", method: "POST", signedIn: false },
    { path: "/api/contact-us/send-contact-email", method: "POST", signedIn: false },
    { path: "/api/bugreports", method: "POST", signedIn: true },
    { path: "/api/users/me/settings", method: "PATCH", signedIn: true },
    { path: "/api/users/me", method: "PATCH", signedIn: true },
  ];

  test("JSON endpoints answer random and hostile bodies with a 4xx naming a field, never a 500", async () => {
    const seen: number[] = [];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), hostileValue, async (endpoint, value) => {
        const response = await json(endpoint.path, endpoint.method, value, { cookie: endpoint.signedIn ? cookie : undefined });
        seen.push(response.status);
        expect(response.status).toBeLessThan(500);
        if (response.status === 400) {
          const body = (await response.json()) as ErrorBody;
          expect(Object.keys(body.fields ?? {}).length).toBeGreaterThan(0);
        } else await response.body?.cancel();
      }),
      { numRuns: 120 },
    );
    expect(seen.filter((status) => status === 400).length).toBeGreaterThan(60);
  }, 60_000);

  test("the order's multipart data and the search query never reach a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileValue,
        fc.oneof(
          hostileString.map((text) => Buffer.from(text.slice(0, 100))),
          fc.uint8Array({ maxLength: 40 }),
        ),
        async (data, title) => {
          const order = await server.request("/api/projects", { method: "POST", body: orderForm(data), headers: { "x-forwarded-for": newIp() } });
          expect(order.status).toBeLessThan(500);
          if (order.status === 400) expect(Object.keys(((await order.json()) as ErrorBody).fields ?? {}).length).toBeGreaterThan(0);
          else await order.body?.cancel();
          // Every byte percent-encoded, so invalid UTF-8 arrives as it is.
          const encoded = [...title].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");
          const search = await server.request(`/api/projects/search?title=${encoded}`, { cookie });
          expect(search.status).toBeLessThan(500);
          await search.body?.cancel();
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);
});
