// The island bundles are built by a child process (src/render/assets.ts run alone), so a server
// never holds the bundler's memory (about 12 MB a start kept for as long as it ran); the server
// reads what the child wrote to the cache.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildAssets } from "../src/render/assets";

const root = join(import.meta.dir, "..");
const cacheDir = join(root, "node_modules/.cache/island-bundles");

describe("island bundles", () => {
  test("the file run alone builds them into the cache, and a start reads them from there", async () => {
    const child = Bun.spawnSync([process.execPath, join(root, "src/render/assets.ts")]);
    expect(child.exitCode).toBe(0);
    const manifest = JSON.parse(readFileSync(join(cacheDir, "manifest.json"), "utf8")) as { key: string; outputs: Array<{ path: string }> };
    for (const { path } of manifest.outputs)
      for (const suffix of ["", ".gz", ".br"]) expect(existsSync(join(cacheDir, manifest.key, `${path}${suffix}`))).toBe(true);

    const assets = await buildAssets();
    const loader = assets.files.get(assets.loader);
    expect(loader?.body).toEqual(new Uint8Array(readFileSync(join(cacheDir, manifest.key, assets.loader.replace(/^\/assets\//, "")))));
    expect(loader?.br?.byteLength).toBeGreaterThan(0);
  });
});
