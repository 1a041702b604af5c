// Server-Sent Event streams fanned out in memory: each open stream listens to a few topics, and
// `publish(topic, event)` writes to every stream on that topic of this instance. No product
// rules: the caller decides the topics (a user id, "admins") and what a replay holds.
//
// Cheap when idle: one heartbeat timer for every stream, a Set per topic, no database connection
// per stream. Bounded: a stream whose client reads slower than events arrive is dropped once
// `maxBufferedBytes` wait for it; its EventSource reconnects with Last-Event-ID and replays.
//
// Each stream has an id the caller gives and rides on an owner's authorisation (the caller's
// session): `endStream`, `endOwner` and `endTopic` end streams whose authorisation changed, at
// each heartbeat `recheck` may name streams that must end, and `onEnd` hears every stream's end.
// How many streams an owner may hold is the caller's rule (it may count across instances).

export type SseEvent = { id: number; data: string };

export type SseHub = {
  /**
   * A text/event-stream Response listening to `topics`. `replay` runs once the stream already
   * listens, so nothing published meanwhile is lost: its events go first, and live events it
   * already sent (same id) are not repeated.
   */
  open(options: OpenOptions): Response;
  publish(topic: string, event: SseEvent): void;
  /** Ends the stream with this id, if this hub holds it, with a retry hint. */
  endStream(id: string): void;
  /** Ends the owner's streams with a retry hint. */
  endOwner(owner: string): void;
  /** Ends every stream listening to `topic` with a retry hint (they reconnect and are authorised afresh). */
  endTopic(topic: string): void;
  /** Ends every stream with a retry hint (clients come back, to this or another instance); later opens end at once. */
  close(): void;
  readonly size: number;
};

type OpenOptions = {
  /** Unique among every hub's streams: `endStream` and `onEnd` name the stream by it. */
  id: string;
  topics: string[];
  /** Whose authorisation the stream rides on (a session id). */
  owner: string;
  replay?: () => Promise<SseEvent[]>;
};

/** One open stream, as `recheck` sees it. */
export type OpenStream = { id: string; owner: string; topics: string[] };

/** How often a comment line goes to every stream (and `recheck` runs), unless `heartbeatMs` says otherwise. */
export const HEARTBEAT_MS = 25_000;

export type SseHubOptions = {
  /** Comment lines this often keep proxies and load balancers from closing idle streams. */
  heartbeatMs?: number;
  /** The reconnect delay the browser is told to use. */
  retryMs?: number;
  maxBufferedBytes?: number;
  /** Runs at each heartbeat with every open stream; the streams whose ids it answers are ended. */
  recheck?: (streams: OpenStream[]) => Promise<string[]>;
  /** Hears each stream's end, whatever ended it (the client, an end call, a slow reader, close), once. */
  onEnd?: (id: string) => Promise<void>;
  log: (line: string) => void;
};

type Connection = {
  id: string;
  topics: string[];
  owner: string;
  /** Live events held back while the replay runs; undefined once live. */
  held: SseEvent[] | undefined;
  send(event: SseEvent): void;
  write(text: string): void;
  end(text?: string): void;
};

const encoder = new TextEncoder();

export function formatSseEvent(event: SseEvent): string {
  // `data` is JSON: no newlines, so one data line.
  return `id: ${event.id}\ndata: ${event.data}\n\n`;
}

