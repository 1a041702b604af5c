// The account's signed-in devices (Settings → Security): which browser on which system, when it
// signed in and was last seen, and signing one or all the others out.
import type { Session } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { notFound } from "../../http/errors";
import { listSessions, revokeOwnSession, revokeUserSessions } from "../../http/sessions";
import { sha256 } from "../../lib/crypto";
import type { SessionView } from "./model";

/** Enough to tell one's own devices apart; not a fingerprint. Order matters: Edge and Opera say "Chrome" too. */
export function describeDevice(userAgent: string | null): string {
  const ua = userAgent ?? "";
  if (!ua) return "Unknown device";
  const browser = (
    [
      [/Edg(A|iOS)?\//, "Edge"],
      [/OPR\/|Opera/, "Opera"],
      [/SamsungBrowser\//, "Samsung Internet"],
      [/Firefox\/|FxiOS\//, "Firefox"],
      [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
      [/Safari\//, "Safari"],
      [/curl\//, "curl"],
    ] as const
  ).find(([pattern]) => pattern.test(ua))?.[1];
  const system = (
    [
      [/iPhone|iPad|iPod/, "iOS"],
      [/Android/, "Android"],
      [/CrOS/, "ChromeOS"],
      [/Windows/, "Windows"],
      [/Mac OS X|Macintosh/, "macOS"],
      [/Linux/, "Linux"],
    ] as const
  ).find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}

/**
 * What the page and the API call a session: a hash of its row id (itself the token's hash), so
 * the id that finds the row in the database never leaves the server.
 */
function handleOf(session: Session): string {
  return sha256(`session-handle:${session.id}`).slice(0, 32);
}

export async function listOwnSessions(deps: Pick<AppDeps, "database">, actor: Actor): Promise<SessionView[]> {
  const rows = await listSessions(deps.database.db, actor.user.id);
  const views = rows.map((session) => ({
    id: handleOf(session),
    device: describeDevice(session.userAgent),
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: (session.lastSeenAt ?? session.createdAt).toISOString(),
    current: session.id === actor.sessionId,
  }));
  // This device first, then the most recently seen.
  return views.sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs one of the account's sessions out; another account's session is not found. Answers whether it was this one. */
export async function signOutSession(deps: Pick<AppDeps, "database">, actor: Actor, handle: string): Promise<{ current: boolean }> {
  const db = deps.database.db;
  const session = (await listSessions(db, actor.user.id)).find((row) => handleOf(row) === handle);
  if (!session || !(await revokeOwnSession(db, actor.user.id, session.id))) throw notFound("There is no such session.");
  return { current: session.id === actor.sessionId };
}

export async function signOutOtherSessions(deps: Pick<AppDeps, "database">, actor: Actor): Promise<void> {
  await revokeUserSessions(deps.database.db, actor.user.id, actor.sessionId);
}
