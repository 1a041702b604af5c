// Builds the browser assets at start-up: the stylesheet, its fonts, the island runtime (React and
// Jotai, one file) and one bundle per island (plus the hydration loader), content-hashed,
// code-split, compressed (gzip, and brotli for browsers that accept it), held in memory. The
// bundles are cached on disk under the hash of everything the last build read, so a start whose
// island sources, dependencies and Bun are unchanged reads them back instead of running Bun.build
// again, and one that finds them stale has a child process build them (this file run alone); the
// minified stylesheet and its compressed copies are kept there under the hash of their content.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import type { BuildArtifact, BunPlugin } from "bun";
import { type CacheManifest, cacheKey, commitCache, inputsOf, readCache, requireWritableCache } from "../lib/build-cache";

/** `gzip` and `br` are null for what is compressed already (fonts). */
export type Asset = { body: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> | null; br: Uint8Array<ArrayBuffer> | null; contentType: string };
export type Assets = {
  css: string;
  /** Fonts every page preloads (the stylesheet's Latin Inter). */
  preloadFonts: string[];
  loader: string;
  islands: Record<string, string>;
  /** Plain scripts without React for pages whose only interaction is small (islands/behaviours). */
  behaviours: Record<string, string>;
  files: Map<string, Asset>;
};

const root = join(import.meta.dir, "../..");
const islandsDir = join(root, "islands");
const behavioursDir = join(islandsDir, "behaviours");
const stylesDir = join(import.meta.dir, "styles");
const cacheDir = join(root, "node_modules/.cache/island-bundles");

function hashOf(bytes: Uint8Array<ArrayBuffer>): string {
  return Bun.hash(bytes).toString(36).slice(0, 10);
}

function gzip(body: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  return Bun.gzipSync(body, { level: 9 });
}

/**
 * Brotli at its best quality: about a seventh smaller than gzip -9 on this JavaScript (React's
 * chunk 64 → 55 KB), every current browser accepts it over HTTPS. It costs about 1 s for all the
 * bundles and 0.3 s for the stylesheet, so its copies are cached on disk like the bundles.
 */
function brotli(body: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
  };
  return new Uint8Array(brotliCompressSync(body, { params }));
}

/** The font files the stylesheet names, from their npm package; the first is preloaded. */
const FONTS = ["inter-latin-wght-normal.woff2", "inter-latin-ext-wght-normal.woff2"];

/** Each font under a hashed path, and the stylesheet's `url("name")` pointing at it. */
function addFonts(css: string, files: Map<string, Asset>): { css: string; paths: string[] } {
  const paths = FONTS.map((name) => {
    const body = new Uint8Array(readFileSync(Bun.resolveSync(`@fontsource-variable/inter/files/${name}`, import.meta.dir)));
    const path = `/assets/fonts/${name.replace(/\.woff2$/, "")}-${hashOf(body)}.woff2`;
    files.set(path, { body, gzip: null, br: null, contentType: "font/woff2" });
    css = css.replaceAll(`url("${name}")`, `url("${path}")`);
    return path;
  });
  return { css, paths };
}

/** Island names are the folders of islands/ that hold an index.tsx. */
export function listIslands(): string[] {
  return readdirSync(islandsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && readdirSync(join(islandsDir, entry.name)).includes("index.tsx"))
    .map((entry) => entry.name)
    .sort();
}

