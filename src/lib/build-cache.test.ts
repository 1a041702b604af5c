import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cacheKey, commitCache } from "./build-cache";

describe("commitCache", () => {
  test("puts the new key in place and removes older keys and the scratch folders of dead builds", async () => {
    const dir = mkdtempSync(join(tmpdir(), "build-cache-"));
    const ended = Bun.spawn(["true"]);
    await ended.exited;
    for (const folder of ["old-key", `build.${ended.pid}`, `old-key.${ended.pid}`, `build.${process.pid}`]) mkdirSync(join(dir, folder));
    const scratch = join(dir, `new-key.${process.pid}`);
    mkdirSync(scratch);
    writeFileSync(join(scratch, "out.js"), "1");

    commitCache(dir, scratch, { key: "new-key", inputs: ["a.ts"] });

    expect(readdirSync(dir).sort()).toEqual([`build.${process.pid}`, "manifest.json", "new-key"]);
    expect(readFileSync(join(dir, "new-key", "out.js"), "utf8")).toBe("1");
    expect(JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"))).toEqual({ key: "new-key", inputs: ["a.ts"] });
    expect(existsSync(scratch)).toBe(false);
  });
});

describe("cacheKey", () => {
  test("changes when an input is edited, and not when it is only read", () => {
    const root = mkdtempSync(join(tmpdir(), "build-cache-key-"));
    writeFileSync(join(root, "a.ts"), "export const a = 1;");
    const before = cacheKey(root, "options", ["a.ts"]);
    readFileSync(join(root, "a.ts"));
    expect(cacheKey(root, "options", ["a.ts"])).toBe(before);
    writeFileSync(join(root, "a.ts"), "export const a = 20;");
    expect(cacheKey(root, "options", ["a.ts"])).not.toBe(before);
    expect(cacheKey(root, "other options", ["a.ts"])).not.toBe(cacheKey(root, "options", ["a.ts"]));
  });

  test("throws when an input is gone, so the cache reads as stale", () => {
    const root = mkdtempSync(join(tmpdir(), "build-cache-key-"));
    expect(() => cacheKey(root, "options", ["gone.ts"])).toThrow();
  });
});
