import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COMMON_SUPER_ADMIN_PASSWORD, ConfigError, loadConfig, redactUrl } from "../src/config";
import { copyMigratedPglite } from "./helpers/db";

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
  test("REQUIRE_ADMIN_MFA is on by default in production only, and refuses other words", () => {
    expect(loadConfig({}).requireAdminMfa).toBe(false);
    const production = { NODE_ENV: "production", APP_SECRET: "x".repeat(32), ADMIN_KEY: "a", SUPER_ADMIN_KEY: "b" };
    expect(loadConfig(production).requireAdminMfa).toBe(true);
    expect(loadConfig({ ...production, REQUIRE_ADMIN_MFA: "off" }).requireAdminMfa).toBe(false);
    expect(loadConfig({ REQUIRE_ADMIN_MFA: "on" }).requireAdminMfa).toBe(true);
    expect(problemsOf({ REQUIRE_ADMIN_MFA: "maybe" })).toEqual(['REQUIRE_ADMIN_MFA must be on or off (got "maybe")']);
  });

  test("the embedded defaults need no variables at all", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe("./data");
    expect(config.databaseUrl).toBeNull();
    expect(config.smtpUrl).toBeNull();
    expect(config.s3).toBeNull();
    expect(config.secureCookies).toBe(false);
    expect(config.stripe).toBeNull();
    expect(config.overdueGraceDays).toBe(3);
    expect(config.providerPaymentInstructions).toContain("invoice number");
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
    ["STRIPE_SECRET_KEY", "pk_test_123"],
    ["STRIPE_WEBHOOK_SECRET", "secret"],
    ["STRIPE_API_URL", "127.0.0.1:12111"],
    ["STRIPE_API_URL", "http://127.0.0.1:12111/v1"],
    ["OVERDUE_GRACE_DAYS", "three"],
    ["OVERDUE_GRACE_DAYS", "-1"],
    ["SHUTDOWN_DELAY_MS", "5s"],
    ["SHUTDOWN_DELAY_MS", "900000"],
    ["MAIL_RATE_PER_SECOND", "fast"],
    ["MAIL_RATE_PER_SECOND", "0"],
    ["MAIL_RATE_PER_SECOND", "2.5"],
    ["MAIL_RATE_PER_SECOND", "-10"],
  ])("a bad %s (%s) is reported by name", (name, value) => {
    const stripe: Record<string, string> = name.startsWith("STRIPE_") ? { STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_123" } : {};
    const problems = problemsOf({
      ...stripe,
      [name]: value,
      ...(name === "S3_ENDPOINT" ? { S3_BUCKET: "b" } : {}),
      ...(name === "SUPER_ADMIN_EMAIL" ? { SUPER_ADMIN_PASSWORD: "secret1" } : {}),
    });
    expect(problems.some((problem) => problem.startsWith(name))).toBe(true);
  });

  test("every bad variable is reported at once", () => {
    const problems = problemsOf({ PORT: "abc", DATABASE_URL: "nope", SMTP_URL: "nope" });
    expect(problems).toHaveLength(3);
  });

  test("the payment variables are reported together with the rest", () => {
    const problems = problemsOf({ PORT: "abc", STRIPE_SECRET_KEY: "pk_live_123", STRIPE_API_URL: "nope", OVERDUE_GRACE_DAYS: "soon" });
    expect(problems.map((problem) => problem.split(" ")[0])).toEqual([
      "PORT",
      "STRIPE_API_URL",
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "OVERDUE_GRACE_DAYS",
    ]);
  });

  test("production requires a real secret and role keys", () => {
    const problems = problemsOf({ NODE_ENV: "production" });
    expect(problems.join("\n")).toContain("APP_SECRET is required");
    expect(problems.join("\n")).toContain("ADMIN_KEY and SUPER_ADMIN_KEY are required");
  });

  test("Stripe needs its webhook secret, and its other variables need the key", () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: "sk_test_123" })).toEqual(["STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set"]);
    expect(problemsOf({ STRIPE_WEBHOOK_SECRET: "whsec_123" })).toEqual(["STRIPE_SECRET_KEY is required when other STRIPE_* variables are set"]);
    expect(problemsOf({ STRIPE_API_URL: "http://127.0.0.1:12111" })).toEqual(["STRIPE_SECRET_KEY is required when other STRIPE_* variables are set"]);
  });

  test("STRIPE_API_URL is split into the host, port and protocol the SDK takes", () => {
    const keys = { STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_123" };
    expect(loadConfig(keys).stripe).toEqual({ secretKey: "sk_test_123", webhookSecret: "whsec_123", api: null });
    expect(loadConfig({ ...keys, STRIPE_API_URL: "http://127.0.0.1:12111" }).stripe?.api).toEqual({ host: "127.0.0.1", port: 12111, protocol: "http" });
    // The SDK would otherwise use port 443 for plain http.
    expect(loadConfig({ ...keys, STRIPE_API_URL: "http://stripe-fake/" }).stripe?.api).toEqual({ host: "stripe-fake", port: 80, protocol: "http" });
    expect(loadConfig({ ...keys, STRIPE_API_URL: "https://[::1]" }).stripe?.api).toEqual({ host: "::1", port: 443, protocol: "https" });
  });

  test("OVERDUE_GRACE_DAYS takes whole days or off", () => {
    expect(loadConfig({ OVERDUE_GRACE_DAYS: "0" }).overdueGraceDays).toBe(0);
    expect(loadConfig({ OVERDUE_GRACE_DAYS: "10" }).overdueGraceDays).toBe(10);
    expect(loadConfig({ OVERDUE_GRACE_DAYS: "Off" }).overdueGraceDays).toBeNull();
  });

  test("DATABASE_MIGRATION_URL names the tables' owner beside DATABASE_URL, never alone and never another scheme", () => {
    const both = { DATABASE_URL: "postgres://app@db/studio", DATABASE_MIGRATION_URL: "postgres://owner:secret@db/studio" };
    expect(loadConfig(both).databaseMigrationUrl).toBe(both.DATABASE_MIGRATION_URL);
    expect(loadConfig({}).databaseMigrationUrl).toBeNull();
    expect(problemsOf({ DATABASE_MIGRATION_URL: both.DATABASE_MIGRATION_URL })).toEqual([
      "DATABASE_MIGRATION_URL needs DATABASE_URL: it names the owner that migrates the app's Postgres database",
    ]);
    expect(problemsOf({ ...both, DATABASE_MIGRATION_URL: "mysql://owner:secret@db/studio" })).toEqual([
      'DATABASE_MIGRATION_URL must be a URL starting with postgres: or postgresql: (got "mysql://…@db")',
    ]);
  });

  test("METRICS_TOKEN turns /metrics on, and must be at least 16 characters", () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: "s".repeat(16) }).metricsToken).toBe("s".repeat(16));
    expect(problemsOf({ METRICS_TOKEN: "short-token" })).toEqual(["METRICS_TOKEN must be at least 16 characters long"]);
  });

  test("SHUTDOWN_DELAY_MS waits for a load balancer in production only, unless set", () => {
    expect(loadConfig({}).shutdownDelayMs).toBe(0);
    const production = { NODE_ENV: "production", APP_SECRET: "x".repeat(32), ADMIN_KEY: "a", SUPER_ADMIN_KEY: "s" };
    expect(loadConfig(production).shutdownDelayMs).toBe(5000);
    expect(loadConfig({ ...production, SHUTDOWN_DELAY_MS: "0" }).shutdownDelayMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DELAY_MS: "1500" }).shutdownDelayMs).toBe(1500);
  });

  test("MAIL_RATE_PER_SECOND limits this instance's sends per second, and is unlimited unless set", () => {
    expect(loadConfig({}).mailRatePerSecond).toBeNull();
    expect(loadConfig({ MAIL_RATE_PER_SECOND: "" }).mailRatePerSecond).toBeNull();
    expect(loadConfig({ MAIL_RATE_PER_SECOND: "14" }).mailRatePerSecond).toBe(14);
    expect(loadConfig({ MAIL_RATE_PER_SECOND: " 1 " }).mailRatePerSecond).toBe(1);
  });

  test("PROVIDER_PAYMENT_INSTRUCTIONS replaces the default bank-transfer text", () => {
    expect(loadConfig({ PROVIDER_EMAIL: "billing@studio.example" }).providerPaymentInstructions).toContain("billing@studio.example");
    expect(loadConfig({ PROVIDER_PAYMENT_INSTRUCTIONS: "IBAN DE00 0000; reference: invoice number" }).providerPaymentInstructions).toBe(
      "IBAN DE00 0000; reference: invoice number",
    );
  });

  test("PROVIDER_NAME defaults to Webstudio; PROVIDER_TAX_ID and TAX_RATE are unset by default", () => {
    const config = loadConfig({});
    expect(config.providerName).toBe("Webstudio");
    expect(config.providerTaxId).toBeNull();
    expect(config.taxRateBasisPoints).toBeNull();
    const named = loadConfig({ PROVIDER_NAME: " Harbour Web Ltd ", PROVIDER_TAX_ID: "GB123456789" });
    expect(named.providerName).toBe("Harbour Web Ltd");
    expect(named.providerTaxId).toBe("GB123456789");
  });

  test("TAX_RATE is a percentage above 0 and at most 100, with up to 2 decimals, kept in hundredths of a percent", () => {
    expect(loadConfig({ TAX_RATE: "20" }).taxRateBasisPoints).toBe(2000);
    expect(loadConfig({ TAX_RATE: "8.25" }).taxRateBasisPoints).toBe(825);
    expect(loadConfig({ TAX_RATE: "7.5" }).taxRateBasisPoints).toBe(750);
    expect(loadConfig({ TAX_RATE: "0.01" }).taxRateBasisPoints).toBe(1);
    expect(loadConfig({ TAX_RATE: "100" }).taxRateBasisPoints).toBe(10_000);
    expect(loadConfig({ TAX_RATE: "" }).taxRateBasisPoints).toBeNull();
    for (const bad of ["0", "0.00", "100.01", "101", "-5", "8.255", "8,25", "20%", "abc", ".5", "1e1"]) {
      expect(problemsOf({ TAX_RATE: bad })).toEqual([
        `TAX_RATE must be a percentage above 0 and at most 100 with up to 2 decimals, like 8.25, or unset for no tax (got "${bad}")`,
      ]);
    }
  });

  test("a common SUPER_ADMIN_PASSWORD is refused in production, a short one everywhere", () => {
    const production = { NODE_ENV: "production", APP_SECRET: "x".repeat(32), ADMIN_KEY: "a", SUPER_ADMIN_KEY: "b", SUPER_ADMIN_EMAIL: "boss@example.com" };
    expect(problemsOf({ ...production, SUPER_ADMIN_PASSWORD: "123456" })).toEqual([COMMON_SUPER_ADMIN_PASSWORD]);
    expect(problemsOf({ ...production, SUPER_ADMIN_PASSWORD: "Password1" })).toEqual([COMMON_SUPER_ADMIN_PASSWORD]);
    expect(problemsOf({ ...production, SUPER_ADMIN_PASSWORD: "a rare one 42" })).toEqual([]);
    expect(problemsOf({ SUPER_ADMIN_EMAIL: "boss@example.com", SUPER_ADMIN_PASSWORD: "123456" })).toEqual([]);
    expect(problemsOf({ SUPER_ADMIN_EMAIL: "boss@example.com", SUPER_ADMIN_PASSWORD: "x1" })).toEqual([
      "SUPER_ADMIN_PASSWORD must be at least 6 characters long",
    ]);
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

  test("a common SUPER_ADMIN_PASSWORD stops a production start, naming the variable and not the password", async () => {
    const child = Bun.spawn(["bun", join(import.meta.dir, "../src/main.ts")], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: "0",
        DATA_DIR: "/tmp/never-created",
        APP_SECRET: "x".repeat(32),
        ADMIN_KEY: "admin-key",
        SUPER_ADMIN_KEY: "super-admin-key",
        SUPER_ADMIN_EMAIL: "boss@example.com",
        SUPER_ADMIN_PASSWORD: "123456",
      },
      stdout: "pipe",
      stderr: "pipe",
    });
    const code = await child.exited;
    const stderr = await new Response(child.stderr).text();
    expect(code).toBe(1);
    expect(stderr).toContain(COMMON_SUPER_ADMIN_PASSWORD);
    expect(stderr).not.toContain("123456");
  });
});

