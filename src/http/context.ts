// Request context shared by every feature plugin: the signed-in actor, and the `auth` macro that
// lets a route (or a `.guard`) say who may call it. Registered once (Elysia de-duplicates by name);
// its derive is global so every route has `actor`.
import { Elysia } from "elysia";
import type { AppDeps } from "../deps";
import { type Actor, toActor } from "./actor";
import { API_TOKEN_RATE_LIMIT, apiTokenOwner, findUsableApiToken, invalidToken, isApiPath, readBearerToken, touchApiToken } from "./api-tokens";
import { readCookie } from "./cookies";
import { type AuthLevel, authorize, holdPasswordStep, holdTemporarySession } from "./guards";
import { enforceRateLimit } from "./rate-limit";
import { hasSessionCookie, sessionCookie, sessionCookieName, validateSessionToken } from "./sessions";

export type ResolvedActor = { actor: Actor | null; renewCookie: string | null };

const NO_ACTOR: ResolvedActor = { actor: null, renewCookie: null };
// One session lookup per request, whoever asks first: the context below or an error page.
const resolved = new WeakMap<Request, Promise<ResolvedActor>>();

/**
 * A personal API token (decision 086) opens the JSON API as its owner, with the owner's roles as
 * they are now; pages never look at it. A bad token is refused outright rather than treated as
 * anonymous, so an integrator sees at once that it stopped working.
 */
async function lookUpTokenActor(deps: AppDeps, request: Request): Promise<ResolvedActor> {
  const bearer = readBearerToken(request);
  if (!bearer || !isApiPath(new URL(request.url).pathname)) return NO_ACTOR;
  const now = deps.now();
  const found = await findUsableApiToken(deps.database.db, bearer, now);
  if (!found) throw invalidToken();
  await enforceRateLimit(deps.database.db, API_TOKEN_RATE_LIMIT, found.token.id);
  await touchApiToken(deps.database.db, found.token, now);
  return { actor: { ...toActor(found.user, apiTokenOwner(found.token.id), deps.config), apiTokenId: found.token.id }, renewCookie: null };
}

async function lookUpActor(deps: AppDeps, request: Request): Promise<ResolvedActor> {
  // A request carrying a session cookie is a cookie request, whatever else it carries: the
  // cookie's rules (Origin on writes) hold, and a bearer token beside it is not looked at.
  if (!hasSessionCookie(request)) return lookUpTokenActor(deps, request);
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

/**
 * `{ auth: "user" | "admin" | "super-admin" }` on a route or a `.guard`: 401 or 403 (a page: a
 * redirect) unless the actor may open it, decided in the transform stage, before the request is validated, so an outsider
 * learns nothing of a route's shape (not even which fields its body refuses). The handler's
 * `actor` is then never null. Cookie and API-token requests meet here alike: the derive has already
 * made either into an actor, or refused a bad token.
 */
function authMacro(level: AuthLevel) {
  const check = ({ actor, path }: { actor: Actor | null; path: string }): void => void authorize(level, actor, path);
  return {
    transform: check,
    resolve: ({ actor, path }: { actor: Actor | null; path: string }) => ({ actor: authorize(level, actor, path) }),
    // Elysia appends a macro's transform after the route's own (a strict body's refusal of unknown
    // fields): move the check to the front, so an outsider's bad body is a 401, not a 400.
    introspect(hooks: Record<string, unknown>) {
      hooks.transform = [check, ...[hooks.transform].flat().filter((hook) => hook !== undefined && hook !== check)];
    },
  };
}

export const context = (deps: AppDeps) =>
  new Elysia({ name: "context" })
    .derive({ as: "global" }, async ({ request, set }) => {
      const { actor, renewCookie } = await resolveActor(deps, request);
      holdTemporarySession(actor, request);
      holdPasswordStep(actor, request);
      if (renewCookie) set.headers["set-cookie"] = renewCookie;
      return { actor };
    })
    .macro({ auth: authMacro });
