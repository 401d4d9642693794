import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { AppEnvironment } from "@/lib/config";
import { AppError } from "@/lib/errors";

/**
 * API key pairs (docs/design/authentication-and-limits.md): `pk_<env>_…` identifies the pair, `sk_<env>_…` proves it.
 * Only the secret's SHA-256 is stored; comparison is constant-time.
 */
const ENV_TAG: Record<AppEnvironment, "test" | "live"> = { sandbox: "test", production: "live" };
const KEY_PATTERN = /^(pk|sk)_(test|live)_([A-Za-z0-9]{16,64})$/;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function randomBase62(length: number): string {
  // Rejection sampling keeps every character uniformly likely.
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export type GeneratedKeyPair = { publicKey: string; secretKey: string; secretHash: string; secretHint: string };

export function generateKeyPair(environment: AppEnvironment): GeneratedKeyPair {
  const tag = ENV_TAG[environment];
  const publicKey = `pk_${tag}_${randomBase62(24)}`;
  const secretKey = `sk_${tag}_${randomBase62(40)}`;
  return { publicKey, secretKey, secretHash: hashSecret(secretKey), secretHint: secretHint(secretKey) };
}

/** The environment a key (pk_/sk_) belongs to by its prefix, or null when it is not a key. */
export function keyEnvironment(key: string): AppEnvironment | null {
  const match = KEY_PATTERN.exec(key);
  return match ? (match[2] === "test" ? "sandbox" : "production") : null;
}

/**
 * Every key row written must belong to this deployment's environment (docs/design/environments.md): a pk_test_
 * pair in a production database, or a live pair in a sandbox one, is refused before it is
 * written, whoever asks (ops CLI, seed, dashboard).
 */
export function assertKeyEnvironment(environment: AppEnvironment, current: AppEnvironment, what = "this key pair"): void {
  if (environment !== current) {
    const tag = ENV_TAG[environment];
    throw new AppError(
      "invalid_state",
      `Refusing to write ${what} (pk_${tag}_…, ${environment}) into this ${current} deployment: run it against the ${environment} deployment (APP_ENV=${environment} with its own database).`,
    );
  }
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export function secretHint(secret: string): string {
  return `${secret.slice(0, 8)}…${secret.slice(-4)}`;
}

/** Constant-time comparison of a presented secret with a stored SHA-256 hex digest. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

export type ParsedCredentials =
  | { ok: true; publicKey: string; secretKey: string; environment: AppEnvironment }
  | { ok: false; reason: string };

/** Reads `X-API-Key: pk:sk` or `Authorization: Bearer pk:sk`. */
export function parseCredentials(headers: Headers): ParsedCredentials {
  let raw = headers.get("x-api-key")?.trim();
  if (!raw) {
    const authorization = headers.get("authorization")?.trim();
    if (authorization) {
      const match = /^Bearer\s+(.+)$/i.exec(authorization);
      if (!match) return { ok: false, reason: "The Authorization header must be 'Bearer <PUBLIC_KEY>:<SECRET_KEY>'." };
      raw = match[1].trim();
    }
  }
  if (!raw) {
    return { ok: false, reason: "Missing API credentials. Send 'X-API-Key: <PUBLIC_KEY>:<SECRET_KEY>'." };
  }
  const parts = raw.split(":");
  if (parts.length !== 2) {
    return { ok: false, reason: "Malformed API credentials: expected '<PUBLIC_KEY>:<SECRET_KEY>'." };
  }
  const [publicKey, secretKey] = parts;
  const pk = KEY_PATTERN.exec(publicKey);
  const sk = KEY_PATTERN.exec(secretKey);
  if (!pk || pk[1] !== "pk" || !sk || sk[1] !== "sk") {
    return { ok: false, reason: "Malformed API credentials: expected a pk_… public key and an sk_… secret key." };
  }
  if (pk[2] !== sk[2]) return { ok: false, reason: "The public and secret keys belong to different environments." };
  return { ok: true, publicKey, secretKey, environment: pk[2] === "test" ? "sandbox" : "production" };
}
