// The render cache for anonymous visitors. Public pages look the same for every visitor, so
// the first render of a path is kept as bytes (plain and gzip) and answered from memory until
// the data behind it changes. Only visitors without a session cookie use it: a signed-in page
// carries the user's header and must never be stored or served here.
//
// One cache per database: the pages are a function of what that database holds, and the FAQ
// service, which only knows its database, names the cache to drop with `invalidatePublicPages(db)`.
// Other instances on the same database hear of the change through Postgres: a trigger on the FAQ
// table notifies `public_pages_changed` at commit and boot.ts drops every instance's cache on it.
// Entries also expire after TTL_MS, a safety net for a missed notice (LISTEN is at-most-once)
// and what keeps the footer's year right.

import { readCookie } from "../http/cookies";
import { PASSWORD_STEP_COOKIE } from "../http/guards";
import { hasSessionCookie } from "../http/sessions";
import { SCRIPT_NONCE_HEADER } from "../http/streaming";
import type { Db } from "../lib/db";
import { rememberRoute, routeOf } from "../lib/metrics";

export const TTL_MS = 60_000;
/** Enough for every public page and FAQ; a full cache drops its oldest entry. */
const MAX_ENTRIES = 1_000;

export type CachedResponse = {
  status: number;
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
  headers: Record<string, string>;
  storedAt: number;
  /** The route pattern that rendered it, while metrics are on: a hit answered before routing is counted under it. */
  route?: string;
  /** The whole header sets of a hit, built once for the headers `peek` is given. */
  prebuilt?: { extra: Record<string, string>; gzip: Headers; plain: Headers };
};

export type PageCache = {
  /**
   * Answers `key` from the cache, or runs `render` once (concurrent misses share it), stores a
   * 200 answer and answers with it. Any other answer is passed on untouched and not stored.
   */
  serve(request: Request, key: string, render: () => Promise<Response>): Promise<Response>;
  /**
   * The stored answer for `key` if there is a fresh one, never rendering; `extra` headers (the
   * security headers) are merged once per entry, so a hit builds no header set of its own.
   */
  peek(request: Request, key: string, extra: Record<string, string>): Response | null;
  /** Drops every entry; renders in flight when it is called are not stored. */
  invalidate(): void;
  readonly size: number;
};

