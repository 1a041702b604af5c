// Standard Webhooks 1.0 signatures: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed by
// the base64 part of a `whsec_` secret. Several signatures are separated by spaces.
import { createHmac } from "node:crypto";
import { randomBytes } from "../../lib/crypto";

const SECRET_PREFIX = "whsec_";

/** A new signing secret: `whsec_` and base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${Buffer.from(randomBytes(32)).toString("base64")}`;
}

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64")}`;
}

/** The three headers of a delivery, signed by each of `secrets` (two during a rotation). */
export function webhookHeaders(secrets: string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(" "),
  };
}
