// Request context shared by every feature plugin: the dependencies and the signed-in actor.
// Registered once (Elysia de-duplicates by name); its derive is global so every route has `actor`.
import { Elysia } from "elysia";
import type { AppDeps } from "../deps";
import { type Actor, toActor } from "./actor";
import { readCookie } from "./cookies";
import { holdTemporarySession } from "./guards";
import { sessionCookie, sessionCookieName, validateSessionToken } from "./sessions";

export type ResolvedActor = { actor: Actor | null; renewCookie: string | null };

const NO_ACTOR: ResolvedActor = { actor: null, renewCookie: null };
// One session lookup per request, whoever asks first: the context below or an error page.
const resolved = new WeakMap<Request, Promise<ResolvedActor>>();

async function lookUpActor(deps: AppDeps, request: Request): Promise<ResolvedActor> {
  const token = readCookie(request, sessionCookieName(deps.config.secureCookies));
  if (!token) return NO_ACTOR;
  const valid = await validateSessionToken(deps.database.db, token, request.headers.get("user-agent") ?? "");
  if (!valid) return NO_ACTOR;
  return {
    actor: toActor(valid.user, valid.session.id, deps.config),
    renewCookie: valid.renewed ? sessionCookie(token, valid.session.expiresAt, deps.config.secureCookies) : null,
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

export const context = (deps: AppDeps) =>
  new Elysia({ name: "context" }).derive({ as: "global" }, async ({ request, set }) => {
    const { actor, renewCookie } = await resolveActor(deps, request);
    holdTemporarySession(actor, request);
    if (renewCookie) set.headers["set-cookie"] = renewCookie;
    return { actor };
  });
