// Starts the real application (same boot path as production) on a random port with a fresh
// database and data directory, plus helpers to act as a visitor, a customer or an admin.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { type User, users } from "../../db/schema";
import { type Running, boot } from "../../src/boot";
import { loadConfig } from "../../src/config";
import { createSession } from "../../src/http/sessions";
import type { Database } from "../../src/lib/db";
import { newId } from "../../src/lib/ids";
import { createTestDatabase } from "./db";

export type TestServer = Running & {
  logs: string[];
  dataDir: string;
  /** The throwaway Postgres database's URL, for a second instance on it; null on PGlite. */
  databaseUrl: string | null;
  /** fetch against the server; relative paths allowed; a `cookie` option signs the request in. */
  request(path: string, init?: RequestInit & { cookie?: string; json?: unknown }): Promise<Response>;
  createUser(overrides?: Partial<User> & { password?: string }): Promise<{ user: User; cookie: string; password: string }>;
  createAdmin(options?: { superAdmin?: boolean }): Promise<{ user: User; cookie: string; password: string }>;
};

type StartOptions = {
  /** Replaces the app's clock (deps.now), for rules that run on dates. */
  now?: () => Date;
  /** A database and data directory of the test's own, kept when the server stops (backups). */
  storage?: { database: Database; dataDir: string };
};

export async function startTestServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.storage?.dataDir ?? mkdtempSync(join(tmpdir(), "webstudio-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: "0",
    DATA_DIR: dataDir,
    APP_SECRET: "test-secret-test-secret-test-secret-0123456789",
    ADMIN_KEY: "test-admin-key",
    SUPER_ADMIN_KEY: "test-super-admin-key",
    ...env,
  });
  const database = options.storage ? { ...options.storage.database, url: null } : await createTestDatabase();
  const logs: string[] = [];
  const running = await boot(config, { database, log: (line) => logs.push(line), ...(options.now ? { now: options.now } : {}) });
  // Tests look at workers and schedules right away; production starts them behind its first answer.
  await running.startJobs();
  const base = running.url;
  // PUBLIC_URL defaults to the configured port (0); the running port is what browsers and tests use.
  const server: TestServer = {
    ...running,
    logs,
    dataDir,
    databaseUrl: database.url,
    async stop() {
      await running.stop();
      if (!options.storage) rmSync(dataDir, { recursive: true, force: true });
    },
    request(path, init = {}) {
      const { cookie, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (cookie) headers.set("cookie", cookie);
      // As a browser does: a signed-in write names the page's origin (a test of another origin sets its own).
      if (cookie && rest.method && rest.method !== "GET" && rest.method !== "HEAD" && !headers.has("origin")) headers.set("origin", new URL(base).origin);
      let body = rest.body;
      if (json !== undefined) {
        headers.set("content-type", "application/json");
        body = JSON.stringify(json);
      }
      return fetch(new URL(path, base), { redirect: "manual", ...rest, headers, body });
    },
    async createUser(overrides = {}) {
      const { password = "correct horse", ...fields } = overrides;
      const id = newId();
      const [user] = await running.deps.database.db
        .insert(users)
        .values({
          id,
          email: `user-${id}@example.com`,
          displayName: "Test User",
          passwordHash: await Bun.password.hash(password, { algorithm: "argon2id", memoryCost: 4096, timeCost: 2 }),
          ...fields,
        })
        .returning();
      if (!user) throw new Error("user not created");
      const session = await createSession(running.deps.database.db, user.id);
      return { user, cookie: `session=${session.token}`, password };
    },
    async createAdmin(options = {}) {
      const created = await server.createUser({
        displayName: options.superAdmin ? "Super Admin" : "Admin",
        isAdmin: true,
        adminKey: config.adminKey,
        ...(options.superAdmin ? { isSuperAdmin: true, superAdminKey: config.superAdminKey } : {}),
      });
      return created;
    },
  };
  return server;
}

export async function reloadUser(server: TestServer, id: string): Promise<User | undefined> {
  const [user] = await server.deps.database.db.select().from(users).where(eq(users.id, id));
  return user;
}
