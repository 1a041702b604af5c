// A feature as src/app.ts assembles it: one named plugin with the feature's pages (and any other
// routes outside /api), carrying its JSON API as `.api`. createApi (src/app.ts) mounts every
// feature's `.api` inside the API, under the API's own rules (the body-type check, the 404 for an
// unknown /api path, the OpenAPI document); its type types the islands' Eden client, without pages.
// The feature plugin does not mount `.api` itself: Elysia adds a named plugin's routes again at a
// second mount, and the later copy replaces the earlier with the hooks of where it was mounted.
import { type AnyElysia, Elysia } from "elysia";

export function feature<Parts extends { api?: AnyElysia }>(name: string, parts: Parts, ...pages: AnyElysia[]) {
  const plugin = new Elysia({ name: `${name}-feature` });
  for (const page of pages) plugin.use(page);
  return Object.assign(plugin, parts);
}
