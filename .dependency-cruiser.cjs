// The layering of README's "Layout" and STYLE.md, checked on every `bun run lint`:
// arrows point down (features -> render, http, lib, shared -> db) and the browser's code
// (islands/, src/shared/) never reaches server-only modules.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "A runtime import cycle. Cycles made only possible by a type-only import are allowed: " +
        "islands/api.ts imports the server's API type for Eden, and types are erased before run time.",
      from: {},
      to: {
        circular: true,
        dependencyTypesNot: ["type-only"],
        viaOnly: { dependencyTypesNot: ["type-only"] },
      },
    },
    {
      name: "islands-not-to-server",
      severity: "error",
      comment:
        "Islands run in the browser: they never import features, server adapters, HTTP plumbing, " +
        "the renderer or the database schema. Constants they need live in src/shared/.",
      from: { path: "^islands/" },
      to: { path: "^(src/(features|lib|http|render)/|db/)" },
    },
    {
      name: "islands-src-only-shared-or-api-type",
      severity: "error",
      comment: "From src/, islands may import src/shared/ and, as a type only, src/app.ts (what Eden is typed from).",
      from: { path: "^islands/" },
      to: { path: "^src/", pathNot: "^src/(shared/|features/|lib/|http/|render/|app[.]ts$)" },
    },
    {
      name: "islands-api-type-only",
      severity: "error",
      comment: "Islands import the server's API as a type only (`import type { Api }`), so no server code reaches the bundle.",
      from: { path: "^islands/" },
      to: { path: "^src/app[.]ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "mail-rendering-server-only",
      severity: "error",
      comment: "React Email renders mail on the server (src/features/mail/compose.tsx); it never reaches the islands' bundles or src/shared/.",
      from: { path: "^(islands|src/shared)/" },
      to: { path: "@react-email/" },
    },
    {
      name: "lower-layers-not-to-features",
      severity: "error",
      comment: "Arrows point down: src/lib, src/http, src/render and src/shared never import a feature.",
      from: { path: "^src/(lib|http|render|shared)/" },
      to: { path: "^src/features/" },
    },
    {
      name: "features-through-their-index",
      severity: "error",
      comment:
        "A feature uses another feature only through what it offers: its index.ts (the functions and types " +
        "other features may call) or its model.ts (request and response schemas, types). Its other files " +
        "(queries, views, pages, api) are its own, so they can change without reaching into anyone else.",
      from: { path: "^src/features/([^/]+)/" },
      to: { path: "^src/features/", pathNot: ["^src/features/$1/", "^src/features/[^/]+/(index|model)[.]tsx?$"] },
    },
    {
      name: "models-only-to-models",
      severity: "error",
      comment:
        "A model.ts (schemas and types) may import another feature's model.ts but nothing else of a feature, " +
        "so importing a model never pulls in a feature's code, and models cannot close an import cycle.",
      from: { path: "^src/features/([^/]+)/model[.]ts$" },
      to: { path: "^src/features/", pathNot: ["^src/features/[^/]+/model[.]ts$"] },
    },
    {
      name: "ground-stays-down",
      severity: "error",
      comment:
        "src/deps.ts (what every feature receives) and src/config.ts are imported by nearly everything: " +
        "deps.ts imports only src/lib, src/shared and config.ts; config.ts only src/shared.",
      from: { path: "^src/(deps|config)[.]ts$" },
      to: { path: "^src/", pathNot: "^src/(lib/|shared/|config[.]ts$)" },
    },
    {
      name: "http-not-to-render",
      severity: "error",
      comment: "src/http is plumbing below the renderer: the page shell and error pages (src/render) use it, never the reverse.",
      from: { path: "^src/http/" },
      to: { path: "^src/render/" },
    },
    {
      name: "nothing-below-to-assembly",
      severity: "error",
      comment: "src/main.ts, boot.ts, app.ts and api.ts assemble the server; nothing under src/ imports them (islands may import app.ts as a type).",
      from: { path: "^src/.+/" },
      to: { path: "^src/(main|boot|app|api)[.]ts$" },
    },
    {
      name: "shared-not-to-server",
      severity: "error",
      comment: "src/shared/ also runs in the browser: no database schema, no server adapters.",
      from: { path: "^src/shared/" },
      to: { path: "^(db/|src/lib/)" },
    },
    {
      name: "lib-not-to-http-or-render",
      severity: "error",
      comment: "src/lib/ holds adapters without product rules: they know nothing of HTTP or rendering.",
      from: { path: "^src/lib/" },
      to: { path: "^src/(http|render)/" },
    },
    {
      name: "not-to-tests-or-bench",
      severity: "error",
      comment: "Only tests and benchmarks import test helpers and benchmark code.",
      from: { pathNot: "^(tests|bench)/" },
      to: { path: "^(tests|bench)/" },
    },
    {
      name: "no-orphans-in-src",
      severity: "error",
      comment: "A module under src/ that nothing imports and that imports nothing is dead (or not wired in yet).",
      from: { orphan: true, path: "^src/" },
      to: {},
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import that does not resolve; it would also silently exempt that import from every rule above.",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|data|screenshots|db/migrations)/" },
    // ES imports only: the one require() (of an npm package, in a test) adds nothing to the layering,
    // and reading CommonJS would take src/shared/wizard.ts's local helper named `require` for imports.
    moduleSystems: ["es6"],
    // TypeScript 7 has no JavaScript compiler API for dependency-cruiser to parse with, so it uses swc.
    // swc reads the sources before compilation: type-only imports are seen and marked "type-only"
    // (what no-circular's viaOnly relies on). tsPreCompilationDeps only concerns the TypeScript
    // compiler; set with no compatible one installed, it just prints a misleading warning.
    parser: "swc",
    tsConfig: { fileName: "tsconfig.json" },
    builtInModules: { add: ["bun", "bun:test", "bun:sqlite", "bun:ffi", "bun:jsc"] },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "bun", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".json"],
    },
  },
};