export function createPageCache(now: () => number = Date.now): PageCache {
  const entries = new Map<string, CachedResponse>();
  const pending = new Map<string, Promise<CachedResponse | Response>>();
  // Bumped by invalidate(): a render that started under an older generation may hold old data.
  let generation = 0;

  async function fill(key: string, render: () => Promise<Response>, route: string | undefined): Promise<CachedResponse | Response> {
    const startedIn = generation;
    const response = await render();
    if (response.status !== 200 || response.headers.has("set-cookie")) return response;
    const body = new Uint8Array(await response.arrayBuffer());
    // A page whose inline scripts carry its nonce is not kept: every copy would reuse that nonce.
    const nonce = response.headers.get(SCRIPT_NONCE_HEADER);
    if (nonce !== null && new TextDecoder().decode(body).includes(`nonce="${nonce}"`)) return new Response(body, response);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== "content-length" && name !== "content-encoding" && name !== SCRIPT_NONCE_HEADER) headers[name] = value;
    });
    const entry: CachedResponse = {
      status: 200,
      body,
      gzip: Bun.gzipSync(body, { level: 9 }),
      etag: `"${Bun.hash(body).toString(36)}"`,
      headers,
      storedAt: now(),
      ...(route === undefined ? {} : { route }),
    };
    if (startedIn === generation) {
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, entry);
    }
    return entry;
  }

  return {
    async serve(request, key, render) {
      let entry: CachedResponse | Response | undefined = entries.get(key);
      let hit = true;
      if (entry && now() - entry.storedAt > TTL_MS) {
        entries.delete(key);
        entry = undefined;
      }
      if (!entry) {
        hit = false;
        let inFlight = pending.get(key);
        if (!inFlight) {
          inFlight = fill(key, render, routeOf(request)).finally(() => pending.delete(key));
          pending.set(key, inFlight);
          entry = await inFlight;
        } else {
          entry = await inFlight;
          // A shared plain Response can be read only once; only its first waiter gets it.
          if (entry instanceof Response) return render();
        }
      }
      if (entry instanceof Response) return entry;
      return respondWith(request, entry, hit);
    },
    peek(request, key, extra) {
      const entry = entries.get(key);
      if (!entry || now() - entry.storedAt > TTL_MS) return null;
      if (entry.route !== undefined) rememberRoute(request, entry.route);
      if (entry.prebuilt?.extra !== extra) {
        const hit = { ...extra, ...entry.headers, etag: entry.etag, vary: "accept-encoding, cookie", "x-render-cache": "hit" };
        // Headers, not plain objects: a Response copies a Headers natively, but builds one from an object.
        entry.prebuilt = { extra, gzip: new Headers({ ...hit, "content-encoding": "gzip" }), plain: new Headers(hit) };
      }
      const { gzip, plain } = entry.prebuilt;
      if (request.headers.get("if-none-match") === entry.etag) return new Response(null, { status: 304, headers: plain });
      const body = request.method === "HEAD" ? null : undefined;
      if ((request.headers.get("accept-encoding") ?? "").includes("gzip"))
        return new Response(body === null ? null : entry.gzip, { status: entry.status, headers: gzip });
      return new Response(body === null ? null : entry.body, { status: entry.status, headers: plain });
    },
    invalidate() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

function respondWith(request: Request, entry: CachedResponse, hit: boolean): Response {
  const headers: Record<string, string> = {
    ...entry.headers,
    etag: entry.etag,
    vary: "accept-encoding, cookie",
    "x-render-cache": hit ? "hit" : "miss",
  };
  if (request.headers.get("if-none-match") === entry.etag) return new Response(null, { status: 304, headers });
  if ((request.headers.get("accept-encoding") ?? "").includes("gzip")) {
    headers["content-encoding"] = "gzip";
    return new Response(request.method === "HEAD" ? null : entry.gzip, { status: entry.status, headers });
  }
  return new Response(request.method === "HEAD" ? null : entry.body, { status: entry.status, headers });
}

const caches = new WeakMap<Db, PageCache>();

/** The anonymous render cache for pages built from `db`. */
export function publicPageCache(db: Db): PageCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createPageCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The single entry point for "public content changed": every write to data that public pages
 * show (FAQs today) calls this after it commits, and the next visitor gets a fresh render.
 */
export function invalidatePublicPages(db: Db): void {
  caches.get(db)?.invalidate();
}

/**
 * Whether this request may use the anonymous cache: a read by someone with no session cookie and no
 * pending first sign-in's step (that browser is sent back to the step, decision 096).
 */
export function isAnonymousRead(request: Request): boolean {
  return (request.method === "GET" || request.method === "HEAD") && !hasSessionCookie(request) && !readCookie(request, PASSWORD_STEP_COOKIE);
}

/**
 * A visitor's read of a public page that is already in the cache, answered before routing: no
 * Elysia, no session lookup. Anything else (a miss, a cookie, a query string) answers null and
 * takes the normal path, which fills the cache.
 */
export function answerFromCache(db: Db, request: Request, url: URL, headers: Record<string, string>): Response | null {
  if (url.search !== "" || !isAnonymousRead(request)) return null;
  return caches.get(db)?.peek(request, url.pathname, headers) ?? null;
}

/**
 * Serves an anonymous public page through the cache, or renders it fresh for signed-in users
 * and requests with a query string (their answers may depend on it).
 */
export function servePublicPage(db: Db, request: Request, render: () => Promise<Response>): Promise<Response> {
  const url = new URL(request.url);
  if (!isAnonymousRead(request) || url.search !== "") return render();
  return publicPageCache(db).serve(request, url.pathname, render);
}
