// Google and generic OpenID Connect sign-in with arctic: authorization code flow with PKCE,
// state and verifier held in short-lived HttpOnly cookies. Both end in the same account rules:
// a known provider account signs in; a new e-mail creates the user; an e-mail that matches an
// existing account is linked only when the provider says it is verified. arctic is loaded by the
// first sign-in through a provider, not at start-up.
import type { OAuth2Tokens } from "arctic";
import type { User } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import { newId } from "../../lib/ids";
import { findLinkedUser, findUserByEmail, insertUser, linkAccount } from "./queries";
import { normalizeEmail } from "./service";

export type ProviderName = "google" | "oidc";
export const OAUTH_STATE_COOKIE = "oauth_state";
export const OAUTH_VERIFIER_COOKIE = "oauth_verifier";
const OAUTH_COOKIE_MAX_AGE = 10 * 60;
const GOOGLE_ISSUER = "https://accounts.google.com";

/** What we take from the provider: its stable user id and the profile it vouches for. */
export type ProviderProfile = { subject: string; email: string | null; emailVerified: boolean; name: string | null; picture: string | null };

type Provider = {
  authorizationUrl(state: string, verifier: string): Promise<URL>;
  profile(code: string, verifier: string): Promise<ProviderProfile>;
};

/** Error codes travel in the /login URL; only these fixed messages are ever shown for them. */
const ERROR_MESSAGES: Record<string, string> = {
  state: "The sign-in took too long or was started elsewhere. Please try again.",
  provider: "The sign-in provider did not let you in. Please try again.",
  "no-email": "The sign-in provider did not share an e-mail address, so we cannot create your account.",
  unverified: "An account with this e-mail already exists. Sign in with your password: the provider has not verified this e-mail.",
  unavailable: "This sign-in method is not available.",
};

export function oauthErrorMessage(code: string): string | null {
  return ERROR_MESSAGES[code] ?? null;
}

export class OAuthFailure extends Error {
  constructor(
    readonly code: keyof typeof ERROR_MESSAGES,
    detail: string,
  ) {
    super(detail);
  }
}

function redirectUri(deps: AppDeps, provider: ProviderName): string {
  return `${deps.config.publicUrl}/api/auth/${provider}/callback`;
}

type ClaimsCheck = { issuer: string; clientId: string };

async function readClaims(idToken: string, check: ClaimsCheck): Promise<ProviderProfile> {
  const { decodeIdToken } = await import("arctic");
  // The ID token comes straight from the provider's token endpoint over our own request, so
  // its origin is known (OIDC Core 3.1.3.7); we still refuse tokens meant for someone else.
  const claims = decodeIdToken(idToken) as Record<string, unknown>;
  const audience = claims.aud;
  const audiences = Array.isArray(audience) ? audience : [audience];
  if (claims.iss !== check.issuer) throw new OAuthFailure("provider", `ID token issuer ${String(claims.iss)} is not ${check.issuer}`);
  if (!audiences.includes(check.clientId)) throw new OAuthFailure("provider", "ID token audience does not include this client");
  if (typeof claims.exp !== "number" || claims.exp * 1000 < Date.now()) throw new OAuthFailure("provider", "ID token has expired");
  if (typeof claims.sub !== "string" || !claims.sub) throw new OAuthFailure("provider", "ID token has no subject");
  return profileFrom(claims, claims.sub);
}

function profileFrom(claims: Record<string, unknown>, subject: string): ProviderProfile {
  const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);
  const picture = text(claims.picture);
  return {
    subject,
    email: text(claims.email),
    // Some providers send "true" as a string.
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    name: text(claims.name) ?? text([text(claims.given_name), text(claims.family_name)].filter(Boolean).join(" ")),
    picture: picture && /^https?:\/\//.test(picture) ? picture : null,
  };
}

function idTokenOf(tokens: OAuth2Tokens): string {
  try {
    return tokens.idToken();
  } catch {
    throw new OAuthFailure("provider", "The token response has no ID token (is the openid scope allowed?)");
  }
}

type Discovery = { issuer: string; authorization_endpoint: string; token_endpoint: string; userinfo_endpoint?: string };

