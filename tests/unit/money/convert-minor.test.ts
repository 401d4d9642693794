import Big from "big.js";
import { describe, expect, it } from "vitest";
import { type CurrencyCode, convertMinor, invertRate, smallestSourceCovering } from "@/lib/money";
import { appErrorOf } from "./helpers";

describe("convertMinor", () => {
  it("USD → XOF (2 → 0 decimals) with each rounding", () => {
    // 15.40 USD × 591 = 9101.4 XOF
    expect(convertMinor(1540n, "USD", "XOF", "591", "half-up")).toBe(9101n);
    expect(convertMinor(1540n, "USD", "XOF", "591", "up")).toBe(9102n);
    expect(convertMinor(1540n, "USD", "XOF", "591", "down")).toBe(9101n);
    // 0.05 USD × 591 = 29.55 XOF
    expect(convertMinor(5n, "USD", "XOF", "591", "half-up")).toBe(30n);
    expect(convertMinor(5n, "USD", "XOF", "591", "up")).toBe(30n);
    expect(convertMinor(5n, "USD", "XOF", "591", "down")).toBe(29n);
    // 0.50 USD × 1 = 0.5 XOF: a tie
    expect(convertMinor(50n, "USD", "XOF", "1", "half-up")).toBe(1n);
    expect(convertMinor(50n, "USD", "XOF", "1", "down")).toBe(0n);
    // 100.00 USD at mid 600
    expect(convertMinor(10000n, "USD", "XOF", "600", "half-up")).toBe(60000n);
  });

  it("XOF → USD (0 → 2 decimals) with each rounding", () => {
    // 9999 XOF × 0.00165 = 16.49835 USD = 1649.835 cents
    expect(convertMinor(9999n, "XOF", "USD", "0.00165", "half-up")).toBe(1650n);
    expect(convertMinor(9999n, "XOF", "USD", "0.00165", "up")).toBe(1650n);
    expect(convertMinor(9999n, "XOF", "USD", "0.00165", "down")).toBe(1649n);
    // 3 XOF × 0.00165 = 0.00495 USD = 0.495 cents
    expect(convertMinor(3n, "XOF", "USD", "0.00165", "half-up")).toBe(0n);
    expect(convertMinor(3n, "XOF", "USD", "0.00165", "up")).toBe(1n);
    expect(convertMinor(3n, "XOF", "USD", "0.00165", "down")).toBe(0n);
    // 10000 XOF at the inverse of 591 (0.001692047377) = 16.92047377 USD
    expect(convertMinor(10000n, "XOF", "USD", invertRate("591"), "half-up")).toBe(1692n);
    expect(convertMinor(10000n, "XOF", "USD", invertRate("591"), "up")).toBe(1693n);
  });

  it("same exponent and parity pairs", () => {
    expect(convertMinor(1000n, "USD", "EUR", "0.92", "half-up")).toBe(920n);
    expect(convertMinor(1001n, "USD", "EUR", "0.925", "half-up")).toBe(926n); // 925.925
    expect(convertMinor(9100n, "XAF", "XOF", "1", "half-up")).toBe(9100n);
  });

  it("accepts a Big rate and treats negative amounts symmetrically", () => {
    expect(convertMinor(1540n, "USD", "XOF", new Big("591"), "down")).toBe(9101n);
    expect(convertMinor(-5n, "USD", "XOF", "591", "down")).toBe(-29n);
    expect(convertMinor(-5n, "USD", "XOF", "591", "up")).toBe(-30n);
    expect(convertMinor(0n, "USD", "XOF", "591", "up")).toBe(0n);
  });

  it("refuses bad rates and unknown currencies", () => {
    for (const rate of ["0", "-591", "abc", ""]) {
      expect(() => convertMinor(100n, "USD", "XOF", rate, "half-up")).toThrow(RangeError);
    }
    expect(() => convertMinor(100n, "USD", "XOF", "591", "nearest" as "up")).toThrow(RangeError);
    expect(appErrorOf(() => convertMinor(100n, "USD", "JPY" as CurrencyCode, "1", "up")).code).toBe("invalid_currency");
  });
});

describe("smallestSourceCovering", () => {
  it("docs/design/quotes-and-payouts.md: 9100 XOF at USD→XOF 591 needs 15.40 USD", () => {
    expect(smallestSourceCovering(9100n, "USD", "XOF", "591")).toBe(1540n);
    expect(convertMinor(1540n, "USD", "XOF", "591", "down")).toBeGreaterThanOrEqual(9100n);
    expect(convertMinor(1539n, "USD", "XOF", "591", "down")).toBeLessThan(9100n);
  });

  it("parity, exact quotients and the XOF → USD direction", () => {
    expect(smallestSourceCovering(9100n, "XAF", "XOF", "1")).toBe(9100n);
    expect(smallestSourceCovering(5910n, "USD", "XOF", "591")).toBe(1000n); // exactly 10.00 USD
    expect(smallestSourceCovering(1650n, "XOF", "USD", "0.00165")).toBe(10000n);
    expect(smallestSourceCovering(1651n, "XOF", "USD", "0.00165")).toBe(10007n);
    expect(smallestSourceCovering(1n, "USD", "XOF", "3")).toBe(34n);
    expect(smallestSourceCovering(0n, "USD", "XOF", "591")).toBe(0n);
  });

  it("is the minimum that covers, for many targets and rates", () => {
    const cases: [CurrencyCode, CurrencyCode, string][] = [
      ["USD", "XOF", "591"],
      ["USD", "XOF", "609.0000000001"],
      ["XOF", "USD", invertRate("609")],
      ["XOF", "EUR", "0.0015"],
      ["EUR", "USD", "1.0833333333"],
      ["XAF", "XOF", "1"],
    ];
    for (const [from, to, rate] of cases) {
      for (let target = 1n; target < 3000n; target += 7n) {
        const source = smallestSourceCovering(target, from, to, rate);
        expect(convertMinor(source, from, to, rate, "down") >= target).toBe(true);
        expect(convertMinor(source - 1n, from, to, rate, "down") < target).toBe(true);
      }
    }
  });

  it("refuses a negative target and a bad rate", () => {
    expect(() => smallestSourceCovering(-1n, "USD", "XOF", "591")).toThrow(RangeError);
    expect(() => smallestSourceCovering(100n, "USD", "XOF", "0")).toThrow(RangeError);
  });
});
