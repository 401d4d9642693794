import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Single-use e-mailed links (sign-up confirmation, team invitations): the link carries
 * `<id>.<secret>`, the database keeps only the secret's SHA-256. One helper so every link is
 * made, parsed and checked the same way (constant-time comparison, same path for unknown ids).
 */
export type LinkToken = { id: string; secret: string; tokenHash: string; token: string };

export const sha256 = (value: string) => createHash("sha256").update(value).digest();

/** A new link token for a row id of the given kind (the id is the caller's, e.g. newId("inv")). */
export function newLinkToken(id: string): LinkToken {
  const secret = randomBytes(32).toString("base64url");
  return { id, secret, tokenHash: sha256(secret).toString("hex"), token: `${id}.${secret}` };
}

/** The id and secret of a token whose id has the `prefix` (e.g. "sgr"), or null for anything else. */
export function parseLinkToken(token: unknown, prefix: string): { id: string; secret: string } | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const match = new RegExp(`^(${prefix}_[0-9A-Za-z]{1,40})\\.([A-Za-z0-9_-]{43})$`).exec(token);
  return match ? { id: match[1], secret: match[2] } : null;
}

// Compared against when the id is unknown, so the answer takes the same path either way.
const NO_HASH = Buffer.alloc(32);

/**
 * Whether `secret` hashes to `storedHex` (null: the row was not found). Constant time: how long
 * the comparison takes says nothing about how much of a guess was right, nor whether the id exists.
 */
export function secretMatches(secret: string, storedHex: string | null | undefined): boolean {
  const stored = storedHex ? Buffer.from(storedHex, "hex") : NO_HASH;
  const same = timingSafeEqual(sha256(secret), stored.length === 32 ? stored : NO_HASH);
  return same && !!storedHex;
}
