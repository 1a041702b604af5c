// `bun run restore FILE`: brings a backup from `bun run backup` back into the configured database
// (a new, empty one) and upload store (decision 079). Run it with the server stopped, then start it.
import { ConfigError, loadConfig } from "../config";
import { BackupError, restoreBackup } from "./snapshot";

const file = process.argv[2];
if (!file) {
  console.error("Usage: bun run restore FILE (a file written by `bun run backup`)");
  process.exit(1);
}
try {
  const manifest = await restoreBackup(loadConfig(process.env), file);
  console.log(`Restored the backup of ${manifest.createdAt} from ${file}; start the server to use it.`);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(`Restore failed: ${error.message}`);
  process.exit(1);
}
