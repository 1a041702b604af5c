// Sessions: a random token in a cookie, only its SHA-256 in the database, sliding expiry.

import type { Session, User } from "../../db/schema";
import { randomToken, sha256 } from "../lib/crypto";
import type { Db } from "../lib/db";
import { readCookie } from "./cookies";
import {
  deleteExpiredSessions,
  deleteSession,
  deleteUserSession,
  deleteUserSessions,
  extendSession,
  findLiveSession,
  findLiveSessions,
  insertSession,
  listUserSessions,
  touchSession,
} from "./queries";

export const SESSION_COOKIE = "session";
/**
 * On https the cookie carries the `__Host-` prefix: browsers then accept it only with Secure, Path=/
 * and no Domain, so a neighbouring subdomain or a plain-http page cannot plant one of its own.
 */
const HOST_SESSION_COOKIE = "__Host-session";

/** The session cookie's name: `__Host-session` when cookies are Secure (an https PUBLIC_URL). */
export function sessionCookieName(secure: boolean): string {
  return secure ? HOST_SESSION_COOKIE : SESSION_COOKIE;
}

/** Whether the request carries a session cookie by either name (it may be signed in). */
export function hasSessionCookie(request: Request): boolean {
  return readCookie(request, SESSION_COOKIE) !== null || readCookie(request, HOST_SESSION_COOKIE) !== null;
}
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Renew when less than half the lifetime is left, so an active user is never signed out
// and we write to the database at most once every 15 days per session.
const RENEW_BELOW_MS = SESSION_TTL_MS / 2;
// "Last seen" in Settings is this precise: one write per session per five minutes, not per request.
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;
const USER_AGENT_MAX = 400;

export async function createSession(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await insertSession(db, sha256(token), userId, expiresAt);
  return { token, expiresAt };
}

export type ValidSession = { session: Session; user: User; renewed: boolean };

export async function validateSessionToken(db: Db, token: string, userAgent = ""): Promise<ValidSession | null> {
  if (!token || token.length > 200) return null;
  const row = await findLiveSession(db, sha256(token));
  if (!row) return null;
  const lastSeen = row.session.lastSeenAt?.getTime() ?? 0;
  if (Date.now() - lastSeen >= LAST_SEEN_EVERY_MS) {
    // The first request of a session names its device; the cookie never leaves that browser.
    const seen = await touchSession(db, row.session.id, userAgent.slice(0, USER_AGENT_MAX));
    if (seen) row.session = { ...row.session, ...seen };
  }
  if (row.session.expiresAt.getTime() - Date.now() >= RENEW_BELOW_MS) return { ...row, renewed: false };
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await extendSession(db, row.session.id, expiresAt);
  return { ...row, session: { ...row.session, expiresAt }, renewed: true };
}

/** The still-live sessions among `ids` (token hashes) with their users, for what holds one open. */
export async function listLiveSessions(db: Db, ids: string[]): Promise<{ sessionId: string; user: User }[]> {
  return findLiveSessions(db, ids);
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await deleteSession(db, sha256(token));
}

/** Signs the user out everywhere, except optionally the session that asked. */
export async function revokeUserSessions(db: Db, userId: string, keepSessionId?: string): Promise<void> {
  await deleteUserSessions(db, userId, keepSessionId);
}

/** Signs out one session of this user; false when the user has no such session. */
export async function revokeOwnSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  return deleteUserSession(db, userId, sessionId);
}

/** The user's live sessions, most recently seen first. */
export async function listSessions(db: Db, userId: string): Promise<Session[]> {
  return listUserSessions(db, userId);
}

export async function pruneExpiredSessions(db: Db): Promise<void> {
  await deleteExpiredSessions(db);
}

export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  const parts = [`${sessionCookieName(secure)}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax", `Expires=${expiresAt.toUTCString()}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearSessionCookie(secure: boolean): string {
  return `${sessionCookieName(secure)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}
