import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { appEnv, PRODUCTION_MIN_SCRYPT_LOG2_N, setting } from "@/lib/config";

/**
 * Dashboard passwords: scrypt at OWASP's recommended N=2^17, r=8, p=1 (64-byte key), a slow
 * memory-hard KDF. Stored as `scrypt$N$r$p$salt$hash` (base64url): a hash made with older
 * parameters still verifies, and `needsRehash` tells the login to store a fresh one.
 *
 * Always the asynchronous scrypt (libuv's thread pool), never scryptSync: the event loop keeps
 * serving while a hash runs. At most PASSWORD_HASH_CONCURRENCY hashes run at once (the rest
 * wait their turn) so a login flood cannot take every pool thread (file reads, DNS, zlib use
 * them too) nor 128 MB of memory per concurrent hash without bound.
 */
export function scryptParams(): { N: number; r: number; p: number } {
  // PASSWORD_SCRYPT_LOG2_N lowers the cost for the test suites only: production refuses to start
  // below 2^17 (lib/config), and would hash at 2^17 here anyway.
  const configured = setting("PASSWORD_SCRYPT_LOG2_N");
  const log2N = appEnv() === "production" ? Math.max(configured, PRODUCTION_MIN_SCRYPT_LOG2_N) : configured;
  return { N: 1 << log2N, r: 8, p: 1 };
}
const KEY_LENGTH = 64;
/** scrypt needs 128·N·r bytes; Node refuses above maxmem (32 MB by default). */
const maxmem = (o: { N: number; r: number }) => 128 * o.N * o.r + 16 * 1024 * 1024;
const MAX_N = 1 << 20;

const hashConcurrency = () => Math.max(1, setting("PASSWORD_HASH_CONCURRENCY"));
let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= hashConcurrency()) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next(); // the slot passes straight to the next waiter
    else running--;
  }
}

function derive(password: string, salt: Buffer, options: Required<Pick<ScryptOptions, "N" | "r" | "p">>): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem: maxmem(options) }, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = scryptParams();
  const key = await derive(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== "scrypt" || !salt || !hash) return null;
  // Bounds keep a corrupted row from asking for gigabytes.
  if (!Number.isInteger(params.N) || params.N < 2 || params.N > MAX_N || (params.N & (params.N - 1)) !== 0) return null;
  if (!Number.isInteger(params.r) || params.r < 1 || params.r > 32 || !Number.isInteger(params.p) || params.p < 1 || params.p > 16) return null;
  return { params, salt: Buffer.from(salt, "base64url"), hash: Buffer.from(hash, "base64url") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

/** True when a stored hash was made with other parameters than today's (re-hash it after a good login). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  const today = scryptParams();
  return !parsed || parsed.params.N !== today.N || parsed.params.r !== today.r || parsed.params.p !== today.p;
}
