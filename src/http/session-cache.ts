// Signed-in answers kept in memory, per session, until the data behind them changes.
//
// A signed-in page costs its queries, React's render and gzip; the same page asked again with
// nothing changed is the same bytes. Every committed write to what pages show moves the database's
// data version on (deferred triggers, migration 0012), and the session lookup every signed-in
// request already makes reads that version in the same round trip. An answer is kept under
// (session, data version, encoding, URL): a later request that finds its key gets the kept bytes
// without routing, rendering or compressing, and any write anywhere, on any instance, changes the
// key of every later request. The session is part of the key, so an answer never reaches another
// session, even of the same user (Settings marks "this device").
//
// Only answers their route marks with `keepForSession` are kept (pages rendered by `page()` for a
// signed-in user, and a few JSON reads), only 200s without a cookie, and only for TTL_MS: what a
// page derives from the clock (overdue, days left) is at most that late.

export const SESSION_CACHE_HEADER = "x-session-cache";
/** The header a route adds to say its answer is a pure read, fit to be kept for this session. */
export const keepForSession: Readonly<Record<string, string>> = { [SESSION_CACHE_HEADER]: "keep" };

export const TTL_MS = 60_000;
/** What all kept answers may hold together, bodies and what each entry costs around its body; the least recently used go first. */
const MAX_BYTES = 8 * 1024 * 1024;
/**
 * The memory an entry takes beyond its body: the key, the Headers, the typed array and the map's
 * slot (about 2 KB of RSS each, measured with bun:jsc heapStats and VmRSS over 5,000 entries). Most
 * kept answers are 1-2 KB of gzip, so counting bodies alone let 8 MiB grow to 5,800 entries and
 * about 20 MB.
 */
const ENTRY_BYTES = 2 * 1024;
/** A larger answer is not kept: a few of them would push out everything else. */
const MAX_ANSWER_BYTES = 256 * 1024;

/** `headers` are copied into each answer (a Response copies its Headers), never changed in place. */
export type KeptAnswer = { status: number; headers: Headers; body: Uint8Array<ArrayBuffer> };
type Entry = KeptAnswer & { storedAt: number };

export type SessionCache = {
  get(key: string): KeptAnswer | null;
  set(key: string, answer: KeptAnswer): void;
  /** Drops every answer past TTL_MS: a quiet server would otherwise hold them until the next store pushes them out. */
  sweep(): void;
  readonly size: number;
};

/** The key an answer is kept under; `null` from the caller means "neither look nor keep". */
export function sessionAnswerKey(sessionId: string, dataVersion: number, gzip: boolean, url: URL): string {
  return `${sessionId} ${dataVersion} ${gzip ? "gzip" : "identity"} ${url.pathname}${url.search}`;
}

export function createSessionCache(now: () => number = Date.now): SessionCache {
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const cost = (body: Uint8Array) => body.byteLength + ENTRY_BYTES;

  function drop(key: string, entry: Entry): void {
    entries.delete(key);
    bytes -= cost(entry.body);
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      drop(key, entry);
      if (now() - entry.storedAt > TTL_MS) return null;
      entries.set(key, entry);
      bytes += cost(entry.body);
      return entry;
    },
    set(key, answer) {
      if (answer.body.byteLength > MAX_ANSWER_BYTES) return;
      const old = entries.get(key);
      if (old) drop(key, old);
      for (const [oldest, entry] of entries) {
        if (bytes + cost(answer.body) <= MAX_BYTES) break;
        drop(oldest, entry);
      }
      entries.set(key, { ...answer, storedAt: now() });
      bytes += cost(answer.body);
    },
    sweep() {
      const oldest = now() - TTL_MS;
      for (const [key, entry] of entries) if (entry.storedAt < oldest) drop(key, entry);
    },
    get size() {
      return entries.size;
    },
  };
}

/** Marks a JSON read's answer as fit to keep for this session, from its route handler. */
export function keepAnswer(set: { headers: Record<string, unknown> }): void {
  set.headers[SESSION_CACHE_HEADER] = "keep";
}