export async function buildAssets(): Promise<Assets> {
  const files = new Map<string, Asset>();

  // Styles: every file of src/render/styles in name order, one stylesheet.
  const styles = readdirSync(stylesDir)
    .filter((name) => name.endsWith(".css"))
    .sort()
    .map((name) => readFileSync(join(stylesDir, name), "utf8"))
    .join("\n");
  const { css, paths: fonts } = addFonts(styles, files);
  // Minifying and compressing the stylesheet is a visible part of a start: done once per content.
  const cssBytes = cached("minified-", hashOf(new TextEncoder().encode(css)), ".css", () => new TextEncoder().encode(minifyCss(css)));
  const cssHash = hashOf(cssBytes);
  const cssPath = `/assets/app-${cssHash}.css`;
  files.set(cssPath, {
    body: cssBytes,
    gzip: cached("app-", cssHash, ".css.gz", () => gzip(cssBytes)),
    br: cached("app-", cssHash, ".css.br", () => brotli(cssBytes)),
    contentType: "text/css; charset=utf-8",
  });

  const names = listIslands();
  const entrypoints = islandEntrypoints(names);
  const bundles =
    readCachedBundles(entrypoints) ?? ((await buildBundlesInChild()) ? readCachedBundles(entrypoints) : null) ?? (await buildBundles(entrypoints));

  const islands: Record<string, string> = {};
  const behaviours: Record<string, string> = {};
  let loader = "";
  for (const bundle of bundles.outputs) {
    const path = `/assets/${bundle.path}`;
    files.set(path, { body: bundle.body, gzip: bundle.gzip, br: bundle.br, contentType: "text/javascript; charset=utf-8" });
    if (!bundle.entry) continue;
    const [dir = "", file = ""] = bundle.path.split("/");
    if (dir.startsWith("loader-")) loader = path;
    else if (names.includes(dir)) islands[dir] = path;
    else if (dir === "behaviours") behaviours[file.replace(/-[^-]+\.js$/, "")] = path;
  }
  if (!loader) throw new Error("The island loader was not built");
  return { css: cssPath, preloadFonts: fonts.slice(0, 1), loader, islands, behaviours, files };
}

/** The loader, each island and each plain behaviour script. */
function islandEntrypoints(names: string[]): string[] {
  const behaviourNames = readdirSync(behavioursDir)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => file.slice(0, -3));
  return [
    join(islandsDir, "loader.ts"),
    ...names.map((name) => join(islandsDir, name, "index.tsx")),
    ...behaviourNames.map((name) => join(behavioursDir, `${name}.ts`)),
  ];
}

/**
 * Builds the bundles into the cache in a child process (this file run alone), so a server never
 * holds the bundler's memory: built in its own process, a start kept about 12 MB more for as long
 * as it ran. False when the child failed (a build error, then reported by building here) or the
 * cache cannot be written (a read-only install builds here at once, rather than twice).
 */
