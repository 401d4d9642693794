import { describe, expect, it } from "vitest";
import { newId, newToken } from "@/lib/ids";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const randomValue = (id: string) => [...id.slice(-16)].reduce((v, ch) => v * 32n + BigInt(ALPHABET.indexOf(ch)), 0n);

describe("ids", () => {
  it("are prefixed, 26 characters after the prefix, and sort by the millisecond they were minted in", () => {
    const now = Date.now();
    const ids = Array.from({ length: 50 }, () => newId("txn", now));
    for (const id of ids) expect(id).toMatch(/^txn_[0-9a-hjkmnp-tv-z]{26}$/);
    for (const id of ids) expect(id.slice(4, 14)).toBe(ids[0].slice(4, 14));
    expect(new Set(ids).size).toBe(50);
    const later = newId("txn", now + 1);
    for (const id of ids) expect(later > id).toBe(true);
  });

  it("1,000 ids minted in one millisecond share no guessable relation", () => {
    const now = Date.now();
    const values = Array.from({ length: 1000 }, () => randomValue(newId("txn", now)));
    expect(new Set(values).size).toBe(1000);
    // A neighbour is not a small step away: sorted, no two random parts are within 2^40 of each
    // other (1,000 fresh 80-bit values: the chance of one such pair is about 2^-21).
    const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (let i = 1; i < sorted.length; i++) expect(sorted[i] - sorted[i - 1] > 2n ** 40n).toBe(true);
    // Fresh entropy in every bit: each of the 80 bits is set in roughly half of the ids (a
    // counter or a shared prefix would pin the high bits), so the random part carries ≥ 64 bits.
    for (let bit = 0n; bit < 80n; bit++) {
      const ones = values.filter((v) => (v >> bit) & 1n).length;
      expect(ones).toBeGreaterThan(380);
      expect(ones).toBeLessThan(620);
    }
  });

  it("tokens are long and unguessable", () => {
    expect(newToken()).toMatch(/^[\w-]{32}$/);
    expect(newToken()).not.toBe(newToken());
  });
});
