// `bun run backup [FILE]`: writes the database and the disk uploads to one file (decision 079),
// with the same environment the server runs with. Without FILE it goes to ./backups/.
import { ConfigError, loadConfig } from "../config";
import { BackupError, createBackup } from "./snapshot";

const now = new Date();
const file = process.argv[2] ?? `backups/webstudio-${now.toISOString().replace(/[-:]/g, "").replace(/\..*/, "")}.tar.gz`;
try {
  const manifest = await createBackup(loadConfig(process.env), file, now);
  const uploads = manifest.uploads === "s3" ? "uploads stay in the S3 bucket" : `${manifest.uploadFiles} upload files`;
  console.log(`Backup written to ${file}: the ${manifest.database === "postgres" ? "Postgres" : "PGlite"} database and ${uploads}.`);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(`Backup failed: ${error.message}`);
  process.exit(1);
}
