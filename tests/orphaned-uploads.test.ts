// No stored object without a row (decision 082): the hourly uploads.litter job removes objects
// under the upload prefixes that no row names once they are an hour old, on disk and on S3 (s3rver
// on loopback). First with objects stored without rows, as a crash between the upload and the
// commit leaves them, beside real orders, attachments and photos whose rows keep them; then with a
// real server process killed (SIGKILL) while attachments upload.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { messageAttachments, projectImages, users } from "../db/schema";
import { boot } from "../src/boot";
import { loadConfig } from "../src/config";
import { schedules } from "../src/features/jobs/schedules";
import { newId } from "../src/lib/ids";
import { MAX_ATTACHMENTS, MAX_ATTACHMENT_BYTES } from "../src/shared/messages";
import { createThrowawayDatabase, testDatabaseUrl } from "./helpers/db";
import { type TestServer, startTestServer } from "./helpers/server";
import { waitFor } from "./helpers/wait";
import { PNG, createProjectAs, orderForm, png, validDraft } from "./projects/fixtures";

// s3rver ships no type declarations; this is the part of its API the test uses.
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverConstructor = new (options: { address: string; port: number; directory: string; silent: boolean }) => S3rverInstance;
const S3rver = require("s3rver") as S3rverConstructor;

const HOUR_MS = 60 * 60 * 1000;
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF");

const runUploadsLitter = async (deps: TestServer["deps"]) => {
  const job = schedules.find((schedule) => schedule.name === "uploads.litter");
  if (!job) throw new Error("no uploads.litter schedule");
  await job.run(deps);
};

