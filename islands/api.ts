// The one API client of the islands: Eden, typed from the server's API type (src/app.ts: no pages).
// Eden itself (a chunk of its own) loads on the first call, not with the islands: most island pages
// hydrate without calling the API, and many are never used to call it.
import type { Treaty } from "@elysiajs/eden";

/**
 * Where src/app.ts registers its type (`declare module`, as routers register theirs). The server
 * renders the islands, so they sit below it: they name its type without importing it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by src/app.ts through module augmentation
export interface ApiRegistry {}
type Api = ApiRegistry extends { api: infer Registered } ? Registered : never;

type Client = Treaty.Create<Api>;
/** One step of a call as written: `.name` or `(argument, ...)`. */
type Step = { key: string } | { args: unknown[] };

/**
 * The names Eden sends a request on when called (its own list, less `subscribe`: the islands open no
 * WebSocket); a call on any other name is a path parameter, `api.projects({ id })`.
 */
const METHODS = new Set(["get", "post", "put", "delete", "patch", "options", "head", "connect"]);

let eden: Promise<Client> | undefined;
function loadEden(): Promise<Client> {
  eden ??= import("@elysiajs/eden").then(({ treaty }) => treaty<Api>(typeof location === "undefined" ? "http://localhost" : location.origin));
  return eden;
}

/** Walks Eden's own client along the recorded steps, then calls the method with `args`. */
function replay(client: Client, steps: Step[], args: unknown[]): unknown {
  // Each step yields another of Eden's proxies, which are functions with properties.
  let target = client as unknown as Record<string, unknown> & ((...args: unknown[]) => unknown);
  for (const step of steps) target = ("key" in step ? target[step.key] : target(...step.args)) as typeof target;
  return target(...args);
}

/** Records `api.a.b({ id }).c.get(...)` and answers the call's promise once Eden has loaded. */
function recorder(steps: Step[]): unknown {
  return new Proxy(() => undefined, {
    // Not a promise: `await import("./api")` and `.then(m => m.api)` must not take it for one.
    get: (_, key) => (typeof key !== "string" || (steps.length === 0 && key === "then") ? undefined : recorder([...steps, { key }])),
    apply: (_, __, args: unknown[]) => {
      const last = steps.at(-1);
      if (last && "key" in last && METHODS.has(last.key)) return loadEden().then((client) => replay(client, steps, args));
      return recorder([...steps, { args }]);
    },
  });
}

export const api = recorder([]) as Client;

/** The message of a failed call, as SPEC.md §8 says: the body's message, else the error's own text. */
export function errorMessage(error: { value: unknown } | null, fallback = "Something went wrong"): string {
  if (!error) return fallback;
  const value = error.value as { message?: unknown } | string | null;
  if (value && typeof value === "object" && typeof value.message === "string") return value.message;
  if (typeof value === "string" && value) return value;
  return fallback;
}
