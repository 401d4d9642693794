import type { AppEnvironment } from "@/lib/config";
import { openAtRest, sealAtRest } from "./seal-at-rest";
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
  return sealAtRest("v1", secret, aad(owner));
}

export function openWebhookSecret(stored: string, owner: SecretOwner): string {
  if (stored.startsWith(WEBHOOK_SECRET_PREFIX)) return stored; // legacy plaintext row
  return openAtRest("v1", stored, aad(owner), `webhook secret of ${owner.merchantId}`);
}

/** True when the stored value is already sealed with the key that encrypts new writes. */
export function isSealedWithCurrentKey(stored: string): boolean {
  return stored.startsWith(`v1:${webhookSecretKeyring().current.kid}:`);
}
