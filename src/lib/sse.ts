// Server-Sent Event streams fanned out in memory: each open stream listens to a few topics, and
// `publish(topic, event)` writes to every stream on that topic of this instance. No product
// rules: the caller decides the topics (a user id, "admins") and what a replay holds.
//
// Cheap when idle: one heartbeat timer for every stream, a Set per topic, no database connection
// per stream. Bounded: a stream whose client reads slower than events arrive is dropped once
// `maxBufferedBytes` wait for it; its EventSource reconnects with Last-Event-ID and replays.

export type SseEvent = { id: number; data: string };

export type SseHub = {
  /**
   * A text/event-stream Response listening to `topics`. `replay` runs once the stream already
   * listens, so nothing published meanwhile is lost: its events go first, and live events it
   * already sent (same id) are not repeated.
   */
  open(options: { topics: string[]; replay?: () => Promise<SseEvent[]> }): Response;
  publish(topic: string, event: SseEvent): void;
  /** Ends every stream with a retry hint (clients come back, to this or another instance); later opens end at once. */
  close(): void;
  readonly size: number;
};

export type SseHubOptions = {
  /** Comment lines this often keep proxies and load balancers from closing idle streams. */
  heartbeatMs?: number;
  /** The reconnect delay the browser is told to use. */
  retryMs?: number;
  maxBufferedBytes?: number;
  log: (line: string) => void;
};

type Connection = {
  topics: string[];
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
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const retryMs = options.retryMs ?? 3_000;
  const maxBufferedBytes = options.maxBufferedBytes ?? 256 * 1024;
  const byTopic = new Map<string, Set<Connection>>();
  const all = new Set<Connection>();
  let closed = false;

  const heartbeat = setInterval(() => {
    for (const connection of all) connection.write(": heartbeat\n\n");
  }, heartbeatMs);
  heartbeat.unref();

  function remove(connection: Connection): void {
    if (!all.delete(connection)) return;
    for (const topic of connection.topics) {
      const set = byTopic.get(topic);
      set?.delete(connection);
      if (set?.size === 0) byTopic.delete(topic);
    }
  }

  function open({ topics, replay }: { topics: string[]; replay?: () => Promise<SseEvent[]> }): Response {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let done = false;
    const connection: Connection = {
      topics,
      held: replay ? [] : undefined,
      write(text) {
        if (done) return;
        controller.enqueue(encoder.encode(text));
        // desiredSize is the high-water mark minus what waits for the socket.
        if ((controller.desiredSize ?? 0) < 0) {
          done = true;
          remove(connection);
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
        done = true;
        remove(connection);
        controller.close();
      },
    };
    const stream = new ReadableStream<Uint8Array>(
      {
        start(c) {
          controller = c;
        },
        cancel() {
          done = true;
          remove(connection);
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
    for (const topic of topics) {
      let set = byTopic.get(topic);
      if (!set) {
        set = new Set();
        byTopic.set(topic, set);
      }
      set.add(connection);
    }
    connection.write(`retry: ${retryMs}\n: connected\n\n`);
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
    close() {
      closed = true;
      clearInterval(heartbeat);
      // Spread the reconnects so a restart does not bring every client back in the same instant.
      for (const connection of [...all]) connection.end(`retry: ${jitter(retryMs)}\n\n`);
    },
    get size() {
      return all.size;
    },
  };
}

function jitter(ms: number): number {
  return Math.round(ms / 2 + Math.random() * ms);
}
