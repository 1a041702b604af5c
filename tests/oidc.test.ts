// OpenID Connect sign-in end to end against a real OIDC server on loopback (oauth2-mock-server):
// discovery, authorization with PKCE and state cookies, code exchange, ID token, account rules.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { Events, OAuth2Server } from "oauth2-mock-server";
import { oauthAccounts, users } from "../db/schema";
import { type TestServer, startTestServer } from "./helpers/server";

const CLIENT_ID = "webstudio-test-client";
let idp: OAuth2Server;
let server: TestServer;
let claims: Record<string, unknown> = {};

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate("RS256");
  await idp.start(0, "127.0.0.1");
  idp.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, { aud: CLIENT_ID }, claims);
  });
  server = await startTestServer({ OIDC_ISSUER: idp.issuer.url!, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: "shh" });
});
afterAll(async () => {
  await server.stop();
  await idp.stop();
});

const cookiesOf = (response: Response): string =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");

/** Runs the browser's part of the flow: our start URL, the provider, back to our callback. */
async function signInThroughProvider(options: { tamperState?: boolean; dropCookies?: boolean } = {}) {
  const start = await server.request("/api/auth/oidc");
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("location")!);
  expect(authorize.origin).toBe(new URL(idp.issuer.url!).origin);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("code_challenge")).toBeString();
  for (const cookie of start.headers.getSetCookie()) {
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Max-Age=600");
  }
  const provider = await fetch(authorize, { redirect: "manual" });
  expect(provider.status).toBe(302);
  const callback = new URL(provider.headers.get("location")!);
  if (options.tamperState) callback.searchParams.set("state", "forged-state");
  return server.request(`${callback.pathname}${callback.search}`, { cookie: options.dropCookies ? undefined : cookiesOf(start) });
}

describe("OpenID Connect sign-in", () => {
  test("the login and register pages offer it when OIDC_ISSUER is set", async () => {
    expect(await (await server.request("/login")).text()).toContain('href="/api/auth/oidc"');
    expect(await (await server.request("/register")).text()).toContain('href="/api/auth/oidc"');
  });

  test("a first sign-in creates the user from the provider's profile and signs in", async () => {
    claims = { sub: "idp-user-1", email: "Oidc.Person@Example.com", email_verified: true, name: "Oidc Person", picture: "https://idp.example/p.png" };
    const response = await signInThroughProvider();
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
    const session = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("session="))!
      .split(";")[0]!;
    const me = (await (await server.request("/api/users/me", { cookie: session })).json()) as { user: Record<string, unknown> };
    expect(me.user).toMatchObject({ email: "oidc.person@example.com", displayName: "Oidc Person", photoURL: "https://idp.example/p.png", hasPassword: false });
    // The one-time cookies are cleared.
    expect(
      response.headers
        .getSetCookie()
        .filter((c) => c.startsWith("oauth_"))
        .every((c) => c.includes("Max-Age=0")),
    ).toBe(true);

    // The next sign-in finds the same user through the linked account, even with a new e-mail.
    claims = { ...claims, email: "changed@example.com" };
    const again = await signInThroughProvider();
    expect(again.headers.get("location")).toBe("/dashboard");
    const rows = await server.deps.database.db.select().from(users).where(eq(users.email, "oidc.person@example.com"));
    expect(rows).toHaveLength(1);
  });

  test("a verified e-mail that matches an existing account links to it", async () => {
    const { user } = await server.createUser({ email: "existing@example.com" });
    claims = { sub: "idp-user-2", email: "existing@example.com", email_verified: true, name: "Someone" };
    const response = await signInThroughProvider();
    expect(response.headers.get("location")).toBe("/dashboard");
    const links = await server.deps.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id));
    expect(links).toMatchObject([{ provider: "oidc", providerUserId: "idp-user-2" }]);
  });

  test("an unverified e-mail that matches an existing account is not linked", async () => {
    const { user } = await server.createUser({ email: "victim@example.com" });
    claims = { sub: "attacker-1", email: "victim@example.com", email_verified: false, name: "Attacker" };
    const response = await signInThroughProvider();
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?error=unverified");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("session=") && !c.startsWith("session=;"))).toBe(false);
    expect(await server.deps.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id))).toEqual([]);
    expect(await (await server.request("/login?error=unverified")).text()).toContain("the provider has not verified this e-mail");
  });

  test("a forged state or missing cookies end at /login with no session", async () => {
    claims = { sub: "idp-user-3", email: "third@example.com", email_verified: true };
    for (const options of [{ tamperState: true }, { dropCookies: true }]) {
      const response = await signInThroughProvider(options);
      expect(response.headers.get("location")).toBe("/login?error=state");
      expect(response.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(false);
    }
    expect(await server.deps.database.db.select().from(users).where(eq(users.email, "third@example.com"))).toEqual([]);
  });

  test("an ID token meant for another client is refused", async () => {
    claims = { sub: "idp-user-4", email: "fourth@example.com", email_verified: true, aud: "someone-else" };
    const response = await signInThroughProvider();
    expect(response.headers.get("location")).toBe("/login?error=provider");
    expect(await server.deps.database.db.select().from(users).where(eq(users.email, "fourth@example.com"))).toEqual([]);
  });

  test("Google is hidden and answers with a clear error when not configured", async () => {
    expect(await (await server.request("/login")).text()).not.toContain("Continue with Google");
    const response = await server.request("/api/auth/google");
    expect(response.headers.get("location")).toBe("/login?error=unavailable");
  });

  test("with GOOGLE_CLIENT_ID set, 'Continue with Google' goes to Google with PKCE", async () => {
    const google = await startTestServer({ GOOGLE_CLIENT_ID: "g-id", GOOGLE_CLIENT_SECRET: "g-secret" });
    try {
      expect(await (await google.request("/login")).text()).toContain("Continue with Google");
      const start = await google.request("/api/auth/google");
      const location = new URL(start.headers.get("location")!);
      expect(location.origin).toBe("https://accounts.google.com");
      expect(location.searchParams.get("client_id")).toBe("g-id");
      expect(location.searchParams.get("code_challenge_method")).toBe("S256");
      expect(location.searchParams.get("state")).toBe(
        start.headers
          .getSetCookie()
          .find((c) => c.startsWith("oauth_state="))!
          .split(";")[0]!
          .split("=")[1]!,
      );
    } finally {
      await google.stop();
    }
  });
});
