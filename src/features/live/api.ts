// GET /api/events: the signed-in user's live events as Server-Sent Events (decision 020).
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { bodyOf, operation } from "../../http/openapi";
import { LIVE_EVENTS_PATH } from "../../shared/live-events";
import { openLiveStream, parseLastEventId } from "./service";

export const liveApi = (deps: AppDeps) =>
  new Elysia({ name: "live-api" })
    .use(context(deps))
    .get(LIVE_EVENTS_PATH, ({ actor, request, query }) => openLiveStream(deps, actor, parseLastEventId(request.headers.get("last-event-id") ?? query.after)), {
      auth: "user",
      detail: operation("Live updates", "signed-in", "Server-Sent Events about your notifications and projects (admins: new orders and bug reports)", {
        200: bodyOf("An endless event stream; `Last-Event-ID` (or `?after=`) resumes after an event", ["text/event-stream"]),
      }),
    });
