// The upload store: local disk by default, any S3-compatible service when S3_BUCKET is set.
// Features see one `Storage` and never know which they got. Keys are chosen by the server
// (never taken from a file name) and never reused, so stored objects are immutable.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, extname, join, relative, resolve, sep } from "node:path";
import type { Config } from "../config";

export type StoredObject = { body: Uint8Array; contentType: string };

/** An object as a listing shows it. */
export type ListedObject = { key: string; lastModified: Date };

export type Storage = {
  kind: "disk" | "s3";
  /** Stores the object and returns its public URL. */
  put(key: string, body: Uint8Array, contentType: string): Promise<string>;
  /** The object, or null when no object has this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in no particular order, a page at a time. */
  list(prefix: string): AsyncIterable<ListedObject>;
  publicUrl(key: string): string;
};

/** Keys under this prefix are never served from /uploads: their feature serves them to whom it allows. */
export const PRIVATE_PREFIX = "private/";

/** Keys are never reused, so whoever serves an object may let it be cached forever. */
export const UPLOAD_CACHE_CONTROL = "public, max-age=31536000, immutable";

const FALLBACK_CONTENT_TYPE = "application/octet-stream";

export function createStorage(config: Config): Storage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(join(config.dataDir, "uploads"));
}

/** Why a key is refused, or null when it is acceptable. */
function keyProblem(key: string): string | null {
  if (key.length === 0) return "is empty";
  if (key.length > 512) return "is longer than 512 characters";
  if (key.includes("..")) return 'contains ".."';
  if (key.startsWith("/")) return 'starts with "/"';
  if (key.includes("\\")) return "contains a backslash";
  // NUL and the other control characters (including CR/LF, which would break headers and logs).
  if (/[\u0000-\u001f\u007f]/.test(key)) return "contains a control character";
  if (key.split("/").some((segment) => segment === "" || segment === ".")) return "has an empty or '.' path segment";
  return null;
}

export function isValidStorageKey(key: string): boolean {
  return keyProblem(key) === null;
}

function assertValidKey(key: string): void {
  const problem = keyProblem(key);
  if (problem) throw new Error(`Invalid storage key ${JSON.stringify(key)}: it ${problem}`);
}

function encodeKey(key: string): string {
  return key.split("/").map(encodeURIComponent).join("/");
}

// ---------------------------------------------------------------------------------------------
// Disk
//
// Each object is a file at `<root>/<key>`. Its content type is kept beside it in a sidecar
// `<root>/<key>.meta.json` holding `{"contentType": "..."}`, so keys need no extension and the
// type survives exactly as given. Keys ending in ".meta.json" are refused so an object can never
// overwrite another one's sidecar. If a sidecar is missing (e.g. files copied in by hand) the type
// falls back to the key's extension. Both files are written to a temporary name and renamed into
// place, so a reader never sees half an object.

const META_SUFFIX = ".meta.json";

const TYPES_BY_EXTENSION: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
};

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}

// writeAtomically's names: `<file>.<12 hex>.tmp`.
const TEMPORARY_NAME = /\.[0-9a-f]{12}\.tmp$/;

