// Request context shared by every feature plugin: the dependencies and the signed-in actor.
// Registered once (Elysia de-duplicates by name); its derive is global so every route has `actor`.
import { Elysia } from "elysia";
import type { AppDeps } from "../deps";
import { type Actor, toActor } from "./actor";
import { readCookie } from "./cookies";
import { holdTemporarySession } from "./guards";
import { SESSION_COOKIE, sessionCookie, validateSessionToken } from "./sessions";

export async function resolveActor(deps: AppDeps, request: Request): Promise<{ actor: Actor | null; renewCookie: string | null }> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return { actor: null, renewCookie: null };
  const valid = await validateSessionToken(deps.database.db, token, request.headers.get("user-agent") ?? "");
  if (!valid) return { actor: null, renewCookie: null };
  return {
    actor: toActor(valid.user, valid.session.id, deps.config),
    renewCookie: valid.renewed ? sessionCookie(token, valid.session.expiresAt, deps.config.secureCookies) : null,
  };
}

export const context = (deps: AppDeps) =>
  new Elysia({ name: "context" }).derive({ as: "global" }, async ({ request, set }) => {
    const { actor, renewCookie } = await resolveActor(deps, request);
    holdTemporarySession(actor, request);
    if (renewCookie) set.headers["set-cookie"] = renewCookie;
    return { actor };
  });
