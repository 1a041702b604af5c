// Which body types each API route reads. The HTTP server lets only JSON and multipart reach the
// API (src/http/server.ts); this parse hook, ahead of every route's own parser, lets multipart
// through only to the routes whose body schema holds a file (`t.File`, `t.Files`): the uploads,
// which the OpenAPI document describes as multipart too. Elysia would otherwise read a multipart
// body into the same fields as JSON, so a form on another site could post to any JSON route.
import type { AnyElysia } from "elysia";
import { unsupportedMediaType } from "./errors";

type Route = AnyElysia["routes"][number];

const MULTIPART_TYPE = /^multipart\/form-data\s*(;|$)/i;

/** `POST /api/x` for a route pattern, without a trailing slash (Elysia answers both). */
const routeKey = (method: string, path: string): string => `${method.toUpperCase()} ${path.length > 1 ? path.replace(/\/$/, "") : path}`;

/** A body schema with a file field anywhere: Elysia's file types are binary strings. */
export function takesFiles(route: Route): boolean {
  return route.hooks.body !== undefined && JSON.stringify(route.hooks.body).includes('"format":"binary"');
}

/**
 * The API's parse hook: refuses (415) a multipart body sent to a route without files. `routes`
 * is read at the first multipart request, once every route is registered.
 */
export function multipartOnlyForFiles(routes: () => readonly Route[]) {
  let uploads: Set<string> | undefined;
  return ({ request, route }: { request: Request; route: string }): void => {
    if (!MULTIPART_TYPE.test(request.headers.get("content-type") ?? "")) return;
    uploads ??= new Set(
      routes()
        .filter(takesFiles)
        .map((candidate) => routeKey(candidate.method, candidate.path)),
    );
    if (uploads.has(routeKey(request.method, route))) return;
    throw unsupportedMediaType("Send this request as application/json: it carries no files.", { "headers.content-type": "Must be application/json" });
  };
}
