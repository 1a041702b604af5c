// Cross-origin reads and writes for the exact origins in CORS_ORIGINS, through @elysiajs/cors; no
// CORS at all (no preflight route, no header) when the list is empty. The plugin only answers the
// browser's questions: refusing a write from any other origin stays in server.ts, before routing.
import { cors } from "@elysiajs/cors";
import { Elysia } from "elysia";

/** The methods the API answers; the plugin's default would echo whatever a preflight asks for. */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
/** What a client on another origin sends beside the CORS-safelisted headers: a JSON body's type. */
const ALLOWED_HEADERS = ["content-type"];
/** Preflight answers are cached by the browser this long (seconds); Chromium caps it at 7200. */
const PREFLIGHT_MAX_AGE = 600;

export function crossOrigin(origins: readonly string[]) {
  if (origins.length === 0) return new Elysia({ name: "cors-off" });
  return (
    new Elysia({ name: "cors" })
      .use(
        cors({
          origin: [...origins],
          methods: METHODS,
          allowedHeaders: ALLOWED_HEADERS,
          // A 500's message names the request id; a client elsewhere may read it to report the failure.
          exposeHeaders: ["x-request-id"],
          // Sessions are cookies: an allowed origin writes as the signed-in user, which is what listing it means.
          credentials: true,
          maxAge: PREFLIGHT_MAX_AGE,
        }),
      )
      // The plugin's `vary: Origin` gives way to a returned Response's own vary (assets, cached
      // pages): the answer depends on the Origin all the same, so a shared cache must key on it.
      .onAfterHandle({ as: "global" }, ({ responseValue }) => {
        if (!(responseValue instanceof Response)) return;
        const vary = responseValue.headers.get("vary");
        if (vary !== null && !/\borigin\b/i.test(vary)) responseValue.headers.append("vary", "origin");
      })
  );
}
