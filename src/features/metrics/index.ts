// GET /metrics: this instance's metrics in Prometheus's text format, for a scraper that sends
// `Authorization: Bearer $METRICS_TOKEN`. Without METRICS_TOKEN (or metrics) the route does not
// exist and the path is a 404 like any unknown one.
import { createHash, timingSafeEqual } from "node:crypto";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";

export const METRICS_PATH = "/metrics";

/** Digests of both sides are compared, so the comparison takes as long whatever the length of a guess. */
const digest = (value: string): Buffer => createHash("sha256").update(value).digest();

const BEARER = /^bearer +(\S+) *$/i;

export function metricsFeature(deps: Pick<AppDeps, "config" | "metrics">) {
  const plugin = new Elysia({ name: "metrics" });
  const { metrics } = deps;
  const token = deps.config.metricsToken;
  if (!metrics || !token) return plugin;
  const expected = digest(token);
  return plugin.get(METRICS_PATH, async ({ request }) => {
    // The scheme's name is case-insensitive (RFC 9110); the token is not.
    const given = BEARER.exec(request.headers.get("authorization") ?? "")?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      // JSON like the API's refusals: a scraper's log shows the reason, not an HTML error page.
      return Response.json(
        { message: "Send Authorization: Bearer with the METRICS_TOKEN to read the metrics." },
        { status: 401, headers: { "www-authenticate": 'Bearer realm="metrics"', "cache-control": "no-store" } },
      );
    }
    const { body, contentType } = await metrics.scrape();
    return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
  });
}
