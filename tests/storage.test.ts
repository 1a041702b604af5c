import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { loadConfig } from "../src/config";
import { detectImageType } from "../src/lib/images";
import { type Storage, UPLOAD_CACHE_CONTROL, createStorage, isValidStorageKey, removeUploadLitter } from "../src/lib/storage";

// s3rver ships no type declarations; this is the part of its API the test uses.
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverConstructor = new (options: { address: string; port: number; directory: string; silent: boolean; resetOnClose?: boolean }) => S3rverInstance;
const S3rver = require("s3rver") as S3rverConstructor;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]);
const BAD_KEYS = ["../escape.png", "a/../../b.png", "/absolute.png", "back\\slash.png", "nul\u0000.png", "", "a//b.png", "dir/"];

const tempDirs: string[] = [];
async function makeTempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("disk storage", () => {
  let dataDir: string;
  let storage: Storage;

  beforeAll(async () => {
    dataDir = await makeTempDir("storage-disk-");
    storage = createStorage(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }));
  });

  test("is chosen when S3 is not configured", () => {
    expect(storage.kind).toBe("disk");
  });

  test("put stores the file under DATA_DIR/uploads and answers its public URL", async () => {
    const url = await storage.put("projects/p1/logo-1", PNG, "image/png");
    expect(url).toBe("/uploads/projects/p1/logo-1");
    expect(storage.publicUrl("projects/p1/logo-1")).toBe(url);
    const onDisk = new Uint8Array(await Bun.file(join(dataDir, "uploads", "projects/p1/logo-1")).arrayBuffer());
    expect(onDisk).toEqual(PNG);
  });

  test("get answers the bytes and the content type given to put", async () => {
    await storage.put("projects/p1/photo.bin", JPEG, "image/jpeg");
    const stored = await storage.get("projects/p1/photo.bin");
    expect(stored).not.toBeNull();
    expect(stored?.body).toEqual(JPEG);
    expect(stored?.contentType).toBe("image/jpeg");
  });

  test("get answers null for a missing key", async () => {
    expect(await storage.get("projects/none/missing.png")).toBeNull();
    expect(await storage.get("projects/p1/logo-1/under-a-file.png")).toBeNull();
  });

  test("delete removes the object and its metadata; deleting again is fine", async () => {
    await storage.put("projects/p2/gone.png", PNG, "image/png");
    await storage.delete("projects/p2/gone.png");
    expect(await storage.get("projects/p2/gone.png")).toBeNull();
    expect(existsSync(join(dataDir, "uploads", "projects/p2/gone.png"))).toBe(false);
    expect(existsSync(join(dataDir, "uploads", "projects/p2/gone.png.meta.json"))).toBe(false);
    await storage.delete("projects/p2/gone.png");
    await storage.delete("never/existed.png");
  });

  test("public URLs encode each path segment", () => {
    expect(storage.publicUrl("a b/c?d.png")).toBe("/uploads/a%20b/c%3Fd.png");
  });

  test("bad keys are refused by every operation", async () => {
    for (const key of [...BAD_KEYS, "x.png.meta.json"]) {
      await expect(storage.put(key, PNG, "image/png")).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
    }
    for (const key of BAD_KEYS) {
      expect(isValidStorageKey(key)).toBe(false);
      expect(() => storage.publicUrl(key)).toThrow(/Invalid storage key/);
    }
    expect(existsSync(join(dataDir, "escape.png"))).toBe(false);
  });
});

