import { describe, expect, it } from "vitest";
import { newId, newToken } from "@/lib/ids";

describe("ids", () => {
  it("are prefixed, 26 characters after the prefix, and sort in creation order even within one millisecond", () => {
    const now = Date.now();
    const ids = Array.from({ length: 50 }, () => newId("txn", now));
    for (const id of ids) expect(id).toMatch(/^txn_[0-9a-hjkmnp-tv-z]{26}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(50);
    expect(newId("po", now + 1) > ids[49].replace("txn", "po")).toBe(true);
  });

  it("tokens are long and unguessable", () => {
    expect(newToken()).toMatch(/^[\w-]{32}$/);
    expect(newToken()).not.toBe(newToken());
  });
});
