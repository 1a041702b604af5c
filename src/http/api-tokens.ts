// Personal API tokens as a way in (decision 086): `Authorization: Bearer wst_…` on /api routes.
// The token is 32 random bytes after a recognisable prefix; the database keeps only its SHA-256,
// so a leaked table opens nothing. Creating and listing tokens is the api-tokens feature's job.
import { timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { type ApiToken, type User, apiTokens, users } from "../../db/schema";
import { randomToken, sha256 } from "../lib/crypto";
import type { Db } from "../lib/db";
import { HttpError } from "./errors";
import { findLiveApiTokens } from "./queries";

export const API_TOKEN_PREFIX = "wst_";
/** "Last used" is this precise: one write per token per minute, not one per request. */
export const LAST_USED_EVERY_MS = 60 * 1000;
/** Requests per token per minute; past it the token is answered 429 until the minute is over. */
export const API_TOKEN_RATE_LIMIT = { name: "api-token", max: 300, windowMs: 60 * 1000 };
/** The one answer for a token that is unknown, revoked, expired or whose account is gone: no hint which. */
export const INVALID_TOKEN_MESSAGE = "This API token is not valid: it may have been revoked or have expired. Create a new one in Settings → API tokens.";

const OWNER_PREFIX = "api-token:";

/**
 * What a token's requests are owned by in place of a session id (its actor's `sessionId`, the
 * owner of its event streams); migration 0021's trigger announces a deleted token under this name.
 */
export const apiTokenOwner = (tokenId: string) => `${OWNER_PREFIX}${tokenId}`;

/** The owners among `owners` that are live tokens (not revoked, not expired), each with its user now. */
export async function listLiveApiTokenOwners(db: Db, owners: string[]): Promise<{ sessionId: string; user: User }[]> {
  const ids = owners.filter((owner) => owner.startsWith(OWNER_PREFIX)).map((owner) => owner.slice(OWNER_PREFIX.length));
  return (await findLiveApiTokens(db, ids)).map(({ tokenId, user }) => ({ sessionId: apiTokenOwner(tokenId), user }));
}

export function newApiTokenSecret(): { token: string; hash: string } {
  const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  return { token, hash: sha256(token) };
}

/** The bearer token of a request, or null when it names none. */
export function readBearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export function invalidToken(): HttpError {
  return new HttpError(401, INVALID_TOKEN_MESSAGE, undefined, { "www-authenticate": 'Bearer error="invalid_token"' });
}

/** The live token and its owner, or null. The stored hash is compared again in constant time after the indexed lookup. */
export async function findUsableApiToken(db: Db, token: string, now: Date): Promise<{ token: ApiToken; user: User } | null> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null;
  const hash = sha256(token);
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hash))
    .limit(1);
  if (!row) return null;
  const stored = Buffer.from(row.token.tokenHash);
  const given = Buffer.from(hash);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  if (row.token.expiresAt && row.token.expiresAt.getTime() <= now.getTime()) return null;
  return row;
}

/** Marks the token used now, unless that was written less than a minute ago (the `where` decides, so two instances write once). */
export async function touchApiToken(db: Db, token: ApiToken, now: Date): Promise<void> {
  if (token.lastUsedAt && now.getTime() - token.lastUsedAt.getTime() < LAST_USED_EVERY_MS) return;
  const before = new Date(now.getTime() - LAST_USED_EVERY_MS);
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.id, token.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, before))));
}

/** Whether `path` is one a token may open: the JSON API only, never a page. */
export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}
