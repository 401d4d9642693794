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

const RANDOM_CHARS = 16;
const RANDOM_MAX = 32n ** BigInt(RANDOM_CHARS);
let lastTime = 0;
let lastRandom = 0n;

function randomValue(): bigint {
  let value = 0n;
  for (const byte of randomBytes(RANDOM_CHARS)) value = (value << 5n) | BigInt(byte & 31);
  return value;
}

function encodeRandom(value: bigint): string {
  let out = "";
  for (let i = 0; i < RANDOM_CHARS; i++) {
    out = ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

/**
 * Monotonic within a process (as ULID): two ids minted in the same millisecond differ by an
 * increment of the random part, so "newest first" by id matches creation order.
 */
export function newId(prefix: IdPrefix, now = Date.now()): string {
  if (now <= lastTime && lastRandom + 1n < RANDOM_MAX) {
    lastRandom += 1n;
  } else {
    lastTime = Math.max(now, lastTime);
    lastRandom = randomValue();
  }
  return `${prefix}_${encodeTime(lastTime)}${encodeRandom(lastRandom)}`;
}

/** An unguessable token for URLs handed to customers (hosted checkout). */
export function newToken(bytes = 24): string {
  return randomBytes(bytes).toString("base64url");
}
