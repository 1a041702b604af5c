// Request context shared by every feature plugin: the dependencies and the signed-in actor.
// Registered once (Elysia de-duplicates by name); its derive is global so every route has `actor`.
import { Elysia } from "elysia";
import type { AppDeps } from "../deps";
import { type Actor, toActor } from "./actor";
import { readCookie } from "./cookies";
import { holdTemporarySession } from "./guards";
import { sessionAnswerKey } from "./session-cache";
import { SESSION_COOKIE, sessionCookie, validateSessionToken } from "./sessions";

/** `dataVersion` is null without a session: only signed-in answers are kept by it. */
export type ResolvedActor = { actor: Actor | null; renewCookie: string | null; sessionId: string | null; dataVersion: number | null };

const NO_ACTOR: ResolvedActor = { actor: null, renewCookie: null, sessionId: null, dataVersion: null };
// One session lookup per request, whoever asks first: the kept-answer check before routing, the
// context below, an error page.
const resolved = new WeakMap<Request, Promise<ResolvedActor>>();

async function lookUpActor(deps: AppDeps, request: Request): Promise<ResolvedActor> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return NO_ACTOR;
  const valid = await validateSessionToken(deps.database.db, token, request.headers.get("user-agent") ?? "");
  if (!valid) return NO_ACTOR;
  return {
    actor: toActor(valid.user, valid.session.id, deps.config),
    renewCookie: valid.renewed ? sessionCookie(token, valid.session.expiresAt, deps.config.secureCookies) : null,
    sessionId: valid.session.id,
    dataVersion: valid.dataVersion,
  };
}

export function resolveActor(deps: AppDeps, request: Request): Promise<ResolvedActor> {
  let found = resolved.get(request);
  if (!found) {
    found = lookUpActor(deps, request);
    resolved.set(request, found);
  }
  return found;
}

/**
 * The key a signed-in read's answer is kept under (src/http/session-cache.ts), or null: not a
 * GET, no live session, or a session being renewed (its answer carries a cookie).
 */
export async function keptAnswerKey(deps: AppDeps, request: Request, url: URL): Promise<string | null> {
  if (request.method !== "GET" || readCookie(request, SESSION_COOKIE) === null) return null;
  // A failed lookup is the route's to report (its error page), not this shortcut's.
  const { sessionId, dataVersion, renewCookie } = await resolveActor(deps, request).catch(() => NO_ACTOR);
  if (sessionId === null || dataVersion === null || renewCookie !== null) return null;
  return sessionAnswerKey(sessionId, dataVersion, (request.headers.get("accept-encoding") ?? "").includes("gzip"), url);
}

export const context = (deps: AppDeps) =>
  new Elysia({ name: "context" }).derive({ as: "global" }, async ({ request, set }) => {
    const { actor, renewCookie } = await resolveActor(deps, request);
    holdTemporarySession(actor, request);
    if (renewCookie) set.headers["set-cookie"] = renewCookie;
    return { actor };
  });
