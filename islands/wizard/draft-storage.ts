// The create wizard's draft survives a reload completely: its text, the chosen image
// files and the step, kept in IndexedDB (files are stored as they are; localStorage cannot hold
// them). The domain provider's password is a secret: it is stored only sealed with AES-GCM under
// a key the browser generated as non-extractable, so the stored bytes alone do not reveal it and
// nothing of it ever reaches the URL or localStorage. Without IndexedDB (some private modes) the
// draft lives in memory: it survives step changes, not a reload.
import { type ProjectDraft, type WizardDraftData, newProjectDraft, withoutSecrets } from "../../src/shared/wizard";

export type StoredDraft = {
  draft: ProjectDraft;
  logoFiles: File[];
  pageFiles: File[][];
  /** When this browser saved it (ms since the epoch): the newer of this and the account's copy wins. */
  savedAt: number;
};

type Sealed = { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer };
type StoredRecord = { draft: WizardDraftData; secret: Sealed | null; logoFiles: File[]; pageFiles: File[][]; savedAt: number };

/** Where records live: IndexedDB in browsers, a Map where there is none. */
export type DraftBackend = {
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
};

const DB_NAME = "webstudio-wizard";
const STORE = "drafts";
const DRAFT = "create";
const KEY = "secret-key";
/** Where earlier versions kept the draft's text; removed on the first load. */
const LEGACY_KEY = "webstudio:wizard-draft";

function request<T>(run: (store: IDBObjectStore) => IDBRequest, mode: IDBTransactionMode): (db: IDBDatabase) => Promise<T> {
  return (db) =>
    new Promise((resolve, reject) => {
      const call = run(db.transaction(STORE, mode).objectStore(STORE));
      call.onsuccess = () => resolve(call.result as T);
      call.onerror = () => reject(call.error);
    });
}

function indexedDbBackend(factory: IDBFactory): DraftBackend {
  let opened: Promise<IDBDatabase> | null = null;
  const open = () => {
    opened ??= new Promise((resolve, reject) => {
      const call = factory.open(DB_NAME, 1);
      call.onupgradeneeded = () => call.result.createObjectStore(STORE);
      call.onsuccess = () => resolve(call.result);
      call.onerror = () => reject(call.error);
    });
    return opened;
  };
  return {
    get: async (key) => request<never>((store) => store.get(key), "readonly")(await open()),
    put: async (key, value) => request<void>((store) => store.put(value, key), "readwrite")(await open()),
    delete: async (key) => request<void>((store) => store.delete(key), "readwrite")(await open()),
  };
}

export function memoryBackend(): DraftBackend {
  const values = new Map<string, unknown>();
  return {
    get: async <T>(key: string) => values.get(key) as T | undefined,
    put: async (key, value) => void values.set(key, value),
    delete: async (key) => void values.delete(key),
  };
}

let chosen: DraftBackend | null = null;
/** The page's backend, chosen once. */
export function draftBackend(): DraftBackend {
  chosen ??= typeof indexedDB === "undefined" ? memoryBackend() : indexedDbBackend(indexedDB);
  return chosen;
}

async function secretKey(backend: DraftBackend): Promise<CryptoKey> {
  const existing = await backend.get<CryptoKey>(KEY);
  if (existing) return existing;
  const key = await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
  await backend.put(KEY, key);
  return key;
}

async function seal(backend: DraftBackend, secret: string): Promise<Sealed | null> {
  if (!secret) return null;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await secretKey(backend), new TextEncoder().encode(secret));
  return { iv, data };
}

async function unseal(backend: DraftBackend, sealed: Sealed | null): Promise<string> {
  if (!sealed) return "";
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: sealed.iv }, await secretKey(backend), sealed.data);
    return new TextDecoder().decode(plain);
  } catch {
    return ""; // The key is gone (site data cleared in part): the password is typed again.
  }
}

/**
 * Only known keys with the right type survive: an old, tampered or other-device entry cannot
 * break the form. Used for this browser's copy and for the account's.
 */
export function sanitizeDraft(raw: unknown): ProjectDraft | null {
  if (!raw || typeof raw !== "object") return null;
  const parsed = raw as Record<string, unknown>;
  const base = newProjectDraft(parsed.projectType === "m" || parsed.projectType === "l" ? parsed.projectType : "s");
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(base)) {
    const stored = parsed[key];
    if (stored === undefined) continue;
    const sameType =
      value === null || stored === null ? key === "customTintColor" : Array.isArray(value) ? Array.isArray(stored) : typeof stored === typeof value;
    if (sameType) merged[key] = stored;
  }
  return merged as ProjectDraft;
}

const onlyFiles = (value: unknown): File[] => (Array.isArray(value) ? value.filter((item): item is File => item instanceof Blob) : []);

export async function loadDraft(backend: DraftBackend = draftBackend()): Promise<StoredDraft | null> {
  try {
    localStorage.removeItem(LEGACY_KEY);
  } catch {
    // Storage disabled: nothing to remove.
  }
  try {
    const record = await backend.get<StoredRecord>(DRAFT);
    const draft = sanitizeDraft(record?.draft);
    if (!record || !draft) return null;
    draft.domainProviderPassword = await unseal(backend, record.secret);
    const pageFiles = Array.isArray(record.pageFiles) ? record.pageFiles.map(onlyFiles) : [];
    return { draft, logoFiles: onlyFiles(record.logoFiles), pageFiles, savedAt: typeof record.savedAt === "number" ? record.savedAt : 0 };
  } catch {
    return null;
  }
}

export async function saveDraft(stored: StoredDraft, backend: DraftBackend = draftBackend()): Promise<boolean> {
  try {
    const record: StoredRecord = {
      draft: withoutSecrets(stored.draft),
      secret: await seal(backend, stored.draft.domainProviderPassword),
      logoFiles: stored.logoFiles,
      pageFiles: stored.pageFiles,
      savedAt: stored.savedAt,
    };
    await backend.put(DRAFT, record);
    return true;
  } catch {
    return false; // Storage full or disabled: the draft does not survive a reload.
  }
}

export async function clearDraft(backend: DraftBackend = draftBackend()): Promise<void> {
  try {
    await backend.delete(DRAFT);
  } catch {
    // Nothing stored.
  }
}
