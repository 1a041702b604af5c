import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commitCache } from "./build-cache";

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
