import { describe, expect, it } from "vitest";
import { type CurrencyCode, fromMinor, minorToDecimalString, toMinor } from "@/lib/money";

describe("minorToDecimalString", () => {
  it("writes the exact major-unit decimal with all minor digits", () => {
    expect(minorToDecimalString(1540n, "USD")).toBe("15.40");
    expect(minorToDecimalString(100n, "XOF")).toBe("100");
    expect(minorToDecimalString(5n, "USD")).toBe("0.05");
    expect(minorToDecimalString(0n, "USD")).toBe("0.00");
    expect(minorToDecimalString(0n, "XAF")).toBe("0");
    expect(minorToDecimalString(-5n, "USD")).toBe("-0.05");
    expect(minorToDecimalString(-1234n, "XOF")).toBe("-1234");
    expect(minorToDecimalString(99_999_999_999_999_999n, "USD")).toBe("999999999999999.99");
  });
});

describe("fromMinor", () => {
  it("gives the JSON number of the amount", () => {
    expect(fromMinor(1540n, "USD")).toBe(15.4);
    expect(fromMinor(100n, "XOF")).toBe(100);
    expect(fromMinor(5n, "USD")).toBe(0.05);
    expect(fromMinor(0n, "USD")).toBe(0);
    expect(fromMinor(29n, "USD")).toBe(0.29);
    expect(JSON.stringify({ amount: fromMinor(1540n, "USD") })).toBe('{"amount":15.4}');
    expect(fromMinor(BigInt(Number.MAX_SAFE_INTEGER), "XOF")).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("round-trips with toMinor", () => {
    const cases: [bigint, CurrencyCode][] = [[1n, "USD"], [1540n, "USD"], [123456789012n, "EUR"], [99_999_999_999_999n, "GBP"], [10n ** 12n, "XOF"]];
    for (const [minor, currency] of cases) expect(toMinor(fromMinor(minor, currency), currency)).toBe(minor);
  });

  it("refuses an amount a double cannot carry exactly", () => {
    expect(() => fromMinor(2n ** 53n + 1n, "XOF")).toThrow(RangeError);
    expect(() => fromMinor(99_999_999_999_999_999n, "USD")).toThrow(RangeError);
  });
});
