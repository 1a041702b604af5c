// Wraps the Elysia app with what every response needs, whatever route produced it:
// body limits, cross-origin write refusal, security headers, compression and a log line.
import type { Server } from "bun";
import type { Config } from "../config";
import { rememberClientIp } from "./client-ip";

export const JSON_BODY_LIMIT = 64 * 1024;
/** Multipart uploads: a whole order with its images. Single images are checked again per file. */
export const UPLOAD_BODY_LIMIT = 40 * 1024 * 1024;

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;
/** Answers that are streams by nature: never buffered, never compressed. */
const STREAMED = /^text\/(event-stream|csv)/;
const MIN_COMPRESSED_BYTES = 512;

type Handler = (request: Request) => Response | Promise<Response>;

function jsonError(status: number, message: string): Response {
  return Response.json({ message }, { status });
}

/**
 * A shortcut taken before the app sees the request (the anonymous page cache); null to pass. Its
 * answer is sent as it is, so it must carry the security headers it is given.
 */
type EarlyAnswer = (request: Request, url: URL, securityHeaders: Record<string, string>) => Response | null;

export function createFetchHandler(handle: Handler, config: Config, log: (line: string) => void, answerEarly: EarlyAnswer = () => null) {
  const ownOrigins = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);
  // Images may come from any https origin: profile photos from Google or an OIDC provider, and S3 or
  // a CDN in front of it. An image cannot run script, so this widens nothing that matters.
  const imgSources = ["'self'", "data:", "blob:", "https:"];
  // The Pay form's POST answers with a redirect to Stripe Checkout, and browsers check form-action
  // against redirect targets too (a fake's origin in tests).
  const formTargets = ["'self'"];
  if (config.stripe)
    formTargets.push(config.stripe.api ? `${config.stripe.api.protocol}://${config.stripe.api.host}:${config.stripe.api.port}` : "https://checkout.stripe.com");
  const securityHeaders: Record<string, string> = {
    "content-security-policy": [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      `img-src ${imgSources.join(" ")}`,
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `form-action ${formTargets.join(" ")}`,
      "frame-ancestors 'none'",
    ].join("; "),
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
      if (origin === null && request.headers.get("sec-fetch-site") === "cross-site") return jsonError(403, "Cross-origin requests are not allowed.");
      const length = Number(request.headers.get("content-length") ?? "0");
      const type = request.headers.get("content-type") ?? "";
      const limit = type.startsWith("multipart/form-data") ? UPLOAD_BODY_LIMIT : JSON_BODY_LIMIT;
      if (length > limit) return jsonError(413, `The request body is too large (limit ${Math.round(limit / 1024)} KiB).`);
    }
    return null;
  }

  async function finish(request: Request, url: URL, response: Response): Promise<Response> {
    // Responses built here or by Elysia have mutable headers; a fetched one (none today) would not.
    let headers = response.headers;
    try {
      for (const [name, value] of Object.entries(securityHeaders)) if (!headers.has(name)) headers.set(name, value);
    } catch {
      headers = new Headers(headers);
      for (const [name, value] of Object.entries(securityHeaders)) if (!headers.has(name)) headers.set(name, value);
    }
    if (!headers.has("cache-control") && url.pathname.startsWith("/api/")) headers.set("cache-control", "no-store");
    const type = headers.get("content-type") ?? "";
    if (
      !response.body ||
      headers.has("content-encoding") ||
      !COMPRESSIBLE.test(type) ||
      STREAMED.test(type) ||
      !(request.headers.get("accept-encoding") ?? "").includes("gzip")
    ) {
      return headers === response.headers ? response : new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
    // Pages and JSON are small and whole: one gzip call beats a CompressionStream per response.
    const bytes = await response.bytes();
    if (bytes.byteLength < MIN_COMPRESSED_BYTES) return new Response(bytes, { status: response.status, statusText: response.statusText, headers });
    headers.set("content-encoding", "gzip");
    headers.delete("content-length");
    headers.append("vary", "accept-encoding");
    return new Response(Bun.gzipSync(bytes, { level: 6 }), { status: response.status, statusText: response.statusText, headers });
  }

  return async function fetch(request: Request, server: Server<undefined>): Promise<Response> {
    const started = performance.now();
    const url = new URL(request.url);
    let response: Response;
    try {
      const early = answerEarly(request, url, securityHeaders);
      if (early) {
        log(`${request.method} ${url.pathname} ${early.status} ${(performance.now() - started).toFixed(1)}ms`);
        return early;
      }
      const refused = refuse(request, url);
      const checked = refused ?? (await bufferChunkedBody(request));
      if (checked instanceof Response) response = checked;
      else {
        rememberClientIp(checked, server.requestIP(request)?.address, config.trustProxy);
        response = await handle(checked);
      }
    } catch (error) {
      console.error("unhandled", error);
      response = jsonError(500, "Unknown Server Error");
    }
    const finished = await finish(request, url, response);
    // The path only: query strings can carry tokens.
    log(`${request.method} ${url.pathname} ${finished.status} ${(performance.now() - started).toFixed(1)}ms`);
    return finished;
  };
}

/** Chunked bodies carry no length up front: read them up to the limit, then hand on a copy. */
async function bufferChunkedBody(request: Request): Promise<Request | Response> {
  if (!MUTATING.has(request.method) || request.headers.has("content-length") || !request.body) return request;
  // Multipart bodies are capped by Bun.serve's maxRequestBodySize and checked per file.
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) return request;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > JSON_BODY_LIMIT) {
      await reader.cancel();
      return jsonError(413, `The request body is too large (limit ${JSON_BODY_LIMIT / 1024} KiB).`);
    }
    chunks.push(value);
  }
  return new Request(request, { body: Buffer.concat(chunks) });
}