export function createSseHub(options: SseHubOptions): SseHub {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const retryMs = options.retryMs ?? 3_000;
  const maxBufferedBytes = options.maxBufferedBytes ?? 256 * 1024;
  const byTopic = new Map<string, Set<Connection>>();
  const byOwner = new Map<string, Set<Connection>>();
  const byId = new Map<string, Connection>();
  const all = new Set<Connection>();
  let closed = false;
  let rechecking = false;

  const heartbeat = setInterval(() => {
    for (const connection of all) connection.write(": heartbeat\n\n");
    void recheck();
  }, heartbeatMs);
  heartbeat.unref();

  /** One recheck at a time: a slow database must not pile them up. */
  async function recheck(): Promise<void> {
    if (!options.recheck || rechecking || all.size === 0) return;
    rechecking = true;
    try {
      const ids = await options.recheck([...all].map(({ id, owner, topics }) => ({ id, owner, topics })));
      for (const id of ids) endStream(id);
    } catch (error) {
      options.log(`sse: recheck failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      rechecking = false;
    }
  }

  function endAll(connections: Iterable<Connection> | undefined): void {
    if (!connections) return;
    // Spread the reconnects so a change does not bring every client back in the same instant.
    for (const connection of [...connections]) connection.end(`retry: ${jitter(retryMs)}\n\n`);
  }

  function endOwner(owner: string): void {
    endAll(byOwner.get(owner));
  }

  /**
   * Streams asked to end before they were open here: the notice that a session's newer stream
   * evicted this one can overtake the open it races. Bounded; the heartbeat's check is the backstop.
   */
  const endedBeforeOpen = new Set<string>();

  function endStream(id: string): void {
    const connection = byId.get(id);
    if (connection) {
      endAll([connection]);
      return;
    }
    endedBeforeOpen.add(id);
    if (endedBeforeOpen.size > 1_000) endedBeforeOpen.delete(endedBeforeOpen.values().next().value as string);
  }

  function addTo(map: Map<string, Set<Connection>>, key: string, connection: Connection): void {
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    set.add(connection);
  }

  function removeFrom(map: Map<string, Set<Connection>>, key: string, connection: Connection): void {
    const set = map.get(key);
    set?.delete(connection);
    if (set?.size === 0) map.delete(key);
  }

  function remove(connection: Connection): void {
    if (!all.delete(connection)) return;
    for (const topic of connection.topics) removeFrom(byTopic, topic, connection);
    removeFrom(byOwner, connection.owner, connection);
    byId.delete(connection.id);
  }

  function open({ id, topics, owner, replay }: OpenOptions): Response {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let done = false;
    /** Every way a stream ends comes through here once. */
    const finish = (): void => {
      done = true;
      remove(connection);
      options.onEnd?.(id).catch((error: unknown) => {
        options.log(`sse: the end of a stream was not recorded: ${error instanceof Error ? error.message : String(error)}`);
      });
    };
    const connection: Connection = {
      id,
      topics,
      owner,
      held: replay ? [] : undefined,
      write(text) {
        if (done) return;
        controller.enqueue(encoder.encode(text));
        // desiredSize is the high-water mark minus what waits for the socket.
        if ((controller.desiredSize ?? 0) < 0) {
          finish();
          controller.error(new Error("client too slow"));
          options.log(`sse: dropped a stream whose client fell ${maxBufferedBytes} bytes behind`);
        }
      },
      send(event) {
        if (connection.held) {
          if (connection.held.length >= 1_000) connection.end(`retry: ${retryMs}\n\n`);
          else connection.held.push(event);
          return;
        }
        connection.write(formatSseEvent(event));
      },
      end(text) {
        if (done) return;
        if (text) controller.enqueue(encoder.encode(text));
        finish();
        controller.close();
      },
    };
    const stream = new ReadableStream<Uint8Array>(
      {
        start(c) {
          controller = c;
        },
        cancel() {
          if (!done) finish();
        },
      },
      { highWaterMark: maxBufferedBytes, size: (chunk) => chunk?.byteLength ?? 0 },
    );
    const response = new Response(stream, {
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store, no-transform",
        // Tells nginx-style proxies not to buffer the stream.
        "x-accel-buffering": "no",
      },
    });
    if (closed) {
      // Shutting down: send the client elsewhere soon (a non-200 would stop EventSource for good).
      connection.end(`retry: ${jitter(retryMs)}\n\n`);
      return response;
    }
    all.add(connection);
    byId.set(id, connection);
    for (const topic of topics) addTo(byTopic, topic, connection);
    addTo(byOwner, owner, connection);
    connection.write(`retry: ${retryMs}\n: connected\n\n`);
    if (endedBeforeOpen.delete(id)) {
      connection.end(`retry: ${jitter(retryMs)}\n\n`);
      return response;
    }
    if (replay) {
      void replay()
        .then((events) => {
          const sent = new Set<number>();
          for (const event of events) {
            sent.add(event.id);
            connection.write(formatSseEvent(event));
          }
          const held = connection.held ?? [];
          connection.held = undefined;
          for (const event of held) if (!sent.has(event.id)) connection.write(formatSseEvent(event));
        })
        .catch((error: unknown) => {
          options.log(`sse: replay failed: ${error instanceof Error ? error.message : String(error)}`);
          connection.end(`retry: ${retryMs}\n\n`);
        });
    }
    return response;
  }

  return {
    open,
    publish(topic, event) {
      const set = byTopic.get(topic);
      if (set) for (const connection of set) connection.send(event);
    },
    endStream,
    endOwner,
    endTopic(topic) {
      endAll(byTopic.get(topic));
    },
    close() {
      closed = true;
      clearInterval(heartbeat);
      endAll(all);
    },
    get size() {
      return all.size;
    },
  };
}

function jitter(ms: number): number {
  return Math.round(ms / 2 + Math.random() * ms);
}
