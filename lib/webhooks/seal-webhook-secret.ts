import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { AppEnvironment } from "@/lib/config";
import { webhookSecretKeyring } from "./webhook-secret-keyring";
import { WEBHOOK_SECRET_PREFIX } from "./webhook-secret";

/**
 * Webhook signing secrets at rest: AES-256-GCM under the current WEBHOOK_SECRET_KEYS key,
 * stored as `v1:<kid>:<iv>:<ciphertext>:<tag>` (base64url). The merchant and environment are
 * the additional data, so a sealed secret copied onto another merchant's row does not open.
 * A stored value that is still plaintext (`whsec_…`, rows from before encryption) opens as
 * itself until re-encrypted (reencrypt-webhook-secrets.ts).
 */
export type SecretOwner = { merchantId: string; environment: AppEnvironment | string };

const aad = (owner: SecretOwner) => Buffer.from(`webhook-secret:${owner.merchantId}:${owner.environment}`, "utf8");

export function sealWebhookSecret(secret: string, owner: SecretOwner): string {
  const { kid, key } = webhookSecretKeyring().current;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(aad(owner));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", kid, iv.toString("base64url"), ciphertext.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(":");
}

export function openWebhookSecret(stored: string, owner: SecretOwner): string {
  if (stored.startsWith(WEBHOOK_SECRET_PREFIX)) return stored; // legacy plaintext row
  const [version, kid, iv, ciphertext, tag] = stored.split(":");
  if (version !== "v1" || !kid || !iv || !ciphertext || !tag) throw new Error("Unreadable stored webhook secret.");
  const key = webhookSecretKeyring().byKid.get(kid);
  if (!key) throw new Error(`The webhook secret of ${owner.merchantId} is encrypted with key "${kid}", which WEBHOOK_SECRET_KEYS no longer holds.`);
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(aad(owner));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

/** True when the stored value is already sealed with the key that encrypts new writes. */
export function isSealedWithCurrentKey(stored: string): boolean {
  return stored.startsWith(`v1:${webhookSecretKeyring().current.kid}:`);
}
