import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { webhookSecretKeyring } from "./webhook-secret-keyring";

/**
 * A secret at rest under the platform's at-rest keyring (WEBHOOK_SECRET_KEYS): AES-256-GCM with
 * the current key, stored as `<version>:<kid>:<iv>:<ciphertext>:<tag>` (base64url). `aad` binds
 * the value to its row's owner, so a sealed value copied onto another row does not open. The
 * webhook signing secrets and the TOTP secrets are sealed this way, each under its own version tag.
 */
export function sealAtRest(version: string, plaintext: string, aad: Buffer): string {
  const { kid, key } = webhookSecretKeyring().current;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [version, kid, iv.toString("base64url"), ciphertext.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(":");
}

/** Opens what sealAtRest sealed under `version`; `what` names the secret in the errors (never its value). */
export function openAtRest(version: string, stored: string, aad: Buffer, what: string): string {
  const [sealedAs, kid, iv, ciphertext, tag] = stored.split(":");
  if (sealedAs !== version || !kid || !iv || !ciphertext || !tag) throw new Error(`Unreadable stored ${what}.`);
  const key = webhookSecretKeyring().byKid.get(kid);
  if (!key) throw new Error(`The ${what} is sealed with key "${kid}", which WEBHOOK_SECRET_KEYS no longer holds.`);
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(aad);
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