describe("S3 storage against s3rver", () => {
  const bucket = "uploads-test";
  let server: S3rverInstance;
  let endpoint: string;
  let storage: Storage;

  beforeAll(async () => {
    server = new S3rver({ address: "127.0.0.1", port: 0, directory: await makeTempDir("storage-s3rver-"), silent: true });
    const address = await server.run();
    endpoint = `http://127.0.0.1:${address.port}`;
    const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
    const admin = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials });
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    admin.destroy();
    storage = createStorage(
      loadConfig({
        NODE_ENV: "test",
        S3_BUCKET: bucket,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      }),
    );
  });

  afterAll(async () => {
    await server?.close();
  });

  test("is chosen when S3_BUCKET is set", () => {
    expect(storage.kind).toBe("s3");
  });

  test("put answers a public URL that serves the bytes with their content type", async () => {
    const url = await storage.put("projects/p1/logo-1.png", PNG, "image/png");
    expect(url).toBe(`${endpoint}/${bucket}/projects/p1/logo-1.png`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe(UPLOAD_CACHE_CONTROL);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });

  test("get answers the bytes and the content type; null when missing", async () => {
    await storage.put("projects/p1/photo", JPEG, "image/jpeg");
    const stored = await storage.get("projects/p1/photo");
    expect(stored?.body).toEqual(JPEG);
    expect(stored?.contentType).toBe("image/jpeg");
    expect(await storage.get("projects/none/missing.png")).toBeNull();
  });

  test("delete removes the object; deleting a missing key is fine", async () => {
    await storage.put("projects/p2/gone.png", PNG, "image/png");
    await storage.delete("projects/p2/gone.png");
    expect(await storage.get("projects/p2/gone.png")).toBeNull();
    expect((await fetch(`${endpoint}/${bucket}/projects/p2/gone.png`)).status).toBe(404);
    await storage.delete("projects/p2/gone.png");
  });

  test("bad keys are refused before any request", async () => {
    for (const key of BAD_KEYS) {
      await expect(storage.put(key, PNG, "image/png")).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
      expect(() => storage.publicUrl(key)).toThrow(/Invalid storage key/);
    }
  });

  test("public URLs follow S3_PUBLIC_URL, then the endpoint, then AWS's virtual-hosted form", () => {
    const withPublicUrl = createStorage(loadConfig({ NODE_ENV: "test", S3_BUCKET: "b", S3_ENDPOINT: endpoint, S3_PUBLIC_URL: "https://cdn.example.com/" }));
    expect(withPublicUrl.publicUrl("k/1.png")).toBe("https://cdn.example.com/k/1.png");
    const aws = createStorage(loadConfig({ NODE_ENV: "test", S3_BUCKET: "b", S3_REGION: "eu-west-3" }));
    expect(aws.publicUrl("k/1.png")).toBe("https://b.s3.eu-west-3.amazonaws.com/k/1.png");
  });
});

describe("detectImageType", () => {
  const bytes = (...values: (number | string)[]): Uint8Array =>
    new Uint8Array(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));

  test("recognises png, jpeg, gif and webp by their magic bytes", () => {
    expect(detectImageType(PNG)).toBe("image/png");
    expect(detectImageType(JPEG)).toBe("image/jpeg");
    expect(detectImageType(bytes("GIF89a", 1, 0, 1, 0))).toBe("image/gif");
    expect(detectImageType(bytes("GIF87a", 1, 0, 1, 0))).toBe("image/gif");
    expect(detectImageType(bytes("RIFF", 36, 0, 0, 0, "WEBPVP8 "))).toBe("image/webp");
  });

  test("refuses svg, other RIFF files, truncated headers and anything else", () => {
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(detectImageType(bytes('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(detectImageType(bytes("RIFF", 36, 0, 0, 0, "WAVEfmt "))).toBeNull();
    expect(detectImageType(PNG.slice(0, 7))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
    expect(detectImageType(bytes("GIF88a"))).toBeNull();
    expect(detectImageType(bytes("%PDF-1.7"))).toBeNull();
  });
});

describe("crash litter", () => {
  test("removeUploadLitter removes old .tmp files and orphaned sidecars, and nothing else", async () => {
    const dataDir = await makeTempDir("litter-");
    const storage = createStorage(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }));
    await storage.put("projects/p1/logos/kept.png", PNG, "image/png");
    const root = join(dataDir, "uploads");
    await mkdir(join(root, "projects/p1/logos"), { recursive: true });
    const old = new Date(Date.now() - 2 * 3600 * 1000);
    const litter = ["projects/p1/logos/lost.png.0123456789ab.tmp", "projects/p1/logos/lost.png.meta.json"];
    const fresh = "projects/p1/logos/writing.png.abcdefabcdef.tmp";
    for (const path of [...litter, fresh]) await writeFile(join(root, path), "x");
    for (const path of litter) await utimes(join(root, path), old, old);
    await utimes(join(root, "projects/p1/logos/kept.png"), old, old);
    await utimes(join(root, "projects/p1/logos/kept.png.meta.json"), old, old);

    const removed = await removeUploadLitter(storage, new Date(Date.now() - 3600 * 1000));
    expect(removed.sort()).toEqual([...litter].sort());
    for (const path of litter) expect(existsSync(join(root, path))).toBe(false);
    // A write in progress (recent) and a whole object with its sidecar stay.
    expect(existsSync(join(root, fresh))).toBe(true);
    expect((await storage.get("projects/p1/logos/kept.png"))?.contentType).toBe("image/png");
    // Nothing to do twice, and nothing at all on a fresh install. The second cutoff lies a minute
    // ahead, not at "now": a file written a few milliseconds ago can carry a modification time at
    // or past a millisecond-truncated Date taken after it, which made this line fail once.
    const later = new Date(Date.now() + 60_000);
    expect(await removeUploadLitter(storage, later)).toEqual([fresh]);
    const empty = createStorage(loadConfig({ NODE_ENV: "test", DATA_DIR: await makeTempDir("litter-empty-") }));
    expect(await removeUploadLitter(empty, later)).toEqual([]);
  });
});
