// Remembers the route pattern of every routed request for the request metrics (src/lib/metrics.ts).
import { Elysia } from "elysia";
import { rememberRoute } from "../lib/metrics";

/**
 * At transform (the first hook after matching) and, for requests refused before it (an
 * unreadable body), when the error is mapped. Unmatched paths have no pattern and are left out.
 * With metrics off it adds no hook at all. Used before the error mapper, whose answer ends the
 * error hooks.
 */
export function routeLabels(enabled: boolean) {
  const plugin = new Elysia({ name: "route-labels" });
  if (!enabled) return plugin;
  return plugin
    .onTransform({ as: "global" }, ({ request, route }) => rememberRoute(request, route))
    .onError({ as: "global" }, (context) => {
      const route: unknown = "route" in context ? context.route : undefined;
      if (typeof route === "string") rememberRoute(context.request, route);
    });
}