async function writeAtomically(path: string, data: Uint8Array | string): Promise<void> {
  const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

// The root of every disk storage, for housekeeping; S3 puts are atomic and leave no litter.
const diskRoots = new WeakMap<Storage, string>();

/**
 * Removes what a crash (kill -9) can leave under the upload directory: `*.tmp` files of a write
 * that never got renamed into place, and sidecars whose object was never written. Only files
 * last modified before `olderThan` go, so a write in progress is never touched. Answers the
 * removed paths, relative to the root. A no-op for S3.
 */
export async function removeUploadLitter(storage: Storage, olderThan: Date): Promise<string[]> {
  const root = diskRoots.get(storage);
  if (!root) return [];
  let entries: string[];
  try {
    entries = await readdir(root, { recursive: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const present = new Set(entries);
  const removed: string[] = [];
  for (const entry of entries) {
    const temporary = TEMPORARY_NAME.test(entry);
    const orphanSidecar = entry.endsWith(META_SUFFIX) && !present.has(entry.slice(0, -META_SUFFIX.length));
    if (!temporary && !orphanSidecar) continue;
    const path = join(root, entry);
    try {
      const info = await stat(path);
      if (!info.isFile() || info.mtime >= olderThan) continue;
      await rm(path, { force: true });
      removed.push(entry);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return removed;
}

/** Uploads a feature owns: the prefix its keys start with, and which of some keys its rows still name. */
export type UploadOwner = { prefix: string; heldKeys(keys: string[]): Promise<string[]> };

const ORPHAN_BATCH = 500;

/**
 * Removes every object under an owner's prefix that was last modified before `olderThan` and that
 * no row names: what a crash between storing a file and committing its row left behind, and what
 * a deleted row's best-effort delete missed (decision 082). Disk and S3 alike. Answers the removed keys.
 */
export async function removeOrphanedUploads(storage: Storage, owners: UploadOwner[], olderThan: Date): Promise<string[]> {
  const removed: string[] = [];
  const sweep = async (owner: UploadOwner, keys: string[]) => {
    const held = new Set(await owner.heldKeys(keys));
    for (const key of keys) {
      if (held.has(key)) continue;
      await storage.delete(key);
      removed.push(key);
    }
  };
  for (const owner of owners) {
    let batch: string[] = [];
    for await (const object of storage.list(owner.prefix)) {
      if (object.lastModified >= olderThan) continue;
      batch.push(object.key);
      if (batch.length < ORPHAN_BATCH) continue;
      await sweep(owner, batch);
      batch = [];
    }
    if (batch.length > 0) await sweep(owner, batch);
  }
  return removed;
}

export function createDiskStorage(root: string): Storage {
  const base = resolve(root);

  const pathOf = (key: string): string => {
    assertValidKey(key);
    if (key.endsWith(META_SUFFIX)) throw new Error(`Invalid storage key ${JSON.stringify(key)}: it ends with "${META_SUFFIX}"`);
    const path = resolve(base, key);
    // Defence in depth: the checks above already keep the path inside the root.
    if (!path.startsWith(base + sep)) throw new Error(`Invalid storage key ${JSON.stringify(key)}: it leaves the upload directory`);
    return path;
  };

  const publicUrl = (key: string): string => {
    assertValidKey(key);
    return `/uploads/${encodeKey(key)}`;
  };

  const storage: Storage = {
    kind: "disk",
    publicUrl,

    async put(key, body, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Sidecar first: once the object itself is visible, its type is too.
      await writeAtomically(path + META_SUFFIX, JSON.stringify({ contentType }));
      await writeAtomically(path, body);
      return publicUrl(key);
    },

    async get(key) {
      const path = pathOf(key);
      let body: Uint8Array;
      try {
        body = new Uint8Array(await readFile(path));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      let contentType = TYPES_BY_EXTENSION[extname(path).toLowerCase()] ?? FALLBACK_CONTENT_TYPE;
      try {
        const meta: unknown = JSON.parse(await readFile(path + META_SUFFIX, "utf8"));
        const stored = (meta as { contentType?: unknown } | null)?.contentType;
        if (typeof stored === "string" && stored.length > 0) contentType = stored;
      } catch (error) {
        if (!isMissing(error) && !(error instanceof SyntaxError)) throw error;
      }
      return { body, contentType };
    },

    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(path + META_SUFFIX, { force: true });
    },

    async *list(prefix) {
      // The directory the prefix names (up to its last "/"), then the keys that start with it.
      const directory = join(base, prefix.slice(0, prefix.lastIndexOf("/") + 1));
      let entries: string[];
      try {
        entries = await readdir(directory, { recursive: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const key = relative(base, join(directory, entry)).split(sep).join("/");
        // Sidecars and half-written files are not objects (removeUploadLitter sweeps those).
        if (!key.startsWith(prefix) || key.endsWith(META_SUFFIX) || TEMPORARY_NAME.test(key)) continue;
        try {
          const info = await stat(join(base, key));
          if (info.isFile()) yield { key, lastModified: info.mtime };
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
    },
  };
  diskRoots.set(storage, base);
  return storage;
}

// ---------------------------------------------------------------------------------------------
// S3 (AWS or any S3-compatible service: MinIO, R2, s3rver...)

type S3Settings = NonNullable<Config["s3"]>;
type S3Sdk = typeof import("@aws-sdk/client-s3");

export function createS3Storage(settings: S3Settings): Storage {
  const endpoint = settings.endpoint?.replace(/\/+$/, "") ?? null;
  const createClient = ({ S3Client }: S3Sdk) =>
    new S3Client({
      region: settings.region,
      ...(endpoint
        ? {
            endpoint,
            // Custom endpoints rarely have wildcard DNS for virtual-hosted buckets.
            forcePathStyle: true,
            // Newer SDKs add CRC checksums to every request by default, which several
            // S3-compatible servers reject or store verbatim; send them only where S3 requires them.
            requestChecksumCalculation: "WHEN_REQUIRED" as const,
            responseChecksumValidation: "WHEN_REQUIRED" as const,
          }
        : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
      maxAttempts: 3,
    });
  // The SDK loads with the first S3 call, not at every start (it was a fifth of the start-up).
  let loaded: Promise<{ sdk: S3Sdk; client: ReturnType<typeof createClient> }> | null = null;
  const s3 = () => (loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({ sdk, client: createClient(sdk) })));
  const bucket = settings.bucket;
  const publicBase = settings.publicUrl
    ? settings.publicUrl.replace(/\/+$/, "")
    : endpoint
      ? `${endpoint}/${bucket}`
      : `https://${bucket}.s3.${settings.region}.amazonaws.com`;

  const publicUrl = (key: string): string => {
    assertValidKey(key);
    return `${publicBase}/${encodeKey(key)}`;
  };

  const isNotFound = (error: unknown, { S3ServiceException }: S3Sdk): boolean =>
    error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);

  return {
    kind: "s3",
    publicUrl,

    async put(key, body, contentType) {
      assertValidKey(key);
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.byteLength,
          CacheControl: UPLOAD_CACHE_CONTROL,
        }),
      );
      return publicUrl(key);
    },

    async get(key) {
      assertValidKey(key);
      const { sdk, client } = await s3();
      try {
        const result = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!result.Body) return null;
        const body = await result.Body.transformToByteArray();
        return { body, contentType: result.ContentType ?? FALLBACK_CONTENT_TYPE };
      } catch (error) {
        if (isNotFound(error, sdk)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      const { sdk, client } = await s3();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        // S3 answers 204 for a missing key; some compatible servers answer 404.
        if (!isNotFound(error, sdk)) throw error;
      }
    },

    async *list(prefix) {
      const { sdk, client } = await s3();
      let token: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) yield { key: object.Key, lastModified: object.LastModified };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
