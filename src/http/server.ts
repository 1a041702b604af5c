// Wraps the Elysia app with what every response needs, whatever route produced it:
// body limits, cross-origin write refusal, security headers, compression and a log line.
import { Duplex } from "node:stream";
import { createGzip, constants as zlibConstants } from "node:zlib";
import type { Server } from "bun";
import type { Config } from "../config";
import { type Log, describeFailure } from "../lib/log";
import { carryRoute } from "../lib/metrics";
import { MAX_UPLOAD_BODY_BYTES } from "../shared/uploads";
import { rememberClientIp } from "./client-ip";
import type { ErrorBody } from "./openapi";
import { assignRequestId, rememberRequestId } from "./request-id";
import { hasSessionCookie } from "./sessions";
import { SCRIPT_NONCE_HEADER } from "./streaming";
import { checkBodyText, checkUrlText, rememberRefusal } from "./text-guard";

export const JSON_BODY_LIMIT = 64 * 1024;
/** Stripe's webhook deliveries: a signed event with its expanded objects may be far past a form's size. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;
const STRIPE_WEBHOOK_PATH = "/api/payments/stripe/webhook";
/** Multipart uploads: a whole order with its images. Single images are checked again per file. */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BODY_BYTES;
/**
 * Bun.serve's own cap. Bun answers a body over it with an empty 413 before this wrapper runs, so
 * it sits far above the limits below: this wrapper is the layer that refuses, always with JSON
 * naming the limit. Bodies are counted as they stream in, so the high cap costs no memory.
 */
export const SERVER_BODY_CAP = 1024 * 1024 * 1024 * 1024;

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** The bodies the API reads: JSON, forms and files. Anything else (text/plain, say) would reach a route as a bare string. */
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*(;|$)/i;
const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * A body's type must be the one its route reads: the JSON API takes JSON (and multipart where a
 * route carries files), the pages' forms take form encodings. A form-encoded body sent to the API
 * is refused rather than parsed into the same fields.
 */
function refuseBodyType(request: Request, url: URL): Response | null {
  const type = request.headers.get("content-type") ?? "";
  if (url.pathname.startsWith("/api/")) {
    if (JSON_TYPE.test(type) || MULTIPART_TYPE.test(type)) return null;
    return jsonError(415, "Send this request as application/json (or multipart/form-data where it carries files).", {
      fields: { "headers.content-type": "Must be application/json, or multipart/form-data where the request carries files" },
    });
  }
  if (FORM_TYPE.test(type)) return null;
  return jsonError(415, "Send this form as application/x-www-form-urlencoded or multipart/form-data.", {
    fields: { "headers.content-type": "Must be application/x-www-form-urlencoded or multipart/form-data" },
  });
}
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;
/** Answers that are streams by nature: never buffered, never compressed. */
const STREAMED = /^text\/(event-stream|csv)/;
const MIN_COMPRESSED_BYTES = 512;
const SCRIPT_SRC = "script-src 'self'";
/**
 * The fastest level: a page or a JSON answer is a few KB, and higher levels cost several times the
 * CPU of the whole compression for a somewhat smaller body (decision 066).
 */
const GZIP_LEVEL = 1;

/** gzip that flushes after every chunk written to it, so each part of a streaming page leaves as React writes it. */
function flushingGzip(): ReadableWritablePair {
  // Node's web-stream types and the DOM's differ only in name.
  return Duplex.toWeb(createGzip({ level: GZIP_LEVEL, flush: zlibConstants.Z_SYNC_FLUSH })) as unknown as ReadableWritablePair;
}

/** The headers of an answer whose body is being replaced by its gzip. */
function markGzipped(headers: Headers): void {
  headers.set("content-encoding", "gzip");
  headers.delete("content-length");
  headers.append("vary", "accept-encoding");
}

type Handler = (request: Request) => Response | Promise<Response>;

function jsonError(status: number, message: string, extra: Omit<ErrorBody, "message"> = {}): Response {
  return Response.json({ message, ...extra }, { status });
}

