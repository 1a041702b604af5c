// PGlite's WebAssembly is large and slow to compile, so it compiles on a thread of its own. main.ts
// starts it first thing, so it compiles while the server's modules load rather than after them.
import { dirname, join } from "node:path";

let compiling: Promise<WebAssembly.Module> | undefined;

/** PGlite's compiled WebAssembly, compiled once per process. */
export function compilePgliteWasm(): Promise<WebAssembly.Module> {
  compiling ??= Bun.file(join(dirname(Bun.resolveSync("@electric-sql/pglite", import.meta.dir)), "pglite.wasm"))
    .arrayBuffer()
    .then((bytes) => WebAssembly.compile(bytes));
  return compiling;
}
