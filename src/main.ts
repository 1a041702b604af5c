// The only file that listens: reads the config, boots, and stops gracefully on SIGTERM/SIGINT.
// A failed start is one line naming the variable or the host:port, never a secret or a stack.
import { boot } from "./boot";
import { ConfigError, loadConfig } from "./config";
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

let running: Awaited<ReturnType<typeof boot>>;
try {
  running = await boot(config);
} catch (error) {
  console.error(describeStartupFailure(error, config));
  process.exit(1);
}
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
