// Serves the built assets (immutable, precompressed), files from public/ and disk uploads.
import { join } from "node:path";
import { staticPlugin } from "@elysiajs/static";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { badRequest, notFound } from "../../http/errors";
import { PRIVATE_PREFIX } from "../../lib/storage";
import type { Asset } from "../../render/assets";

const publicDir = join(import.meta.dir, "../../../public");

/** The smallest copy the client accepts: brotli, else gzip, else the bytes as they are. */
function encodingFor(request: Request, asset: Asset): { body: Uint8Array<ArrayBuffer>; encoding: "br" | "gzip" | null } {
  const accepted = request.headers.get("accept-encoding") ?? "";
  if (asset.br && accepted.includes("br")) return { body: asset.br, encoding: "br" };
  if (asset.gzip && accepted.includes("gzip")) return { body: asset.gzip, encoding: "gzip" };
  return { body: asset.body, encoding: null };
}

export const assetRoutes = (deps: AppDeps) =>
  new Elysia({ name: "assets" })
    .get("/assets/*", ({ request }) => {
      const asset = deps.assets.files.get(new URL(request.url).pathname);
      if (!asset) throw notFound();
      const { body, encoding } = encodingFor(request, asset);
      return new Response(body, {
        headers: {
          "content-type": asset.contentType,
          "cache-control": "public, max-age=31536000, immutable",
          ...(asset.gzip || asset.br ? { vary: "accept-encoding" } : {}),
          ...(encoding ? { "content-encoding": encoding } : {}),
        },
      });
    })
    .get("/uploads/*", async ({ request }) => {
      if (deps.storage.kind !== "disk") throw notFound();
      let key: string;
      try {
        key = decodeURIComponent(new URL(request.url).pathname.slice("/uploads/".length));
      } catch {
        throw badRequest("Invalid path: Contains a malformed %-escape.", { path: "Contains a malformed %-escape" });
      }
      const object = key.startsWith(PRIVATE_PREFIX) ? null : await deps.storage.get(key).catch(() => null);
      if (!object) throw notFound();
      return new Response(new Uint8Array(object.body), {
        headers: {
          "content-type": object.contentType,
          "cache-control": "public, max-age=31536000, immutable",
          "content-security-policy": "default-src 'none'; sandbox",
        },
      });
    })
    // public/ at the root, one route per file found at start-up (in every environment, so tests
    // run what production runs); Bun names the type from the extension. Lazy: boot.ts awaits it.
    .use(
      staticPlugin({
        assets: publicDir,
        prefix: "/",
        alwaysStatic: true,
        etag: false,
        headers: { "cache-control": "public, max-age=86400" },
        silent: true,
      }),
    );
