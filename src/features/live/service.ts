// Live updates (decision 020): what a signed-in browser hears on GET /api/events.
// Triggers write each event to the log in the change's own transaction and pg_notify it; every
// instance holds one LISTEN (deps.events) and fans events out in memory to its open streams
// (deps.liveStreams), keyed by audience: a user id, or "admins".
// A stream lives only as long as the authorisation it was opened with (decision 081): the session
// (or the API token, decision 086) ending, or the user's roles changing, ends it on every instance
// at commit; each heartbeat checks again; one session or token holds at most five.
import type { Config } from "../../config";
import type { AppDeps, LiveEventWire } from "../../deps";
import { type Actor, toActor } from "../../http/actor";
import { listLiveApiTokenOwners } from "../../http/api-tokens";
import { listLiveSessions } from "../../http/sessions";
import type { Db } from "../../lib/db";
import type { OpenStream, SseEvent } from "../../lib/sse";
import type { LiveEvent } from "../../shared/live-events";
import { pruneEvents, selectEventsAfter, selectOldestEventId } from "./queries";

export const ADMINS_AUDIENCE = "admins";
/** How long events stay replayable; the live-events.prune schedule (every 10 minutes) deletes older ones. */
export const LIVE_EVENTS_KEPT_MS = 10 * 60_000;
/** A longer gap than this is not replayed: the client is told to re-read everything. */
const MAX_REPLAY = 500;

function toSseEvent(row: { id: number | string; type: string; payload: unknown }): SseEvent {
  return { id: Number(row.id), data: JSON.stringify({ type: row.type, payload: row.payload }) };
}

function audiencesOf(actor: Actor): string[] {
  return actor.isAdmin ? [actor.user.id, ADMINS_AUDIENCE] : [actor.user.id];
}

/**
 * Subscribes this instance to the log's notifications, and to the ends of sessions and changes of
 * roles that end streams; resolves with the unsubscribes.
 */
export function startLiveFanout(deps: Pick<AppDeps, "events" | "liveStreams">): Promise<(() => Promise<void>)[]> {
  return Promise.all([
    deps.events.subscribe("live_events", (event: LiveEventWire) => {
      deps.liveStreams.publish(event.audience, toSseEvent(event));
    }),
    deps.events.subscribe("session_ended", ({ sessionId }) => deps.liveStreams.endOwner(sessionId)),
    // Every stream of the user reconnects, and its new request listens as who they now are.
    deps.events.subscribe("user_access_changed", ({ userId }) => deps.liveStreams.endTopic(userId)),
  ]);
}

/**
 * The heartbeat's check: the sessions and API tokens (owners) among `streams` that have ended, or whose user
 * would now hear other audiences than the stream listens to. Catches what a missed notification
 * (a LISTEN connection that was reconnecting) let through.
 */
export async function findStaleStreamOwners(db: Db, config: Config, streams: OpenStream[]): Promise<string[]> {
  const owners = [...new Set(streams.map((stream) => stream.owner))];
  const [sessions, tokens] = await Promise.all([listLiveSessions(db, owners), listLiveApiTokenOwners(db, owners)]);
  const live = new Map([...sessions, ...tokens].map(({ sessionId, user }) => [sessionId, user]));
  const stale = new Set<string>();
  for (const { owner, topics } of streams) {
    const user = live.get(owner);
    if (!user || audiencesOf(toActor(user, owner, config)).join() !== topics.join()) stale.add(owner);
  }
  return [...stale];
}

/** Parses Last-Event-ID (or the `after` query the client sends when it reopens a paused stream). */
export function parseLastEventId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/** The actor's stream; with `lastEventId`, first what they missed since. */
export function openLiveStream(deps: AppDeps, actor: Actor, lastEventId: number | null): Response {
  const audiences = audiencesOf(actor);
  const db = deps.database.db;
  return deps.liveStreams.open({
    topics: audiences,
    owner: actor.sessionId,
    replay:
      lastEventId === null
        ? undefined
        : async () => {
            const [rows, oldest] = await Promise.all([selectEventsAfter(db, audiences, lastEventId, MAX_REPLAY + 1), selectOldestEventId(db)]);
            const pruned = oldest !== null && oldest > lastEventId + 1;
            if (!pruned && rows.length <= MAX_REPLAY) return rows.map(toSseEvent);
            // Too much or too old: one resync in place of the gap; its id moves Last-Event-ID past it.
            const resync: LiveEvent = { type: "resync", payload: {} };
            const lastId = rows.at(-1)?.id ?? lastEventId;
            return [{ id: Number(lastId), data: JSON.stringify(resync) }];
          },
  });
}

/** Drops the live events older than LIVE_EVENTS_KEPT_MS (a scheduled job); answers how many. */
export function pruneLiveEvents(db: Db, now: Date): Promise<number> {
  return pruneEvents(db, new Date(now.getTime() - LIVE_EVENTS_KEPT_MS));
}
