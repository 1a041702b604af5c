// The only file that listens: reads the config, boots, and stops gracefully on SIGTERM/SIGINT.
// A failed start is one line naming the variable or the host:port, never a secret or a stack.
import type { Running } from "./boot";
import { ConfigError, loadConfig } from "./config";
import { compilePgliteWasm } from "./lib/pglite-wasm";
import { describeStartupFailure } from "./startup-failure";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let running: Running;
try {
  // PGlite's WebAssembly compiles on its own thread while the server's modules load.
  const pgliteWasm = config.databaseUrl ? undefined : compilePgliteWasm();
  // Awaited when the database opens; until then a failure must not count as unhandled.
  pgliteWasm?.catch(() => {});
  const { boot } = await import("./boot");
  running = await boot(config, { pgliteWasm });
} catch (error) {
  console.error(describeStartupFailure(error, config));
  process.exit(1);
}
// On Postgres the job queue starts behind the first answer; an instance that cannot run jobs stops.
running.jobsStarted.catch((error: unknown) => {
  console.error(describeStartupFailure(error, config));
  process.exit(1);
});
console.log(
  `Webstudio listening on ${config.publicUrl} (port ${running.port}, database: ${running.deps.database.kind}, storage: ${running.deps.storage.kind}, mail: ${running.deps.mailer.kind})`,
);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    console.log(`${signal} received, finishing in-flight requests`);
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`shutdown failed: ${describeStartupFailure(error, config)}`);
        process.exit(1);
      },
    );
  });
}
