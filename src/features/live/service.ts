// Live updates (decision 020): what a signed-in browser hears on GET /api/events.
// Triggers write each event to the log in the change's own transaction and pg_notify it; every
// instance holds one LISTEN (deps.events) and fans events out in memory to its open streams
// (deps.liveStreams), keyed by audience: a user id, or "admins".
// A stream lives only as long as the authorisation it was opened with (decision 081): the session
// (or the API token, decision 086) ending, or the user's roles changing, ends it on every instance
// at commit; each heartbeat checks again. One session or token holds at most five streams across
// every instance (decision 092): each open stream has a row in live_streams, a sixth opening deletes
// the oldest row and tells the instance holding it (over the same bus) to end it; each heartbeat
// refreshes this instance's rows, and ends its streams whose rows are gone.
import type { Config } from "../../config";
import type { AppDeps, LiveEventWire } from "../../deps";
import { type Actor, toActor } from "../../http/actor";
import { listLiveApiTokenOwners } from "../../http/api-tokens";
import { listLiveSessions } from "../../http/sessions";
import type { Db } from "../../lib/db";
import { HEARTBEAT_MS, type OpenStream, type SseEvent } from "../../lib/sse";
import type { LiveEvent } from "../../shared/live-events";
import {
  deleteInstanceStreams,
  deleteStream,
  deleteStreamsSeenBefore,
  pruneEvents,
  recordStreamKeepingNewest,
  selectEventsAfter,
  selectOldestEventId,
  touchStreams,
} from "./queries";

export const ADMINS_AUDIENCE = "admins";
/** How long events stay replayable; the live-events.prune schedule (every 10 minutes) deletes older ones. */
export const LIVE_EVENTS_KEPT_MS = 10 * 60_000;
/** A longer gap than this is not replayed: the client is told to re-read everything. */
const MAX_REPLAY = 500;
/** Open streams one session may hold across every instance; opening one more ends the oldest. */
const MAX_STREAMS_PER_SESSION = 5;
/** A stream row not refreshed for three heartbeats belongs to an instance that is gone: it no longer counts. */
export const STREAM_ROW_KEPT_MS = 3 * HEARTBEAT_MS;

const seenSince = (now: Date): Date => new Date(now.getTime() - STREAM_ROW_KEPT_MS);

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
    // A sixth stream of a session opened somewhere: whichever instance holds the oldest ends it.
    deps.events.subscribe("live_streams_evicted", ({ streamIds }) => {
      for (const id of streamIds) deps.liveStreams.endStream(id);
    }),
    // Every stream of the user reconnects, and its new request listens as who they now are.
    deps.events.subscribe("user_access_changed", ({ userId }) => deps.liveStreams.endTopic(userId)),
  ]);
}

/**
 * The heartbeat's check: the sessions and API tokens (owners) among `streams` that have ended, or whose user
 * would now hear other audiences than the stream listens to. Catches what a missed notification
 * (a LISTEN connection that was reconnecting) let through.
 */
export async function findStaleStreamOwners(db: Db, config: Config, streams: Pick<OpenStream, "owner" | "topics">[]): Promise<string[]> {
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

/**
 * The heartbeat's work for this instance's `streams`: their rows are marked seen, and it answers
 * the ids of those to end, whose session ended or changed (findStaleStreamOwners) or whose row is
 * gone (a sixth stream elsewhere whose notice was missed).
 */
export async function recheckLiveStreams(deps: { db: Db; config: Config; now: () => Date }, streams: OpenStream[]): Promise<string[]> {
  const staleOwners = new Set(await findStaleStreamOwners(deps.db, deps.config, streams));
  const ids = streams.map((stream) => Number(stream.id));
  const kept = new Set((await touchStreams(deps.db, ids, deps.now())).map(String));
  return streams.filter((stream) => staleOwners.has(stream.owner) || !kept.has(stream.id)).map((stream) => stream.id);
}

/** The hub's `onEnd`: a stream that ended no longer counts against its session. */
export function forgetLiveStream(db: Db, id: string): Promise<void> {
  return deleteStream(db, Number(id));
}

/** At an instance's stop: the rows of its streams (the hub has ended them all). */
export function forgetInstanceStreams(db: Db, instanceId: string): Promise<void> {
  return deleteInstanceStreams(db, instanceId);
}

/** Deletes the rows of streams whose instance is gone (at start, and with the live events' pruning); answers how many. */
export function pruneGoneInstanceStreams(db: Db, now: Date): Promise<number> {
  return deleteStreamsSeenBefore(db, seenSince(now));
}

/**
 * Records a stream of `sessionId` opening on this instance and answers its id. Beyond the five
 * newest of the session's streams on live instances, the oldest are deleted and ended wherever
 * they are. Concurrent opens of one session take their turns (recordStreamKeepingNewest).
 */
async function registerStream(deps: AppDeps, sessionId: string): Promise<string> {
  const db = deps.database.db;
  const now = deps.now();
  const { id, evicted } = await recordStreamKeepingNewest(db, { sessionId, instanceId: deps.instanceId, now }, MAX_STREAMS_PER_SESSION, seenSince(now));
  if (evicted.length > 0) await deps.events.publish("live_streams_evicted", { streamIds: evicted.map(String) });
  return String(id);
}

/** Parses Last-Event-ID (or the `after` query the client sends when it reopens a paused stream). */
export function parseLastEventId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/** The actor's stream; with `lastEventId`, first what they missed since. */
export async function openLiveStream(deps: AppDeps, actor: Actor, lastEventId: number | null): Promise<Response> {
  const audiences = audiencesOf(actor);
  const db = deps.database.db;
  return deps.liveStreams.open({
    id: await registerStream(deps, actor.sessionId),
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

/** Drops the live events older than LIVE_EVENTS_KEPT_MS and the streams of gone instances (a scheduled job); answers how many events. */
export async function pruneLiveEvents(db: Db, now: Date): Promise<number> {
  await pruneGoneInstanceStreams(db, now);
  return pruneEvents(db, new Date(now.getTime() - LIVE_EVENTS_KEPT_MS));
}
