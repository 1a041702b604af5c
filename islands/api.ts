// The one API client of the islands: Eden, typed from the server's API type (src/api.ts: no pages).
import { treaty } from "@elysiajs/eden";

/**
 * Where src/api.ts registers its type (`declare module`, as routers register theirs). The server
 * renders the islands, so they sit below it: they name its type without importing it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by src/api.ts through module augmentation
export interface ApiRegistry {}
type Api = ApiRegistry extends { api: infer Registered } ? Registered : never;

export const api = treaty<Api>(typeof location === "undefined" ? "http://localhost" : location.origin);

/** The message of a failed call, as SPEC.md §8 says: the body's message, else the error's own text. */
export function errorMessage(error: { value: unknown } | null, fallback = "Something went wrong"): string {
  if (!error) return fallback;
  const value = error.value as { message?: unknown } | string | null;
  if (value && typeof value === "object" && typeof value.message === "string") return value.message;
  if (typeof value === "string" && value) return value;
  return fallback;
}
