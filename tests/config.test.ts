import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { ConfigError, loadConfig } from "../src/config";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe("loadConfig", () => {
  test("the embedded defaults need no variables at all", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe("./data");
    expect(config.databaseUrl).toBeNull();
    expect(config.smtpUrl).toBeNull();
    expect(config.s3).toBeNull();
    expect(config.secureCookies).toBe(false);
  });

  test.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["DATABASE_URL", "not a url"],
    ["SMTP_URL", "http://mail.example.com"],
    ["S3_ENDPOINT", "localhost:9000"],
    ["PUBLIC_URL", "example.com"],
    ["SUPER_ADMIN_EMAIL", "not-an-email"],
  ])("a bad %s (%s) is reported by name", (name, value) => {
    const problems = problemsOf({ [name]: value, ...(name === "S3_ENDPOINT" ? { S3_BUCKET: "b" } : {}), ...(name === "SUPER_ADMIN_EMAIL" ? { SUPER_ADMIN_PASSWORD: "secret1" } : {}) });
    expect(problems.some((problem) => problem.startsWith(name))).toBe(true);
  });

  test("every bad variable is reported at once", () => {
    const problems = problemsOf({ PORT: "abc", DATABASE_URL: "nope", SMTP_URL: "nope" });
    expect(problems).toHaveLength(3);
  });

  test("production requires a real secret and role keys", () => {
    const problems = problemsOf({ NODE_ENV: "production" });
    expect(problems.join("\n")).toContain("APP_SECRET is required");
    expect(problems.join("\n")).toContain("ADMIN_KEY and SUPER_ADMIN_KEY are required");
  });

  test("an https PUBLIC_URL turns on Secure cookies", () => {
    expect(loadConfig({ PUBLIC_URL: "https://studio.example.com/" }).secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: "https://studio.example.com/" }).publicUrl).toBe("https://studio.example.com");
  });
});

describe("the server process", () => {
  test("a bad value stops start-up with a message naming the variable", async () => {
    const child = Bun.spawn(["bun", join(import.meta.dir, "../src/main.ts")], {
      env: { ...process.env, PORT: "abc", SMTP_URL: "http://nope", DATA_DIR: "/tmp/never-created" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const code = await child.exited;
    const stderr = await new Response(child.stderr).text();
    expect(code).toBe(1);
    expect(stderr).toContain("PORT must be a whole number");
    expect(stderr).toContain("SMTP_URL must be a URL");
  });
});
