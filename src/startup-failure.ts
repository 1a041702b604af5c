// Why the server could not start, in one line: the database's host:port or the variable to fix.
// Never the error itself: a driver's error can repeat the connection string with its password.
import type { Config } from "./config";
import { databaseFailure } from "./lib/sql-state";

const CONNECT_CODES: Record<string, string> = {
  ECONNREFUSED: "refused the connection",
  ENOTFOUND: "has a host name that does not resolve",
  EAI_AGAIN: "has a host name that does not resolve",
  ETIMEDOUT: "did not answer in time",
  CONNECT_TIMEOUT: "did not answer in time",
  EHOSTUNREACH: "is unreachable",
  ECONNRESET: "closed the connection",
  // Bun.SQL's own names (it reports a host name that does not resolve as refused).
  ERR_POSTGRES_CONNECTION_REFUSED: "refused the connection",
  ERR_POSTGRES_CONNECTION_TIMEOUT: "did not answer in time",
  ERR_POSTGRES_CONNECTION_FAILED: "could not be reached",
  ERR_POSTGRES_CONNECTION_CLOSED: "closed the connection",
  ERR_POSTGRES_TLS_NOT_AVAILABLE: "does not offer TLS (check sslmode in DATABASE_URL)",
};

const POSTGRES_CODES: Record<string, string> = {
  "3D000": "has no such database (check the database name in DATABASE_URL)",
  "28P01": "refused the user name or password in DATABASE_URL",
  "28000": "refused the user in DATABASE_URL",
  "42501": "denied a permission the app needs (it creates the pg_trgm and btree_gin extensions and its tables)",
};

/** The server's SQLSTATE when it answered, else the first code along the causes. */
function codeOf(error: unknown): string | null {
  const failure = databaseFailure(error);
  if (failure) return failure.state;
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown; errno?: unknown }).code;
    if (typeof code === "string" && code) return code;
  }
  return null;
}

export function describeStartupFailure(error: unknown, config: Pick<Config, "databaseUrl" | "dataDir" | "port">): string {
  const code = codeOf(error);
  if (code === "EADDRINUSE") return `Cannot start: port ${config.port} is already in use (EADDRINUSE); set PORT to a free one.`;
  if (config.databaseUrl) {
    let where = "the database";
    try {
      const url = new URL(config.databaseUrl);
      where = `the database at ${url.hostname}:${url.port || "5432"}`;
    } catch {
      // loadConfig already checked it; keep the generic name.
    }
    const known = code ? (CONNECT_CODES[code] ?? POSTGRES_CODES[code]) : undefined;
    if (known) return `Cannot start: ${where} ${known} (${code}).`;
    if (code) return `Cannot start: ${where} failed with ${code}.`;
  }
  if (code && /^E[A-Z]+$/.test(code)) return `Cannot start: a file under DATA_DIR (${config.dataDir}) could not be used (${code}).`;
  const name = error instanceof Error ? error.name : typeof error;
  return `Cannot start: ${name}${code ? ` (${code})` : ""}. Check DATABASE_URL, DATA_DIR and the other variables in the README.`;
}
