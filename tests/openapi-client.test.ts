// The API as an integrator meets it: the types openapi-typescript generates from the public
// GET /api/openapi.json are the committed ones (tests/generated/api-schema.ts, written by
// `bun run openapi:types`), no answer body in them is `unknown`, and a client typed by them
// (openapi-fetch) works against the running server.
import { afterAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import createClient from "openapi-fetch";
import { API_TYPES_PATH, generateApiTypes } from "../scripts/openapi-types";
import type { ApiDocument } from "../src/features/admin-console/api-docs";
import type { paths } from "./generated/api-schema";
import { startTestServer } from "./helpers/server";

const server = await startTestServer();
afterAll(() => server.stop());
const client = createClient<paths>({ baseUrl: server.url });

/** `session=…` from an answer's Set-Cookie, to send back as Cookie. */
function sessionOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("session="));
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0] ?? "";
}

test("every operation answers 2XX with a described body, or only redirects; the generated types are current and type every body", async () => {
  const document = (await (await server.request("/api/openapi.json")).json()) as ApiDocument;
  const undescribed = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => {
        const statuses = Object.keys(operation.responses ?? {});
        const successes = statuses.filter((status) => status.startsWith("2"));
        if (successes.length === 0) return !statuses.some((status) => status.startsWith("3"));
        return successes.some((status) => !operation.responses?.[status]?.content);
      })
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
  expect(undescribed).toEqual([]);
  const types = await generateApiTypes(document);
  expect(types, "the API changed: `bun run openapi:types` writes its types again").toBe(readFileSync(API_TYPES_PATH, "utf8"));
  // A body openapi-typescript cannot type comes out as `"application/json": unknown`.
  expect(types.match(/"[\w.+-]+\/[\w.*+-]+": unknown/g) ?? []).toEqual([]);
});

test("a typed client registers, signs in, reads its account and lists its projects", async () => {
  const email = `client-${crypto.randomUUID()}@example.com`;
  const password = "a typed client's long password";
  const registered = await client.POST("/api/auth/register", { body: { email, displayName: "Typed Client", password } });
  expect(registered.response.status).toBe(201);
  expect(registered.data?.user.email).toBe(email);

  const signedIn = await client.POST("/api/auth/login", { body: { email, password } });
  // The answer is one of three shapes; without a second factor or a temporary password, the signed-in one.
  if (!signedIn.data || !("next" in signedIn.data)) throw new Error(`not signed in: ${JSON.stringify(signedIn.data ?? signedIn.error)}`);
  expect(signedIn.data.user.displayName).toBe("Typed Client");
  expect(signedIn.data.next).toBe("/dashboard");
  const headers = { cookie: sessionOf(signedIn.response) };

  const me = await client.GET("/api/users/me", { headers });
  expect(me.data?.user.isAdmin).toBe(false);
  const projects = await client.GET("/api/projects/search", { params: { query: { page: 1 } }, headers });
  expect(projects.data).toMatchObject({ projects: [], totalCount: 0, canLoadMore: false });
});

test("a refusal comes back as the typed error body, naming the field", async () => {
  const refused = await client.POST("/api/auth/register", { body: { email: "not an address", displayName: "Typed Client", password: "short" } });
  expect(refused.response.status).toBe(400);
  expect(refused.error?.message).toBeString();
  expect(Object.keys(refused.error?.fields ?? {})).toContain("email");
  const unsigned = await client.GET("/api/users/me");
  expect(unsigned.response.status).toBe(401);
  expect(unsigned.error?.message).toBe("You need to sign in first.");
});
