import { describe, expect, it } from "vitest";
import { type CurrencyCode, toMinor, toMinorAllowZero } from "@/lib/money";
import { appErrorOf } from "./helpers";

const rejects = (amount: unknown, currency: CurrencyCode = "USD") =>
  appErrorOf(() => toMinor(amount as number, currency));

describe("toMinor", () => {
  it("parses numbers and decimal strings exactly", () => {
    expect(toMinor(15.4, "USD")).toBe(1540n);
    expect(toMinor("15.40", "USD")).toBe(1540n);
    expect(toMinor("15.4", "USD")).toBe(1540n);
    expect(toMinor(10000, "XOF")).toBe(10000n);
    expect(toMinor("10000", "XAF")).toBe(10000n);
    expect(toMinor(1, "EUR")).toBe(100n);
  });

  it("never goes through float arithmetic", () => {
    // 0.29 * 100 === 28.999999999999996 and 4.35 * 100 === 434.99999999999994 in floats.
    expect(toMinor(0.29, "USD")).toBe(29n);
    expect(toMinor(4.35, "USD")).toBe(435n);
    expect(toMinor(0.3, "USD")).toBe(30n);
    expect(toMinor(0.1, "USD")).toBe(10n);
    expect(toMinor(1e-2, "USD")).toBe(1n);
    expect(toMinor(1e3, "XOF")).toBe(1000n);
  });

  it("rejects 0.1 + 0.2, which is 0.30000000000000004 on the wire", () => {
    expect(rejects(0.1 + 0.2).code).toBe("invalid_amount");
  });

  it("rejects zero, negative, NaN and infinities", () => {
    expect(rejects(0).message).toBe("Amount must be greater than zero.");
    expect(rejects("0.00").code).toBe("invalid_amount");
    expect(rejects(-0).code).toBe("invalid_amount");
    expect(rejects(-1).message).toBe("Amount must be positive, got -1.");
    expect(rejects("-5").code).toBe("invalid_amount");
    expect(rejects(Number.NaN).message).toBe("Amount must be a finite number.");
    expect(rejects(Number.POSITIVE_INFINITY).code).toBe("invalid_amount");
    expect(rejects(Number.NEGATIVE_INFINITY).code).toBe("invalid_amount");
  });

  it("rejects more decimals than the currency allows, saying how many it allows", () => {
    expect(rejects(1.234, "USD").message).toBe("Amount 1.234 has more decimals than USD allows (2 decimal places).");
    expect(rejects(10.5, "XOF").message).toBe(
      "Amount 10.5 has more decimals than XOF allows (0 decimal places: whole units only).",
    );
    expect(rejects("10.50", "XAF").code).toBe("invalid_amount");
    expect(rejects(1.005, "EUR").code).toBe("invalid_amount");
    expect(rejects(1e-7, "USD").message).toBe("Amount 1e-7 has more decimals than USD allows (2 decimal places).");
  });

  it("rejects absurdly large amounts (above 10^12 major units)", () => {
    expect(rejects(1e20, "XOF").message).toBe("Amount 100000000000000000000 is too large: the maximum is 1000000000000 XOF.");
    expect(rejects(1e21, "USD").code).toBe("invalid_amount"); // String(1e21) === "1e+21"
    expect(rejects(1e12 + 1, "XOF").code).toBe("invalid_amount");
    expect(rejects("1000000000000.01", "USD").code).toBe("invalid_amount");
    expect(toMinor(1e12, "XOF")).toBe(10n ** 12n);
    expect(toMinor("999999999999.99", "USD")).toBe(99_999_999_999_999n);
  });

  it("rejects strings that are not plain decimals and non-numbers", () => {
    for (const bad of ["", "abc", "1e5", " 5", "5 ", "1.", ".5", "1,5", "0x10", "+5", "Infinity"]) {
      expect(rejects(bad).code).toBe("invalid_amount");
    }
    for (const bad of [null, undefined, true, {}, 5n]) expect(rejects(bad).code).toBe("invalid_amount");
  });

  it("rejects an unknown currency as invalid_currency", () => {
    expect(appErrorOf(() => toMinor(5, "ABC" as CurrencyCode)).code).toBe("invalid_currency");
  });

  it("accepts zero when asked (limits, balances), still not negative", () => {
    expect(toMinorAllowZero(0, "USD")).toBe(0n);
    expect(toMinorAllowZero("0.00", "USD")).toBe(0n);
    expect(toMinor(0, "XOF", { allowZero: true })).toBe(0n);
    expect(toMinorAllowZero(12.5, "USD")).toBe(1250n);
    expect(appErrorOf(() => toMinorAllowZero(-1, "USD")).code).toBe("invalid_amount");
    expect(appErrorOf(() => toMinorAllowZero(0.5, "XOF")).code).toBe("invalid_amount");
  });
});
