// In production the server runs from one bundle of src/boot.ts, the modules it imports and the
// packages it loads at every start, compiled to JavaScriptCore bytecode: a start then neither
// resolves, transpiles nor parses some 800 files (README decision 48). The job queue's pg-boss and
// its dependencies (a third of that code) are a second bundle beside it, loaded when the queue
// starts, behind the first answer. Both are built by the first start after any of their inputs
// changed (in a child process: this file run with the cache's path) and cached on disk under their
// hash, beside the island bundles. Development runs the sources, so an edit applies at once.
import { readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { BunPlugin } from "bun";
import { type CacheManifest, cacheKey, commitCache, inputsOf, readCache, requireWritableCache } from "./lib/build-cache";

type Server = typeof import("./boot");

const root = join(import.meta.dir, "..");
const entry = join(import.meta.dir, "boot.ts");
const SERVER_BUNDLE_CACHE = join(root, "node_modules/.cache/server-bundle");

/** Packages the server reaches through `import()` but loads at every start, so they belong in the bundle. */
const LOADED_AT_START = new Set(["drizzle-orm"]);
/** Loaded at every start too, but after the first answer: a bundle of its own, found beside the server's. */
const JOBS_PACKAGE = "pg-boss";
const JOBS_BUNDLE = `./${JOBS_PACKAGE}.js`;

const packageOf = (specifier: string): string => specifier.split("/", specifier.startsWith("@") ? 2 : 1).join("/");

const plugin: BunPlugin = {
  name: "server-bundle",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = packageOf(args.path);
      if (name === JOBS_PACKAGE && args.kind === "dynamic-import") return { path: JOBS_BUNDLE, external: true };
      // A package loaded on first use (S3, Stripe, mail, PDF, OAuth) stays in node_modules and still
      // loads on first use. PGlite finds its WebAssembly and data files beside its own code. Both
      // are imported by their path, wherever the bundle is.
      if ((args.kind === "dynamic-import" && !LOADED_AT_START.has(name)) || name === "@electric-sql/pglite")
        return { path: Bun.resolveSync(args.path, args.resolveDir), external: true };
      return undefined;
    });
    // A module that finds files beside itself (migrations, styles, public/, the password worker)
    // keeps finding them beside its source, not beside the bundle.
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const dir = dirname(args.path);
      const own: Record<string, string> = { dir, dirname: dir, path: args.path, filename: args.path, url: pathToFileURL(args.path).href };
      const source = await Bun.file(args.path).text();
      const contents = source.replace(/import\.meta\.(dirname|dir|filename|path|url)\b/g, (_, name: string) => JSON.stringify(own[name]));
      return { contents, loader: args.path.endsWith(".tsx") ? "tsx" : "ts" };
    });
  },
};

const BUILD_OPTIONS = {
  target: "bun",
  // Bun writes bytecode for CommonJS output. No source map: Bun reads a linked one (7 MB) at the
  // first stack trace, which pino's start makes, about 115 ms; a trace names the bundle's lines,
  // unminified, each module under a comment naming its file.
  format: "cjs",
  bytecode: true,
  sourcemap: "none",
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  metafile: true,
  plugins: [plugin],
} satisfies Omit<Bun.BuildConfig, "entrypoints">;

/** The key also holds where the project is (the bundle holds absolute paths) and this file (the build options). */
const keyOf = (inputs: string[]): string => cacheKey(root, `${root}\n${readFileSync(import.meta.path, "utf8")}`, inputs);

/** Builds the bundle into `cacheDir` and answers its path, or null (with the reason on stderr) when Bun could not build it. */
async function buildBundle(cacheDir: string): Promise<string | null> {
  const scratch = join(cacheDir, `build.${process.pid}`);
  try {
    requireWritableCache(cacheDir);
    const [server, jobs] = await Promise.all([
      Bun.build({ ...BUILD_OPTIONS, entrypoints: [entry], outdir: scratch }),
      Bun.build({ ...BUILD_OPTIONS, entrypoints: [Bun.resolveSync(JOBS_PACKAGE, root)], outdir: scratch, naming: JOBS_BUNDLE }),
    ]);
    const inputs = [...new Set([...inputsOf(root, server.metafile), ...inputsOf(root, jobs.metafile)])].sort();
    const manifest: CacheManifest = { key: keyOf(inputs), inputs };
    commitCache(cacheDir, scratch, manifest);
    return join(cacheDir, manifest.key, "boot.js");
  } catch (error) {
    console.error(`server bundle: not built, running from the sources (${error instanceof Error ? error.message : String(error)})`);
    rmSync(scratch, { recursive: true, force: true });
    return null;
  }
}

/**
 * Builds the bundle in a child process (this file run with the cache's path) and answers its path,
 * or null when the child could not build it (it said why on stderr). The server then never holds
 * the bundler's memory: built in its own process, a start kept about 20 MB more for as long as it
 * ran, after a full collection too, and the first start after a deploy is the one that serves.
 */
async function buildBundleInChild(cacheDir: string): Promise<string | null> {
  try {
    const child = Bun.spawn([process.execPath, import.meta.path, cacheDir], { stdin: "ignore", stdout: "inherit", stderr: "inherit" });
    if ((await child.exited) !== 0) return null;
  } catch (error) {
    console.error(`server bundle: not built, running from the sources (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
  const manifest = readCache(cacheDir, keyOf);
  return manifest ? join(cacheDir, manifest.key, "boot.js") : null;
}

/** The server's entry (boot.ts): from the cached bundle in production (built first if stale), else from the sources. */
export async function loadServer(production: boolean, cacheDir = SERVER_BUNDLE_CACHE): Promise<Server> {
  if (!production) return import("./boot");
  const manifest = readCache(cacheDir, keyOf);
  const bundle = manifest ? join(cacheDir, manifest.key, "boot.js") : await buildBundleInChild(cacheDir);
  return bundle ? ((await import(bundle)) as Server) : import("./boot");
}

if (import.meta.main) {
  const [cacheDir = SERVER_BUNDLE_CACHE] = process.argv.slice(2);
  process.exit((await buildBundle(cacheDir)) ? 0 : 1);
}