async function buildBundlesInChild(): Promise<boolean> {
  try {
    requireWritableCache(cacheDir);
    const child = Bun.spawn([process.execPath, import.meta.path], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
    return (await child.exited) === 0;
  } catch {
    return false;
  }
}

type Bundle = { path: string; entry: boolean; body: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer>; br: Uint8Array<ArrayBuffer> };
/** Besides the inputs and their key, the cache lists the bundles, and which are entry points. */
type Manifest = CacheManifest & { outputs: Array<{ path: string; entry: boolean }> };

/**
 * The cache key: this file (the build options), the entry points, and every file the build read
 * (island sources, src/shared, React and the other packages). If none changed, Bun.build would
 * write the same bytes again.
 */
function keyOf(entrypoints: string[]): (inputs: string[]) => string {
  const salt = `${entrypoints.map((entry) => relative(root, entry)).join("\n")}\n${readFileSync(import.meta.path, "utf8")}`;
  return (inputs) => cacheKey(root, salt, inputs);
}

function readCachedBundles(entrypoints: string[]): { outputs: Bundle[] } | null {
  const manifest = readCache<Manifest>(cacheDir, keyOf(entrypoints));
  if (!manifest) return null;
  try {
    const outputs = manifest.outputs.map(({ path, entry }) => ({
      path,
      entry,
      body: new Uint8Array(readFileSync(join(cacheDir, manifest.key, path))),
      gzip: new Uint8Array(readFileSync(join(cacheDir, manifest.key, `${path}.gz`))),
      br: new Uint8Array(readFileSync(join(cacheDir, manifest.key, `${path}.br`))),
    }));
    return { outputs };
  } catch {
    // A half-removed cache: build.
    return null;
  }
}

/** React, React DOM and Jotai with the hydration code: one file every island page loads, once. */
const runtimeEntry = join(islandsDir, "runtime.ts");
/** What islands import from the runtime: these packages, and the loader's `import("./runtime")`. */
const RUNTIME_IMPORTS = /^(react|react-dom|jotai)(\/.*)?$|^\.\/runtime$/;
/**
 * Islands built on their own. The wizard hydrates at once and loads its steps as chunks: split with
 * the other islands, what it shares with them (toasts, modals, fields, constants) came apart in
 * seven more small files by which islands use which; alone, in two. What it repeats holds no state
 * that must be one per page (Eden's chunk, its only shared one, comes out the same file).
 */
const builtAlone = new Set([join(islandsDir, "wizard", "index.tsx")]);

/**
 * The runtime first, whole: code-split with the islands, React and Jotai came apart in eight small
 * chunks by which islands use which part, each compressed alone. Then the islands and the loader,
 * code-split, with the runtime's packages resolved to the runtime's file.
 */
async function buildBundles(entrypoints: string[]): Promise<{ outputs: Bundle[] }> {
  const options = {
    root: islandsDir,
    target: "browser",
    minify: true,
    sourcemap: "none",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    publicPath: "/assets/",
    metafile: true,
    // No <link rel="modulepreload"> ahead of an import(): island bundles are imported by a URL the
    // loader reads from the page, so only what islands import lazily could be preloaded: the wizard's
    // steps, which it fetches ahead itself, and the palette and the bell's menu, fetched when the
    // pointer or focus reaches their button. Bun's helper and each entry's map of its chunks add
    // bytes to every island page; without them a lazy chunk with imports of its own
    // takes one more round trip, mostly before it is wanted (decision 054).
    modulePreload: false,
  } as const;
  const runtime = await Bun.build({ ...options, entrypoints: [runtimeEntry], splitting: false, naming: { entry: "chunks/[name]-[hash].[ext]" } });
  if (!runtime.success) throw new AggregateError(runtime.logs, "Building the island runtime failed");
  const [runtimeOutput] = runtime.outputs;
  if (!runtimeOutput) throw new Error("The island runtime was not built");
  const runtimePath = `/assets/${runtimeOutput.path.replace(/^\.\//, "")}`;
  const plugin: BunPlugin = {
    name: "island-runtime",
    setup: (build) => {
      build.onResolve({ filter: RUNTIME_IMPORTS }, (args) =>
        args.path.startsWith(".") && dirname(args.importer) !== islandsDir ? undefined : { path: runtimePath, external: true },
      );
    },
  };
  const groups = [entrypoints.filter((entry) => !builtAlone.has(entry)), ...entrypoints.filter((entry) => builtAlone.has(entry)).map((entry) => [entry])];
  const results = [runtime];
  for (const group of groups) {
    const result = await Bun.build({
      ...options,
      entrypoints: group,
      splitting: true,
      naming: { entry: "[dir]/[name]-[hash].[ext]", chunk: "chunks/[name]-[hash].[ext]" },
      plugins: [plugin],
    });
    if (!result.success) throw new AggregateError(result.logs, "Building the islands failed");
    results.push(result);
  }
  const bundle = async (output: BuildArtifact): Promise<Bundle> => {
    const body = new Uint8Array(await output.arrayBuffer());
    const entry = output.kind === "entry-point" && output !== runtimeOutput;
    return { path: output.path.replace(/^\.\//, ""), entry, body, gzip: gzip(body), br: brotli(body) };
  };
  // The same chunk from two builds (Eden's) is one file.
  const artifacts = new Map(results.flatMap((result) => result.outputs).map((output) => [output.path, output]));
  const outputs = await Promise.all([...artifacts.values()].map(bundle));
  checkRuntimeImports(outputs, runtimePath, Object.values(runtime.metafile?.outputs ?? {})[0]?.exports ?? []);
  const islandInputs = results.slice(1).flatMap((result) => Object.keys(result.metafile?.inputs ?? {}));
  const bundled = islandInputs.filter((input) => /node_modules\/(react|react-dom|scheduler|jotai)\//.test(input));
  if (bundled.length > 0) throw new Error(`Islands bundled their own copy of ${bundled.join(", ")}: import it from the runtime (islands/runtime.ts)`);
  const inputs = [...new Set(results.flatMap((result) => inputsOf(root, result.metafile)))].sort();
  writeCache({ key: keyOf(entrypoints)(inputs), inputs, outputs: outputs.map(({ path, entry }) => ({ path, entry })) }, outputs);
  return { outputs };
}

/**
 * A name an island imports that the runtime does not export would only fail in the browser, when
 * the module links: refuse the build instead, naming it.
 */
function checkRuntimeImports(outputs: Bundle[], runtimePath: string, exported: string[]): void {
  const decoder = new TextDecoder();
  const statement = new RegExp(`import\\s*([^"';]*?)\\s*from\\s*"${runtimePath.replaceAll(".", "\\.")}"`, "g");
  for (const bundle of outputs) {
    for (const [, clause = ""] of decoder.decode(bundle.body).matchAll(statement)) {
      const names = /^\{([^}]*)\}$/
        .exec(clause)?.[1]
        ?.split(",")
        .map((each) => each.trim().split(/\s+as\s+/)[0] ?? "");
      const missing = names ? names.filter((name) => name && !exported.includes(name)) : [clause];
      if (missing.length > 0) throw new Error(`${bundle.path} imports ${missing.join(", ")} from React or Jotai: add it to islands/runtime.ts`);
    }
  }
}

/** The bundles are written to a folder of this process, then committed to the cache whole. */
function writeCache(manifest: Manifest, outputs: Bundle[]): void {
  const scratch = join(cacheDir, `${manifest.key}.${process.pid}`);
  try {
    for (const bundle of outputs) {
      const path = join(scratch, bundle.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, bundle.body);
      writeFileSync(`${path}.gz`, bundle.gzip);
      writeFileSync(`${path}.br`, bundle.br);
    }
    commitCache(cacheDir, scratch, manifest);
  } catch {
    // A read-only install still serves what it just built; the next start builds again.
  }
}

/**
 * The file `${prefix}${hash}${suffix}` of the cache (what `make` answers for a content of that
 * hash), read back or made and kept there, replacing the older files of that prefix and suffix.
 */
function cached(prefix: string, hash: string, suffix: string, make: () => Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const path = join(cacheDir, `${prefix}${hash}${suffix}`);
  try {
    return new Uint8Array(readFileSync(path));
  } catch {
    // Not made yet (or unreadable): make it.
  }
  const made = make();
  try {
    mkdirSync(cacheDir, { recursive: true });
    for (const entry of readdirSync(cacheDir)) if (entry.startsWith(prefix) && entry.endsWith(suffix)) rmSync(join(cacheDir, entry), { force: true });
    const temporary = `${path}.${process.pid}`;
    writeFileSync(temporary, made);
    renameSync(temporary, path);
  } catch {
    // A read-only install makes it again at the next start.
  }
  return made;
}

function minifyCss(css: string): string {
  return (
    css
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/\s+/g, " ")
      // Only around braces and semicolons: spaces elsewhere can be significant (descendant selectors, strings).
      .replace(/\s*([{};])\s*/g, "$1")
      .replace(/;}/g, "}")
      .trim()
  );
}

// Run alone, this file is buildBundlesInChild's child: a failed build rejects, and the process exits 1.
// (No top-level await: the file is also part of the server's CommonJS bundle.)
if (import.meta.main) void buildBundles(islandEntrypoints(listIslands()));
