// The one logger: pino, JSON lines in production (written in batches, so a request never writes to
// stdout itself), a short readable line in development.
// `Log` stays callable as `log(line)` (info) so plain call sites keep working; structured call
// sites use `log.info({ ... }, message)`, `log.warn`, `log.error`.
import { writeSync } from "node:fs";
import pino from "pino";
import { databaseFailure } from "./sql-state";

export type Logger = pino.Logger;
export type Log = ((line: string) => void) &
  Pick<Logger, "info" | "warn" | "error" | "debug" | "flush"> & {
    logger: Logger;
    /** The access log's line for one answered request: `log.info({ reqId }, message)`, at a fraction of its cost. */
    access(reqId: string, message: string): void;
  };

/** Anything with write(line): stdout through a buffer, or a test's array. */
export type LogSink = { write(line: string): void };

export type LogFormat = "json" | "pretty";

/** Wraps a pino logger so it can also be called as a function. */
function toLog(logger: Logger, access: Log["access"]): Log {
  const log = ((line: string) => logger.info(line)) as Log;
  log.access = access;
  log.info = logger.info.bind(logger);
  log.warn = logger.warn.bind(logger);
  log.error = logger.error.bind(logger);
  log.debug = logger.debug.bind(logger);
  log.flush = logger.flush.bind(logger);
  log.logger = logger;
  return log;
}

const INFO = 30;
/** Text JSON holds as it is: printable ASCII without quotes or backslashes (a request's path, method and our ids). */
const JSON_PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const jsonString = (text: string): string => (JSON_PLAIN.test(text) ? `"${text}"` : JSON.stringify(text));
const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };

/** The development format: `12:00:01 INFO message key=value ...`, one line per entry. */
export function formatPretty(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const { level, time, msg, pid: _pid, hostname: _hostname, ...rest } = entry;
  const clock = typeof time === "number" ? new Date(time).toISOString().slice(11, 19) : "";
  const extras = Object.entries(rest)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ");
  return `${clock} ${LEVELS[Number(level)] ?? level} ${msg ?? ""}${extras ? ` ${extras}` : ""}\n`;
}

/** How long a buffered line may wait for company before it is written anyway. */
const FLUSH_EVERY_MS = 1000;
/** Lines are gathered into writes of about this many characters. */
const WRITE_CHARS = 16 * 1024;

/**
 * stdout in batches: lines gathered in an array and written together once they reach WRITE_CHARS,
 * every second, on flush() and at exit. (pino's own destination measured each line against its
 * whole pending string, flattening it every time: under load that cost more than answering a
 * cached page.)
 */
function batchedStdout(): LogSink & { flush(done?: (error?: Error) => void): void } {
  let lines: string[] = [];
  let chars = 0;
  // Bun's own writer, one batch after the other so lines keep their order.
  let writing: Promise<unknown> = Promise.resolve();
  const take = () => {
    const text = lines.join("");
    lines = [];
    chars = 0;
    return text;
  };
  const flush = () => {
    if (chars === 0) return;
    const text = take();
    writing = writing.then(() => Bun.write(Bun.stdout, text)).catch(() => {});
  };
  // At exit nothing asynchronous runs any more: what is left goes out at once.
  process.on("exit", () => {
    if (chars > 0) writeSync(1, take());
  });
  setInterval(flush, FLUSH_EVERY_MS).unref();
  return {
    write(line) {
      lines.push(line);
      chars += line.length;
      if (chars >= WRITE_CHARS) flush();
    },
    flush(done) {
      flush();
      void writing.then(() => done?.());
    },
  };
}

/**
 * Logs name no one: `ada@example.com` (or `ada%40example.com` in a query string) is written as
 * `a…@example.com`. Every line passes here, so an address in a mail failure, an SMTP server's
 * answer or an admin's search term never reaches the log whole.
 */
export const maskEmailAddresses = (line: string): string =>
  line.includes("@") || line.includes("%40") ? line.replace(/([^\s<>,@"/?&=:;]?)[^\s<>,@"/?&=:;]*(@|%40)(?=[^\s<>,@"/?&=:;])/g, "$1…$2") : line;

export function createLogger(options: { format: LogFormat; level?: string; sink?: LogSink }): Log {
  // In production lines go out in batches (batchedStdout); a developer sees each line at once.
  const sink = options.sink ?? (options.format === "json" ? batchedStdout() : process.stdout);
  const stdout = { write: (line: string) => sink.write(maskEmailAddresses(line)) };
  const destination = options.format === "pretty" ? { write: (line: string) => stdout.write(formatPretty(line)) } : stdout;
  const logger = pino({ level: options.level ?? "info", base: undefined, timestamp: pino.stdTimeFunctions.epochTime }, destination);
  // One line per request: pino's own path for it (its object serializer, its tracing channel) cost
  // half of answering a cached page. This writes the line pino writes, field for field.
  const access: Log["access"] =
    options.format === "json"
      ? (reqId, message) => {
          if (logger.levelVal <= INFO) stdout.write(`{"level":${INFO},"time":${Date.now()},"reqId":${jsonString(reqId)},"msg":${jsonString(message)}}\n`);
        }
      : (reqId, message) => logger.info({ reqId }, message);
  return toLog(logger, access);
}

/**
 * What may be logged of a failure. Database errors keep only their SQLSTATE code, constraint,
 * table and column: a driver's error carries the failed query and its parameters (hashes,
 * e-mails, sealed passwords), and a query builder's message repeats them.
 */
export function describeFailure(error: unknown): Record<string, unknown> {
  const failure = databaseFailure(error);
  if (failure)
    return {
      kind: "database",
      code: failure.state,
      constraint: failure.constraint,
      table: failure.table,
      column: failure.column,
    };
  if (error instanceof Error && (error.name === "DrizzleQueryError" || error.message.startsWith("Failed query"))) return { kind: "database" };
  if (error instanceof Error)
    return { kind: error.name, message: error.message.split("\n")[0]?.slice(0, 300), stack: error.stack?.split("\n").slice(1, 6).join("\n") };
  return { kind: typeof error };
}
