import { randomBytes, randomFillSync } from "node:crypto";

/**
 * Opaque, prefixed, time-sortable identifiers (docs/design/money-and-identifiers.md): `<prefix>_` + 10 Crockford base32
 * characters of milliseconds since the epoch + 16 of randomness (80 bits), so ids sort by the
 * millisecond they were minted in and cannot be guessed.
 *
 * Every id draws a fresh random part, also within one millisecond. A monotonic increment (as
 * ULID does) made ids of the same millisecond consecutive: holding one id was enough to guess
 * its neighbours, another merchant's payments among them (the public status endpoint takes only
 * an id). So within one millisecond ids are in no particular order; a list that needs a total
 * order sorts by (createdAt, id), which is stable, and nothing may read creation order out of
 * the id alone beyond the millisecond.
 */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

export type IdPrefix = "mch" | "usr" | "key" | "aud" | "job" | "txn" | "po" | "pb" | "rf" | "dup" | "qt" | "evt" | "whd" | "je" | "acc" | "chk" | "req" | "eml" | "sgr" | "inv" | "rcv" | "mfa" | "rql" | "plink" | "rcn" | "rcm" | "apr" | "pwr";

const TIME_CHARS = 10;
const RANDOM_CHARS = 16;

function encodeTime(ms: number): string {
  let out = "";
  let t = ms;
  for (let i = 0; i < TIME_CHARS; i++) {
    out = ALPHABET[t % 32] + out;
    t = Math.floor(t / 32);
  }
  return out;
}

/**
 * The random bytes, drawn from the CSPRNG 4 KiB at a time and each used once: one call into
 * the crypto library per 256 ids instead of one per id (a payout initiate mints eight). The
 * bytes are the same CSPRNG's; only the buffering differs.
 */
const pool = new Uint8Array(4096);
let poolAt = pool.length;

/** 16 characters, 5 fresh random bits each (one byte per character, its low 5 bits: unbiased). */
function randomPart(): string {
  if (poolAt + RANDOM_CHARS > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  let out = "";
  for (let i = poolAt, end = poolAt + RANDOM_CHARS; i < end; i++) out += ALPHABET[pool[i] & 31];
  poolAt += RANDOM_CHARS;
  return out;
}

export function newId(prefix: IdPrefix, now = Date.now()): string {
  return `${prefix}_${encodeTime(now)}${randomPart()}`;
}

/** An unguessable token for URLs handed to customers (hosted checkout). */
export function newToken(bytes = 24): string {
  return randomBytes(bytes).toString("base64url");
}
