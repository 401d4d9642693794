import { describe, expect, it } from "vitest";
import { parseTypedAmount } from "@/lib/money";
import { appErrorOf } from "./helpers";

describe("parseTypedAmount (amounts typed in the dashboard's forms)", () => {
  it("accepts thousands grouped by any kind of space, exactly", () => {
    expect(parseTypedAmount("50000", "XOF")).toBe(50000n);
    expect(parseTypedAmount("50 000", "XOF")).toBe(50000n);
    expect(parseTypedAmount("50\u00A0000", "XOF")).toBe(50000n); // no-break space
    expect(parseTypedAmount("50\u202F000", "XOF")).toBe(50000n); // narrow no-break space (French formatting)
    expect(parseTypedAmount(" 1 234 567 ", "XAF")).toBe(1234567n);
  });

  it("takes a decimal point or a decimal comma, never through floats", () => {
    expect(parseTypedAmount("12.50", "USD")).toBe(1250n);
    expect(parseTypedAmount("12,50", "EUR")).toBe(1250n);
    expect(parseTypedAmount("1 234,5", "EUR")).toBe(123450n);
    expect(parseTypedAmount("0,29", "USD")).toBe(29n);
  });

  it("refuses what it would have to guess, and what is not an amount", () => {
    // Thousands or decimals? Off by 1,000 either way: refused, not guessed.
    expect(appErrorOf(() => parseTypedAmount("50,000", "XOF"))).toMatchObject({ code: "invalid_amount", message: expect.stringContaining("ambiguous") });
    expect(appErrorOf(() => parseTypedAmount("50.000", "USD"))).toMatchObject({ code: "invalid_amount", message: expect.stringContaining("ambiguous") });
    for (const bad of ["", "abc", "5 0000", "50  000", "1,000.50", "-5", "1e5", "12.", ".5", "5 000 F"]) {
      expect(appErrorOf(() => parseTypedAmount(bad, "XOF")), bad).toMatchObject({ code: "invalid_amount" });
    }
    // toMinor's own rules still hold: decimals the currency does not have, zero.
    expect(appErrorOf(() => parseTypedAmount("12,5", "XOF"))).toMatchObject({ code: "invalid_amount" });
    expect(appErrorOf(() => parseTypedAmount("0", "XOF"))).toMatchObject({ code: "invalid_amount" });
  });
});
