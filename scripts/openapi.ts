// The API's OpenAPI document, taken from the app itself (booted on a free port with an in-memory
// database and a throwaway data directory), for the tools that read it:
//   bun scripts/openapi.ts lint    Redocly's recommended rules (`bun run lint:openapi`); fails on any error.
//   bun scripts/openapi.ts types   writes the openapi-typescript types the client test uses (`bun run openapi:types`).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OPENAPI_PATH } from "../src/api";
import { boot } from "../src/boot";
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/lib/db";
import { API_TYPES_PATH, generateApiTypes } from "./openapi-types";

async function readDocument(dataDir: string): Promise<object> {
  const config = loadConfig({
    NODE_ENV: "development",
    PORT: "0",
    DATA_DIR: dataDir,
    ADMIN_KEY: "openapi-document",
    SUPER_ADMIN_KEY: "openapi-document-super",
    // The document's `servers` names the public address; this one is the README's example.
    PUBLIC_URL: process.env.PUBLIC_URL ?? "https://studio.example",
  });
  const running = await boot(config, { database: await openDatabase({ databaseUrl: null, dataDir: "", memory: true }), log: () => {} });
  try {
    const response = await fetch(new URL(OPENAPI_PATH, running.url));
    if (!response.ok) throw new Error(`${OPENAPI_PATH} answered ${response.status}`);
    return (await response.json()) as object;
  } finally {
    await running.stop();
  }
}

/** Redocly CLI under Bun (as Node would be, without its Node-version notice), offline: no telemetry, no update check. */
async function lint(path: string): Promise<number> {
  const lint = Bun.spawn([process.execPath, "--bun", require.resolve("@redocly/cli/bin/cli.js"), "lint", "--extends=recommended", path], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    timeout: 60_000,
  });
  return lint.exited;
}

const command = process.argv[2];
if (command !== "lint" && command !== "types") {
  console.error("usage: bun scripts/openapi.ts lint | types");
  process.exit(2);
}
const dataDir = mkdtempSync(join(tmpdir(), "webstudio-openapi-"));
try {
  const document = await readDocument(dataDir);
  if (command === "types") {
    writeFileSync(API_TYPES_PATH, await generateApiTypes(document));
  } else {
    const path = join(dataDir, "openapi.json");
    writeFileSync(path, JSON.stringify(document, null, 2));
    process.exitCode = await lint(path);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
