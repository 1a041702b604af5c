// The only file that listens: reads the config, boots, and stops gracefully on SIGTERM/SIGINT.
import { boot } from "./boot";
import { ConfigError, loadConfig } from "./config";

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

const running = await boot(config);
console.log(
  `Webstudio listening on ${config.publicUrl} (port ${running.port}, database: ${running.deps.database.kind}, storage: ${running.deps.storage.kind}, mail: ${running.deps.mailer.kind})`,
);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    console.log(`${signal} received, finishing in-flight requests`);
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("shutdown failed", error);
        process.exit(1);
      },
    );
  });
}