function createOidcProvider(deps: AppDeps): Provider | null {
  const oidc = deps.config.oidc;
  if (!oidc) return null;
  const client = async () => new (await import("arctic")).OAuth2Client(oidc.clientId, oidc.clientSecret, redirectUri(deps, "oidc"));
  let discovery: Promise<Discovery> | null = null;
  // Fetched once and kept; a failed fetch is forgotten so the next sign-in tries again.
  const discover = (): Promise<Discovery> =>
    (discovery ??= (async () => {
      const response = await fetch(`${oidc.issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`OIDC discovery answered ${response.status}`);
      const document = (await response.json()) as Partial<Discovery>;
      if (!document.issuer || !document.authorization_endpoint || !document.token_endpoint) {
        throw new Error("OIDC discovery document lacks issuer, authorization_endpoint or token_endpoint");
      }
      return document as Discovery;
    })().catch((error: unknown) => {
      discovery = null;
      throw new OAuthFailure("unavailable", `OIDC discovery failed: ${error instanceof Error ? error.message : String(error)}`);
    }));

  return {
    async authorizationUrl(state, verifier) {
      const { authorization_endpoint } = await discover();
      const { CodeChallengeMethod } = await import("arctic");
      return (await client()).createAuthorizationURLWithPKCE(authorization_endpoint, state, CodeChallengeMethod.S256, verifier, ["openid", "profile", "email"]);
    },
    async profile(code, verifier) {
      const document = await discover();
      const tokens = await (await client()).validateAuthorizationCode(document.token_endpoint, code, verifier);
      const profile = await readClaims(idTokenOf(tokens), { issuer: document.issuer, clientId: oidc.clientId });
      if (profile.email || !document.userinfo_endpoint) return profile;
      // Some providers keep the e-mail out of the ID token and only answer it from userinfo.
      const response = await fetch(document.userinfo_endpoint, {
        headers: { authorization: `Bearer ${tokens.accessToken()}` },
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) return profile;
      const info = (await response.json()) as Record<string, unknown>;
      if (info.sub !== profile.subject) return profile;
      return { ...profileFrom(info, profile.subject), name: profile.name ?? profileFrom(info, profile.subject).name };
    },
  };
}

function createGoogleProvider(deps: AppDeps): Provider | null {
  const google = deps.config.google;
  if (!google) return null;
  const client = async () => new (await import("arctic")).Google(google.clientId, google.clientSecret, redirectUri(deps, "google"));
  return {
    async authorizationUrl(state, verifier) {
      return (await client()).createAuthorizationURL(state, verifier, ["openid", "profile", "email"]);
    },
    async profile(code, verifier) {
      const tokens = await (await client()).validateAuthorizationCode(code, verifier);
      return readClaims(idTokenOf(tokens), { issuer: GOOGLE_ISSUER, clientId: google.clientId });
    },
  };
}

export type OAuthProviders = Record<ProviderName, Provider | null>;

export function createOAuthProviders(deps: AppDeps): OAuthProviders {
  return { google: createGoogleProvider(deps), oidc: createOidcProvider(deps) };
}

function cookie(name: string, value: string, provider: ProviderName, secure: boolean, maxAge = OAUTH_COOKIE_MAX_AGE): string {
  return [`${name}=${value}`, `Path=/api/auth/${provider}`, "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`, ...(secure ? ["Secure"] : [])].join("; ");
}

/** Where to send the browser, and the cookies that remember this attempt. */
export async function startOAuth(deps: AppDeps, name: ProviderName, provider: Provider): Promise<{ location: string; cookies: string[] }> {
  const { generateCodeVerifier, generateState } = await import("arctic");
  const state = generateState();
  const verifier = generateCodeVerifier();
  const url = await provider.authorizationUrl(state, verifier);
  const secure = deps.config.secureCookies;
  return {
    location: url.toString(),
    cookies: [cookie(OAUTH_STATE_COOKIE, state, name, secure), cookie(OAUTH_VERIFIER_COOKIE, verifier, name, secure)],
  };
}

export function clearOAuthCookies(deps: AppDeps, name: ProviderName): string[] {
  const secure = deps.config.secureCookies;
  return [cookie(OAUTH_STATE_COOKIE, "", name, secure, 0), cookie(OAUTH_VERIFIER_COOKIE, "", name, secure, 0)];
}

/** Finds, links or creates the user a provider profile stands for. */
export async function resolveOAuthUser(deps: AppDeps, provider: ProviderName, profile: ProviderProfile): Promise<User> {
  const db = deps.database.db;
  const linked = await findLinkedUser(db, provider, profile.subject);
  if (linked) return linked;
  if (!profile.email) throw new OAuthFailure("no-email", "The provider shared no e-mail");
  const email = normalizeEmail(profile.email);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    // Linking on an unverified e-mail would hand the account to whoever typed that address at the provider.
    if (!profile.emailVerified) throw new OAuthFailure("unverified", `Unverified ${provider} e-mail matches an existing account`);
    await linkAccount(db, { provider, providerUserId: profile.subject, userId: existing.id });
    return existing;
  }
  const created = await insertUser(db, {
    id: newId(),
    email,
    displayName: (profile.name ?? email.split("@")[0] ?? "New user").slice(0, 100),
    photoURL: profile.picture,
  });
  // Lost a race with a registration of the same e-mail: treat it like an existing account.
  const user = created ?? (await findUserByEmail(db, email));
  if (!user) throw new OAuthFailure("provider", "Could not create the user");
  if (!created && !profile.emailVerified) throw new OAuthFailure("unverified", "Unverified e-mail matches an account created meanwhile");
  await linkAccount(db, { provider, providerUserId: profile.subject, userId: user.id });
  return user;
}
