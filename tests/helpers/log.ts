// A real logger for tests that build parts of the app by hand: every line goes to `lines` (JSON, as
// in production), so a test can read what was logged.
import { type Log, createLogger } from "../../src/lib/log";

export function captureLog(lines: string[] = []): Log {
  return createLogger({ format: "json", level: "debug", sink: { write: (line) => lines.push(line) } });
}