describe("start-up failures are one line that names the variable or host:port, never a secret", () => {
  const start = async (env: Record<string, string>) => {
    const child = Bun.spawn(["bun", join(import.meta.dir, "../src/main.ts")], {
      env: { ...process.env, PORT: "0", DATA_DIR: "/tmp/never-created-webstudio", ...env },
      stdout: "pipe",
      stderr: "pipe",
    });
    const code = await child.exited;
    return { code, output: `${await new Response(child.stdout).text()}${await new Response(child.stderr).text()}`.trim() };
  };

  test("a DATABASE_URL with a wrong scheme is named without its password", async () => {
    const { code, output } = await start({ DATABASE_URL: "mysql://studio:hunter2-secret@db.internal:3306/studio" });
    expect(code).toBe(1);
    expect(output).toContain("DATABASE_URL must be a URL starting with postgres: or postgresql:");
    expect(output).toContain("db.internal:3306");
    expect(output).not.toContain("hunter2-secret");
    expect(output).not.toContain("studio:");
  });

  test("an unreachable database is one line naming host:port, with no stack and no password", async () => {
    const { code, output } = await start({ DATABASE_URL: "postgres://studio:hunter2-secret@127.0.0.1:9/studio" });
    expect(code).toBe(1);
    expect(output.split("\n")).toHaveLength(1);
    expect(output).toBe("Cannot start: the database at 127.0.0.1:9 refused the connection (ERR_POSTGRES_CONNECTION_REFUSED).");
  }, 20_000);

  test("a database that answers with an error is named by its SQLSTATE", async () => {
    const server = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
    const { code, output } = await start({ DATABASE_URL: `postgres://${server.username}@${server.host}/no_such_database_here` });
    expect(code).toBe(1);
    expect(output).toBe(
      `Cannot start: the database at ${server.hostname}:${server.port || "5432"} has no such database (check the database name in DATABASE_URL) (3D000).`,
    );
  }, 20_000);

  test("a port already taken is named as the port, not blamed on the database", async () => {
    const taken = Bun.serve({ port: 0, hostname: "0.0.0.0", fetch: () => new Response() });
    try {
      const dataDir = mkdtempSync(join(tmpdir(), "webstudio-port-"));
      // Started from a migrated copy: the port is taken after the migrations, which are not this test's.
      if (!process.env.TEST_DATABASE_URL) await copyMigratedPglite(dataDir);
      const { code, output } = await start({ PORT: String(taken.port), DATA_DIR: dataDir, DATABASE_URL: process.env.TEST_DATABASE_URL ?? "" });
      rmSync(dataDir, { recursive: true, force: true });
      expect(code).toBe(1);
      expect(output.split("\n").at(-1)).toBe(`Cannot start: port ${taken.port} is already in use (EADDRINUSE); set PORT to a free one.`);
    } finally {
      await taken.stop(true);
    }
  }, 60_000);

  test("redactUrl keeps scheme, host and port only", () => {
    expect(redactUrl("postgres://u:p@h:5432/db?sslmode=require")).toBe("postgres://…@h:5432");
    expect(redactUrl("ftp://example.com/x")).toBe("ftp://example.com");
    expect(redactUrl("mysql//u:pass@host")).toBe("a value that is not a URL");
  });
});