const formatLimit = (bytes: number): string => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`);

/** The one 413: the wizard reads `limit` (bytes) and shows the message. */
export function tooLarge(limit: number): Response {
  return jsonError(413, `The request body is too large (limit ${formatLimit(limit)}).`, { limit });
}

function bodyLimit(request: Request, url: URL): number {
  if (url.pathname === STRIPE_WEBHOOK_PATH) return WEBHOOK_BODY_LIMIT;
  return (request.headers.get("content-type") ?? "").startsWith("multipart/form-data") ? UPLOAD_BODY_LIMIT : JSON_BODY_LIMIT;
}

/**
 * A shortcut taken before the app sees the request (the anonymous page cache); null to pass. Its
 * answer is sent as it is, so it must carry the security headers it is given.
 */
type EarlyAnswer = (request: Request, url: URL, securityHeaders: Record<string, string>) => Response | null;

export function createFetchHandler(handle: Handler, config: Config, log: Log, answerEarly: EarlyAnswer = () => null) {
  const ownOrigins = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);
  // An early answer skips routing, so it would lack the CORS headers (src/http/cors.ts): with CORS
  // on, a request naming its origin takes the app's path. A same-origin GET names none.
  const answersCrossOrigin = config.corsOrigins.length > 0;
  // Images may come from any https origin: profile photos from Google or an OIDC provider, and S3 or
  // a CDN in front of it. An image cannot run script, so this widens nothing that matters.
  const imgSources = ["'self'", "data:", "blob:", "https:"];
  // The Pay form's POST answers with a redirect to Stripe Checkout, and browsers check form-action
  // against redirect targets too (a fake's origin in tests).
  const formTargets = ["'self'"];
  if (config.stripe)
    formTargets.push(config.stripe.api ? `${config.stripe.api.protocol}://${config.stripe.api.host}:${config.stripe.api.port}` : "https://checkout.stripe.com");
  const contentSecurityPolicy = [
    "default-src 'self'",
    SCRIPT_SRC,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imgSources.join(" ")}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formTargets.join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
  const securityHeaders: Record<string, string> = {
    "content-security-policy": contentSecurityPolicy,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
  };
  if (config.secureCookies) securityHeaders["strict-transport-security"] = "max-age=31536000; includeSubDomains";

  function refuse(request: Request, url: URL): Response | null {
    if (MUTATING.has(request.method)) {
      // A browser names the page that sent a write; writes from any other site are refused (CSRF).
      const origin = request.headers.get("origin");
      const sameHost = origin !== null && origin === `${url.protocol}//${request.headers.get("host")}`;
      if (origin !== null && !ownOrigins.has(origin) && !sameHost) return jsonError(403, "Cross-origin requests are not allowed.");
      const fetchSite = request.headers.get("sec-fetch-site");
      if (origin === null && fetchSite === "cross-site") return jsonError(403, "Cross-origin requests are not allowed.");
      // A write signed in by cookie must show where it comes from: a browser sends Origin (or at
      // least Sec-Fetch-Site) with every such request, so one with neither was not sent by our pages.
      if (origin === null && fetchSite !== "same-origin" && hasSessionCookie(request)) {
        return jsonError(403, "This request carries a session cookie but no Origin header: writes must come from this site's pages.");
      }
      const length = Number(request.headers.get("content-length") ?? "0");
      const limit = bodyLimit(request, url);
      if (length > limit) return tooLarge(limit);
      const hasBody = length > 0 || request.headers.has("transfer-encoding");
      if (hasBody) return refuseBodyType(request, url);
    }
    return null;
  }

  async function finish(request: Request, url: URL, response: Response, reqId: string): Promise<Response> {
    // Responses built here or by Elysia have mutable headers; a fetched one (none today) would not.
    let headers = response.headers;
    try {
      headers.set("x-request-id", reqId);
    } catch {
      headers = new Headers(headers);
      headers.set("x-request-id", reqId);
    }
    for (const [name, value] of Object.entries(securityHeaders)) if (!headers.has(name)) headers.set(name, value);
    if (!headers.has("cache-control") && url.pathname.startsWith("/api/")) headers.set("cache-control", "no-store");
    const type = headers.get("content-type") ?? "";
    const gzip = (request.headers.get("accept-encoding") ?? "").includes("gzip");
    const nonce = headers.get(SCRIPT_NONCE_HEADER) ?? undefined;
    headers.delete(SCRIPT_NONCE_HEADER);
    if (nonce !== undefined) headers.set("content-security-policy", contentSecurityPolicy.replace(SCRIPT_SRC, `${SCRIPT_SRC} 'nonce-${nonce}'`));
    if (!response.body || headers.has("content-encoding") || !COMPRESSIBLE.test(type) || STREAMED.test(type) || !gzip) {
      return headers === response.headers ? response : new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
    if (nonce !== undefined && !headers.has("content-length")) {
      // A page still loading part of its content: compressed as it is written, so its head leaves first.
      markGzipped(headers);
      return new Response(response.body.pipeThrough(flushingGzip()), { status: response.status, statusText: response.statusText, headers });
    }
    // A page (React's stream, whole once it is ready) and JSON are small: read whole, one gzip call
    // costs less than a CompressionStream per answer.
    let bytes = await response.bytes();
    if (bytes.byteLength >= MIN_COMPRESSED_BYTES) {
      markGzipped(headers);
      bytes = Bun.gzipSync(bytes, { level: GZIP_LEVEL });
    }
    return new Response(bytes, { status: response.status, statusText: response.statusText, headers });
  }

  /** Everything past the early answer: the app, then `finish`. */
  async function answer(request: Request, server: Server<undefined>, url: URL, reqId: string, logged: (answer: Response) => Response): Promise<Response> {
    let response: Response;
    try {
      const checked = refuse(request, url) ?? (await readBody(request, url));
      if (checked instanceof Response) response = checked;
      else {
        rememberRequestId(checked.request, reqId);
        rememberClientIp(checked.request, server.requestIP(request)?.address, config.trustProxy);
        const badText = checkUrlText(url) ?? checked.badText;
        if (badText) rememberRefusal(checked.request, badText);
        response = await handle(checked.request);
        carryRoute(checked.request, request);
      }
    } catch (error) {
      log.error({ reqId, err: describeFailure(error) }, "unhandled error");
      response = jsonError(500, `Unknown Server Error (request id ${reqId})`, { requestId: reqId });
    }
    return logged(await finish(request, url, response, reqId));
  }

  // Not async: an early answer (a cached public page) goes back to Bun as a Response, not a promise.
  // It carries no x-request-id: one header set per answer cost a seventh of its CPU, and nothing
  // but its access-log line (which has the id) is written for it.
  return function fetch(request: Request, server: Server<undefined>): Response | Promise<Response> {
    const started = performance.now();
    const url = new URL(request.url);
    const reqId = assignRequestId(request, config.trustProxy);
    // The path only: query strings can carry tokens. Lines leave in batches: no write to stdout per request.
    const logged = (answer: Response): Response => {
      log.access(reqId, `${request.method} ${url.pathname} ${answer.status} ${(performance.now() - started).toFixed(1)}ms`);
      return answer;
    };
    try {
      const early = answersCrossOrigin && request.headers.has("origin") ? null : answerEarly(request, url, securityHeaders);
      if (early) return logged(early);
    } catch (error) {
      log.error({ reqId, err: describeFailure(error) }, "unhandled error");
      return logged(jsonError(500, `Unknown Server Error (request id ${reqId})`, { requestId: reqId }));
    }
    return answer(request, server, url, reqId, logged);
  };
}

type ReadBody = { request: Request; badText: ReturnType<typeof checkBodyText> };

/**
 * Text bodies (JSON, forms) are read here up to their limit and checked for NUL and invalid
 * UTF-8; multipart bodies with a length stream through, chunked ones are counted as they come.
 */
async function readBody(request: Request, url: URL): Promise<ReadBody | Response> {
  if (!MUTATING.has(request.method) || !request.body) return { request, badText: null };
  const type = request.headers.get("content-type") ?? "";
  const multipart = type.startsWith("multipart/form-data");
  if (multipart && request.headers.has("content-length")) return { request, badText: null };
  const limit = bodyLimit(request, url);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = Buffer.concat(chunks);
  const copy = new Request(request, { body: bytes });
  return { request: copy, badText: multipart ? null : checkBodyText(bytes, type) };
}
