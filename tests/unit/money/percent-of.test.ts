import { describe, expect, it } from "vitest";
import { percentOf } from "@/lib/money";

describe("percentOf", () => {
  it("1.5 % of 10000 XOF is 150 whatever the rounding", () => {
    expect(percentOf(10000n, "1.5", "half-up")).toBe(150n);
    expect(percentOf(10000n, "1.5", "up")).toBe(150n);
    expect(percentOf(10000n, "1.5", "down")).toBe(150n);
  });

  it("rounds to whole minor units as asked", () => {
    // 1 % of 10050 = 100.5
    expect(percentOf(10050n, "1", "half-up")).toBe(101n);
    expect(percentOf(10050n, "1", "up")).toBe(101n);
    expect(percentOf(10050n, "1", "down")).toBe(100n);
    // 1.5 % of 1540 = 23.1
    expect(percentOf(1540n, "1.5", "half-up")).toBe(23n);
    expect(percentOf(1540n, "1.5", "up")).toBe(24n);
    // 1.5 % of 1 = 0.015
    expect(percentOf(1n, "1.5", "half-up")).toBe(0n);
    expect(percentOf(1n, "1.5", "up")).toBe(1n);
  });

  it("docs/design/quotes-and-payouts.md: 1 % of 10,000 XOF is 100", () => {
    expect(percentOf(10000n, "1", "half-up")).toBe(100n);
  });

  it("edge values", () => {
    expect(percentOf(10000n, "0", "up")).toBe(0n);
    expect(percentOf(0n, "1.5", "up")).toBe(0n);
    expect(percentOf(10000n, "100", "down")).toBe(10000n);
    expect(percentOf(10n ** 17n, "0.0001", "half-up")).toBe(10n ** 11n);
    expect(() => percentOf(100n, "-1", "up")).toThrow(RangeError);
    expect(() => percentOf(100n, "one", "up")).toThrow(RangeError);
  });
});
