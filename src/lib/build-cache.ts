// Build outputs kept on disk under a key that hashes the size and time of everything the build
// read, so a start whose inputs are unchanged reads them back instead of building again: the
// island bundles (src/render/assets.ts). A cache is a folder holding manifest.json and one folder
// per key.
import { accessSync, constants, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/** What the cache keeps beside the outputs: the files the build read (relative to the project), and the key they hashed to. */
export type CacheManifest = { key: string; inputs: string[] };

/** Creates the cache folder, and throws when this process cannot write it: a read-only install gives up before building, not after. */
export function requireWritableCache(dir: string): void {
  mkdirSync(dir, { recursive: true });
  accessSync(dir, constants.W_OK);
}

/**
 * The key of a build of `inputs` (paths relative to `root`) with options `salt`: each input by its
 * size and modification time (to the nanosecond), which an edit, a checkout or an install changes,
 * as make and tsc's incremental builds judge them: far cheaper at every start than reading every
 * source to hash its content.
 */
export function cacheKey(root: string, salt: string, inputs: string[]): string {
  const hasher = new Bun.CryptoHasher("sha256");
  hasher.update(`${Bun.version}\n${salt}\n`);
  for (const input of inputs) {
    const { size, mtimeNs } = statSync(join(root, input), { bigint: true });
    hasher.update(`\n${input} ${size} ${mtimeNs}\n`);
  }
  return hasher.digest("hex");
}

/** The inputs a build's metafile lists (paths relative to the working directory), relative to `root`. */
export function inputsOf(root: string, metafile: { inputs: Record<string, unknown> } | undefined): string[] {
  return Object.keys(metafile?.inputs ?? {})
    .map((input) => relative(root, resolve(input)))
    .sort();
}

/** The manifest of `dir` when `keyOf` its inputs still gives its key, else null (no cache, an input changed or is gone). */
export function readCache<Manifest extends CacheManifest>(dir: string, keyOf: (inputs: string[]) => string): Manifest | null {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as Manifest;
    return keyOf(manifest.inputs) === manifest.key ? manifest : null;
  } catch {
    return null;
  }
}

/**
 * Moves the outputs a process wrote in its own `scratch` folder to the key's folder (unless another
 * process got there first with the same bytes), then renames the manifest into place: a reader sees
 * a whole cache or none, never a file another start is still writing. Older keys are removed after,
 * and so are the scratch folders (named `….PID`) of processes that died while building; a live
 * process's scratch folder is left to it.
 */
export function commitCache(dir: string, scratch: string, manifest: CacheManifest): void {
  const folder = join(dir, manifest.key);
  try {
    renameSync(scratch, folder);
  } catch (error) {
    // Another start committed the same key first (its folder is not empty): theirs is kept.
    if (!existsSync(folder)) throw error;
    rmSync(scratch, { recursive: true, force: true });
  }
  const temporary = join(dir, `manifest.${process.pid}.json`);
  writeFileSync(temporary, JSON.stringify(manifest));
  renameSync(temporary, join(dir, "manifest.json"));
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory() && entry.name !== manifest.key && (!entry.name.includes(".") || abandoned(entry.name)))
      rmSync(join(dir, entry.name), { recursive: true, force: true });
}

/** A scratch folder whose process is gone (signal 0 tests that a process exists without touching it). */
function abandoned(name: string): boolean {
  const pid = Number(name.slice(name.lastIndexOf(".") + 1));
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
