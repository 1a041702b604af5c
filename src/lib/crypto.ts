// Secrets: token hashing and AES-256-GCM for values we must be able to read back.
import { createCipheriv, createDecipheriv, createHash, randomBytes as cryptoRandomBytes, hkdfSync } from "node:crypto";

export function randomToken(bytes = 32): string {
  return cryptoRandomBytes(bytes).toString("base64url");
}

export function randomBytes(count: number): Uint8Array {
  return new Uint8Array(cryptoRandomBytes(count));
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export type Sealer = { seal(plain: string): string; open(sealed: string): string };

/** Encrypts short strings at rest with a key derived from APP_SECRET. */
export function createSealer(appSecret: string): Sealer {
  const key = Buffer.from(hkdfSync("sha256", appSecret, "webstudio", "aes-256-gcm at rest", 32));
  return {
    seal(plain) {
      const iv = cryptoRandomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("Unreadable sealed value");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
