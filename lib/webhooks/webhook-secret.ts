import { randomBytes } from "node:crypto";

/**
 * Standard Webhooks secrets: `whsec_` + base64 of the HMAC key. We generate 24 random bytes
 * (192 bits, 32 base64 characters, what Svix and the spec's examples use); a configured
 * secret (DEMO_WEBHOOK_SECRET) must decode to 24–64 bytes.
 */
export const WEBHOOK_SECRET_PREFIX = "whsec_";
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(24).toString("base64");
}

/** The HMAC key of a secret; throws (without echoing the secret) when it is malformed. */
export function webhookSecretKey(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : null;
  if (encoded === null || !BASE64.test(encoded) || encoded.length % 4 !== 0) {
    throw new Error("A webhook secret must be whsec_ followed by base64 (24 to 64 bytes).");
  }
  const key = Buffer.from(encoded, "base64");
  if (key.length < 24 || key.length > 64) throw new Error("A webhook secret must encode 24 to 64 bytes.");
  return key;
}

export function isValidWebhookSecret(secret: string): boolean {
  try {
    webhookSecretKey(secret);
    return true;
  } catch {
    return false;
  }
}
