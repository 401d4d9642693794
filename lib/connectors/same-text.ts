import { timingSafeEqual } from "node:crypto";

/**
 * Constant-time comparison of a presented secret, tag or signature with the expected one (a
 * length difference answers false at once: lengths are not secret here).
 */
export function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
