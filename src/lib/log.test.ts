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

describe("e-mail addresses in the log", () => {
  test("are masked in every line: messages, structured fields, the access line and encoded query strings", () => {
    const lines: string[] = [];
    const log = createLogger({ format: "json", sink: { write: (line) => lines.push(line) } });
    log("mail: job-1 to ada.lovelace@example.com rejected permanently: 550 5.1.1 <ada.lovelace@example.com>: no such user");
    log.warn({ to: "bob@example.org" }, "refused");
    log.access("req-1", "GET /admin/users?q=carol%40example.net 200 3.1ms");
    const text = lines.join("");
    for (const local of ["ada.lovelace", "bob@", "carol%40"]) expect(text).not.toContain(local);
    expect(text).toContain("a…@example.com rejected permanently: 550 5.1.1 <a…@example.com>: no such user");
    expect(text).toContain('"to":"b…@example.org"');
    expect(text).toContain("q=c…%40example.net 200");
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });

  test("leave lines without an address as they were", () => {
    const lines: string[] = [];
    const log = createLogger({ format: "json", sink: { write: (line) => lines.push(line) } });
    log.access("req-2", "GET /projects/01abc?page=2 200 0.4ms");
    log("jobs: mail 01abc failed (attempt 1): at deliver@/app/src/features/mail/worker.ts:90");
    expect(lines.join("")).toContain("GET /projects/01abc?page=2 200 0.4ms");
    expect(lines.join("")).toContain("at deliver@/app/src/features/mail/worker.ts:90");
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
