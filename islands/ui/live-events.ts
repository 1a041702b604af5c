// The page's one connection to GET /api/events, shared by every island that listens (README
// decision 020). It opens with the first listener and closes with the last; a tab hidden for a
// minute closes it and reopens it when shown again, asking for what it missed (`?after=`).
// EventSource reconnects by itself after network errors, sending Last-Event-ID; after an HTTP
// error (signed out, a proxy's 502) it gives up, so this module tries again every 30 s.
import { useEffect, useRef } from "react";
import { HIDDEN_TAB_GRACE_MS, LIVE_EVENTS_PATH, type LiveEvent, type LiveEventType } from "../../src/shared/live-events";

/** What this module needs of EventSource, so island tests can hand it a fake. */
export type LiveSource = {
  onmessage: ((message: { data: string; lastEventId: string }) => void) | null;
  onerror: (() => void) | null;
  readonly readyState: number;
  close(): void;
};

const CLOSED = 2;
const RETRY_AFTER_HTTP_ERROR_MS = 30_000;

type Listener = { types: ReadonlySet<LiveEventType>; handler: (event: LiveEvent) => void };

// Without EventSource (very old browsers, happy-dom) pages simply do not update live.
let createSource: (url: string) => LiveSource | null = (url) => (typeof EventSource === "undefined" ? null : (new EventSource(url) as unknown as LiveSource));
const listeners = new Set<Listener>();
let source: LiveSource | null = null;
let lastEventId = "";
let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let watchingVisibility = false;

/** Tests only: replaces EventSource and forgets any open connection. */
export function setLiveSourceFactory(factory: (url: string) => LiveSource): void {
  disconnect();
  lastEventId = "";
  createSource = factory;
}

function connect(): void {
  if (source || listeners.size === 0 || document.visibilityState === "hidden") return;
  clearTimeout(retryTimer);
  const opened = createSource(lastEventId ? `${LIVE_EVENTS_PATH}?after=${encodeURIComponent(lastEventId)}` : LIVE_EVENTS_PATH);
  if (!opened) return;
  opened.onmessage = (message) => {
    if (message.lastEventId) lastEventId = message.lastEventId;
    let event: LiveEvent;
    try {
      event = JSON.parse(message.data) as LiveEvent;
    } catch {
      return;
    }
    for (const listener of [...listeners]) if (event.type === "resync" || listener.types.has(event.type)) listener.handler(event);
  };
  opened.onerror = () => {
    if (opened.readyState !== CLOSED || source !== opened) return;
    source = null;
    retryTimer = setTimeout(connect, RETRY_AFTER_HTTP_ERROR_MS);
  };
  source = opened;
}

function disconnect(): void {
  clearTimeout(retryTimer);
  clearTimeout(hiddenTimer);
  source?.close();
  source = null;
}

function onVisibilityChange(): void {
  clearTimeout(hiddenTimer);
  if (document.visibilityState === "hidden") hiddenTimer = setTimeout(disconnect, HIDDEN_TAB_GRACE_MS);
  else connect();
}

/** Calls `handler` for each live event of `types` (and for a resync); answers the unsubscribe. */
export function subscribeLiveEvents(types: LiveEventType[], handler: (event: LiveEvent) => void): () => void {
  const listener: Listener = { types: new Set(types), handler };
  listeners.add(listener);
  if (!watchingVisibility) {
    watchingVisibility = true;
    document.addEventListener("visibilitychange", onVisibilityChange);
  }
  connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) disconnect();
  };
}

/**
 * The hook form: `handler` may change between renders without resubscribing. Events arriving
 * within `coalesceMs` of the first call it once, with all of them (a burst is one re-read).
 */
export function useLiveEvents(types: LiveEventType[], handler: (events: LiveEvent[]) => void, coalesceMs = 200): void {
  const latest = useRef(handler);
  latest.current = handler;
  const key = types.join(",");
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: LiveEvent[] = [];
    const unsubscribe = subscribeLiveEvents(key.split(",") as LiveEventType[], (event) => {
      pending.push(event);
      timer ??= setTimeout(() => {
        timer = undefined;
        const batch = pending;
        pending = [];
        latest.current(batch);
      }, coalesceMs);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [key, coalesceMs]);
}
