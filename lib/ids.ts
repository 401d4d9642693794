import { randomBytes } from "node:crypto";

/**
 * Opaque, prefixed, time-sortable identifiers (DESIGN §3): `<prefix>_` + 10 Crockford base32
 * characters of milliseconds since the epoch + 16 of randomness (80 bits), ULID-style, so ids
 * sort by creation time and cannot be guessed.
 */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

export type IdPrefix = "mch" | "usr" | "key" | "aud" | "job" | "txn" | "po" | "qt" | "evt" | "whd" | "je" | "acc" | "chk" | "req";

function encodeTime(ms: number): string {
  let out = "";
  let t = ms;
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[t % 32] + out;
    t = Math.floor(t / 32);
  }
  return out;
}

function encodeRandom(chars: number): string {
  const bytes = randomBytes(chars);
  let out = "";
  for (let i = 0; i < chars; i++) out += ALPHABET[bytes[i] & 31];
  return out;
}

export function newId(prefix: IdPrefix, now = Date.now()): string {
  return `${prefix}_${encodeTime(now)}${encodeRandom(16)}`;
}

/** An unguessable token for URLs handed to customers (hosted checkout). */
export function newToken(bytes = 24): string {
  return randomBytes(bytes).toString("base64url");
}