async function startS3(): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), "orphans-s3rver-"));
  const s3rver = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true });
  const endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const admin = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials });
  await admin.send(new CreateBucketCommand({ Bucket: "orphans" }));
  admin.destroy();
  return {
    env: { S3_BUCKET: "orphans", S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey },
    async stop() {
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

for (const kind of ["disk", "s3"] as const) {
  describe(`orphaned uploads on ${kind} with ${process.env.TEST_DATABASE_URL ? "Postgres" : "PGlite"}`, () => {
    let server: TestServer;
    let s3: Awaited<ReturnType<typeof startS3>> | null = null;
    // The app's clock (deps.now), moved past the hour instead of waiting for it.
    let aheadMs = 0;

    beforeAll(async () => {
      s3 = kind === "s3" ? await startS3() : null;
      server = await startTestServer(s3?.env ?? {}, { now: () => new Date(Date.now() + aheadMs) });
    }, 60_000);
    afterAll(async () => {
      await server.stop();
      await s3?.stop();
    });

    const runCleanup = () => runUploadsLitter(server.deps);
    const exists = async (key: string) => (await server.deps.storage.get(key)) !== null;

    test("objects that no row names go once an hour old; objects with rows and outside the upload prefixes stay", async () => {
      expect(server.deps.storage.kind).toBe(kind);
      const customer = await server.createUser();
      // Uploads that committed: an order's logo, a message's attachment, a profile photo.
      const projectId = await createProjectAs(server, customer.cookie);
      const form = new FormData();
      form.append("body", "see attached");
      form.append("attachments", new File([PDF], "brief.pdf", { type: "application/pdf" }));
      const message = await server.request(`/api/projects/${projectId}/messages`, {
        method: "POST",
        cookie: customer.cookie,
        body: form,
        headers: { origin: server.url },
      });
      expect(message.status).toBeLessThan(300);
      const photo = new FormData();
      photo.append("photo", png("me.png"));
      expect(
        (await server.request("/api/users/me/photo", { method: "POST", cookie: customer.cookie, body: photo, headers: { origin: server.url } })).status,
      ).toBeLessThan(300);
      const db = server.deps.database.db;
      const held = [
        ...(await db.select({ key: projectImages.storageKey }).from(projectImages).where(eq(projectImages.projectId, projectId))).map((row) => row.key),
        ...(await db.select({ key: messageAttachments.storageKey }).from(messageAttachments).where(eq(messageAttachments.projectId, projectId))).map(
          (row) => row.key,
        ),
        ...(await db.select({ key: users.photoKey }).from(users).where(eq(users.id, customer.user.id))).flatMap((row) => (row.key ? [row.key] : [])),
      ];
      expect(held).toHaveLength(3);

      // What a crash between storing and committing leaves: objects under each prefix, no rows.
      const orphans = [
        `projects/${newId()}/logos/${newId()}.png`,
        `projects/${projectId}/pages/page0/${newId()}.png`,
        `private/projects/${projectId}/messages/${newId()}.pdf`,
        `users/${customer.user.id}/photo/${newId()}.png`,
      ];
      for (const key of orphans) await server.deps.storage.put(key, PNG, "image/png");
      // No feature owns this prefix: the sweep leaves it alone.
      const foreign = `exports/${newId()}.png`;
      await server.deps.storage.put(foreign, PNG, "image/png");

      // Under an hour old: an upload whose transaction may still commit is never touched.
      await runCleanup();
      for (const key of [...orphans, ...held, foreign]) expect(await exists(key)).toBe(true);

      aheadMs = HOUR_MS + 60_000;
      await runCleanup();
      for (const key of orphans) expect(await exists(key)).toBe(false);
      for (const key of [...held, foreign]) expect(await exists(key)).toBe(true);
      const listed: string[] = [];
      for (const prefix of ["projects/", "private/projects/", "users/"]) for await (const object of server.deps.storage.list(prefix)) listed.push(object.key);
      expect(listed.toSorted()).toEqual(held.toSorted());
      aheadMs = 0;
    }, 30_000);
  });
}

describe(`kill -9 while attachments upload, with ${testDatabaseUrl ? "Postgres" : "PGlite"}`, () => {
  test("after the cleanup job no stored object lacks a row, and the objects with rows stay", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "orphans-kill-"));
    const database = testDatabaseUrl ? await createThrowawayDatabase(testDatabaseUrl) : null;
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const base = `http://127.0.0.1:${port}`;
    const child = Bun.spawn(["bun", join(import.meta.dir, "../src/main.ts")], {
      env: { ...process.env, NODE_ENV: "test", PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database?.url ?? "", SHUTDOWN_DELAY_MS: "0" },
      stdout: "ignore",
      stderr: "ignore",
    });
    try {
      await waitFor("the child server", async () => (await fetch(`${base}/ready`).catch(() => null))?.status === 200, 60_000);
      const headers = { origin: base };
      const registered = await fetch(`${base}/api/auth/register`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ email: `killed-${newId()}@example.com`, displayName: "Kill Test", password: "a long enough secret" }),
      });
      expect(registered.status).toBe(201);
      const cookie = registered.headers.getSetCookie()[0]?.split(";")[0] ?? "";
      const order = await fetch(`${base}/api/projects`, { method: "POST", headers: { ...headers, cookie }, body: orderForm(validDraft()) });
      expect(order.status).toBe(201);
      const { projectID } = (await order.json()) as { projectID: string };

      // Several messages of five large attachments each; the first file on disk is the signal.
      const big = new Uint8Array(MAX_ATTACHMENT_BYTES - 1024);
      big.set(PNG);
      const posts = Array.from({ length: 3 }, () => {
        const form = new FormData();
        for (let i = 0; i < MAX_ATTACHMENTS; i++) form.append("attachments", new File([big], `scan-${i}.png`, { type: "image/png" }));
        return fetch(`${base}/api/projects/${projectID}/messages`, { method: "POST", headers: { ...headers, cookie }, body: form }).catch(() => null);
      });
      const messagesDir = join(dataDir, "uploads", "private", "projects", projectID, "messages");
      const storedFiles = () => {
        try {
          return readdirSync(messagesDir).filter((name) => !name.endsWith(".meta.json") && !name.endsWith(".tmp")).length;
        } catch {
          return 0;
        }
      };
      await waitFor("the first attachment on disk", () => storedFiles() > 0, 30_000);
      child.kill("SIGKILL");
      await child.exited;
      await Promise.all(posts);

      // The same data directory and database, the app's clock two hours on.
      const running = await boot(loadConfig({ NODE_ENV: "test", PORT: "0", DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) }), {
        log: () => {},
        now: () => new Date(Date.now() + 2 * HOUR_MS),
      });
      try {
        await running.startJobs();
        const db = running.deps.database.db;
        const stored = async () => {
          const keys: string[] = [];
          for (const prefix of ["projects/", "private/projects/"]) for await (const object of running.deps.storage.list(prefix)) keys.push(object.key);
          return keys.toSorted();
        };
        const rowKeys = async () =>
          [
            ...(await db.select({ key: projectImages.storageKey }).from(projectImages)),
            ...(await db.select({ key: messageAttachments.storageKey }).from(messageAttachments)),
          ]
            .map((row) => row.key)
            .toSorted();
        const before = await stored();
        const held = await rowKeys();
        // The crash left objects no row names (the logo of the order has its row).
        expect(before.filter((key) => !held.includes(key)).length).toBeGreaterThan(0);
        expect(held.some((key) => key.startsWith(`projects/${projectID}/logos/`))).toBe(true);

        await runUploadsLitter(running.deps);
        expect(await stored()).toEqual(held);
      } finally {
        await running.stop();
      }
    } finally {
      child.kill("SIGKILL");
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
