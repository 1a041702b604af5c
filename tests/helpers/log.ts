// A real logger for tests that build parts of the app by hand: the message of every line goes to
// `lines`, so a test reads what was logged as a person would, without the JSON around it.
import { type Log, createLogger } from "../../src/lib/log";

export function captureLog(lines: string[] = []): Log {
  return createLogger({
    format: "json",
    level: "debug",
    sink: { write: (line) => lines.push(String((JSON.parse(line) as { msg?: unknown }).msg ?? "")) },
  });
}
