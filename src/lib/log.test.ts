import { describe, expect, test } from "bun:test";
import { createLogger, describeFailure } from "./log";

describe("the access log line", () => {
  test.each([
    ["plain text", "Ab-_.9", "GET /projects/01abc?x 200 0.4ms"],
    ["text JSON must escape", 'id"\\\u0001', 'GET /p/"quoted"\\path\u0001ü\u007f 200 0.4ms'],
  ])("is the line pino writes for the same entry, field for field (%s)", (_, reqId, message) => {
    const lines: string[] = [];
    const log = createLogger({ format: "json", sink: { write: (line) => lines.push(line) } });
    log.access(reqId, message);
    log.info({ reqId }, message);
    expect(lines).toHaveLength(2);
    const [fast, pino] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]!.endsWith("}\n")).toBe(true);
    expect(Object.keys(fast!)).toEqual(Object.keys(pino!));
    expect({ ...fast, time: 0 }).toEqual({ ...pino, time: 0 });
    expect(fast!.msg).toBe(message);
    expect(Math.abs(Number(fast!.time) - Date.now())).toBeLessThan(5_000);
  });

  test("follows the logger's level", () => {
    const lines: string[] = [];
    const log = createLogger({ format: "json", level: "warn", sink: { write: (line) => lines.push(line) } });
    log.access("req-123456", "GET / 200 0.1ms");
    expect(lines).toEqual([]);
    log.logger.level = "info";
    log.access("req-123456", "GET / 200 0.1ms");
    expect(lines).toHaveLength(1);
  });
});

describe("what a failure may log", () => {
  test("a database error wrapped by the query builder keeps its SQLSTATE and names, not its query", () => {
    const driver = Object.assign(new Error("duplicate key value violates unique constraint"), {
      code: "23505",
      constraint_name: "users_email_key",
      table_name: "users",
    });
    const wrapped = Object.assign(new Error("Failed query: insert into users values ($1) params: a@b.c"), { name: "DrizzleQueryError", cause: driver });
    expect(describeFailure(wrapped)).toEqual({ kind: "database", code: "23505", constraint: "users_email_key", table: "users", column: undefined });
  });

  test("a system error named by five capitals is not taken for a SQLSTATE", () => {
    const described = describeFailure(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
    expect(described.kind).toBe("Error");
    expect(described.message).toBe("write EPIPE");
  });
});
