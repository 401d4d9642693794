import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config, isSandbox, setting } from "@/lib/config";

/**
 * The keys that encrypt webhook signing secrets at rest (AES-256-GCM, seal-webhook-secret.ts).
 * WEBHOOK_SECRET_KEYS = `kid:base64key[,kid:base64key…]`, each key 32 bytes: the FIRST one
 * encrypts new writes, all of them decrypt. To rotate: put a new key first, keep the old one
 * after it, run `ops webhook:reencrypt` (the server also re-encrypts at start), then drop the
 * old one. Required in production. In the sandbox, when unset, one key is generated once into
 * <DATA_DIR>/webhook-secret-keys (mode 600), as NEXTAUTH_SECRET is.
 */
export type WebhookSecretKey = { kid: string; key: Buffer };
export type WebhookSecretKeyring = { current: WebhookSecretKey; byKid: Map<string, Buffer> };

const ENTRY = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/_-]+={0,2})$/;

export function parseWebhookSecretKeys(raw: string): WebhookSecretKeyring {
  const keys = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = ENTRY.exec(entry);
      // The value is never echoed: it is key material.
      if (!match) throw new Error("WEBHOOK_SECRET_KEYS must be a comma-separated list of kid:base64key entries.");
      const key = Buffer.from(match[2], "base64");
      if (key.length !== 32) throw new Error(`WEBHOOK_SECRET_KEYS: key "${match[1]}" must decode to 32 bytes.`);
      return { kid: match[1], key };
    });
  if (keys.length === 0) throw new Error("WEBHOOK_SECRET_KEYS is empty.");
  const byKid = new Map<string, Buffer>();
  for (const k of keys) {
    if (byKid.has(k.kid)) throw new Error(`WEBHOOK_SECRET_KEYS: key id "${k.kid}" appears twice.`);
    byKid.set(k.kid, k.key);
  }
  return { current: keys[0], byKid };
}

let cached: { raw: string; ring: WebhookSecretKeyring } | undefined;

export function webhookSecretKeyring(): WebhookSecretKeyring {
  const raw = setting("WEBHOOK_SECRET_KEYS") ?? sandboxKeyFile();
  if (cached?.raw !== raw) cached = { raw, ring: parseWebhookSecretKeys(raw) };
  return cached.ring;
}

function sandboxKeyFile(): string {
  if (!isSandbox()) throw new Error("WEBHOOK_SECRET_KEYS must be set in production (webhook signing secrets are encrypted with it).");
  const file = path.resolve(config.dataDir(), "webhook-secret-keys");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const generated = `local1:${randomBytes(32).toString("base64")}`;
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // `wx`: of two processes starting together, the first file wins and both use it.
    writeFileSync(file, generated + "\n", { mode: 0o600, flag: "wx" });
    chmodSync(file, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  return readFileSync(file, "utf8").trim();
}
