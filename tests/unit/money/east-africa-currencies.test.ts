import { describe, expect, it } from "vitest";
import { convertMinor, formatAmount, formatCustomerAmount, fromMinor, minorToDecimalString, parseTypedAmount, percentOf, smallestSourceCovering, toMinor } from "@/lib/money";
import { appErrorOf } from "./helpers";

/**
 * The East African and Ghanaian currencies at their ISO 4217 exponents: UGX and RWF have no minor
 * unit, so no path through lib/money may produce or accept a fraction of them; KES, TZS, ZMW and
 * GHS have cents.
 */
describe("currencies without a minor unit (UGX, RWF)", () => {
  it("are whole: 50,000 UGX is 50000n, and any fraction is refused, however written", () => {
    expect(toMinor(50_000, "UGX")).toBe(50_000n);
    expect(toMinor("2500", "RWF")).toBe(2_500n);
    expect(appErrorOf(() => toMinor(100.5, "UGX")).message).toBe("Amount 100.5 has more decimals than UGX allows (0 decimal places: whole units only).");
    expect(appErrorOf(() => toMinor("100.50", "RWF")).message).toContain("0 decimal places");
    expect(toMinor("100.00", "RWF")).toBe(100n); // trailing zeros are not a fraction
    expect(appErrorOf(() => parseTypedAmount("1 000,50", "UGX")).code).toBe("invalid_amount");
  });

  it("are written back without a decimal point, on the wire and on screen", () => {
    expect(fromMinor(50_000n, "UGX")).toBe(50_000);
    expect(minorToDecimalString(1_234_567n, "RWF")).toBe("1234567");
    expect(formatAmount(5_000_000n, "UGX", "en")).toBe("UGX\u00A05,000,000");
    expect(formatCustomerAmount(2_500n, "RWF", "en")).toBe("RWF\u00A02,500");
  });

  it("round to whole units when converted into, or when a fee is taken", () => {
    // 10.00 KES at 28.7 UGX per KES = 287 UGX exactly; 10.01 KES = 287.287 → 287 (half-up).
    expect(convertMinor(1_000n, "KES", "UGX", "28.7", "half-up")).toBe(287n);
    expect(convertMinor(1_001n, "KES", "UGX", "28.7", "half-up")).toBe(287n);
    // 1,000 UGX → KES at 0.0348: 34.80 KES, in cents.
    expect(convertMinor(1_000n, "UGX", "KES", "0.0348", "half-up")).toBe(3_480n);
    // 1.5 % of 333 RWF = 4.995 → 5 (half-up), a whole franc.
    expect(percentOf(333n, "1.5", "half-up")).toBe(5n);
    // The smallest KES amount whose conversion covers 1,000 UGX (rounded down) is in cents.
    const source = smallestSourceCovering(1_000n, "KES", "UGX", "28.7");
    expect(convertMinor(source, "KES", "UGX", "28.7", "down") >= 1_000n).toBe(true);
    expect(convertMinor(source - 1n, "KES", "UGX", "28.7", "down") < 1_000n).toBe(true);
  });
});

describe("currencies with cents (KES, TZS, ZMW, GHS)", () => {
  it("take two decimals and refuse a third", () => {
    expect(toMinor("149.50", "KES")).toBe(14_950n);
    expect(toMinor(1_000, "TZS")).toBe(100_000n);
    expect(toMinor(12.34, "ZMW")).toBe(1_234n);
    expect(toMinor(0.01, "GHS")).toBe(1n);
    expect(appErrorOf(() => toMinor("1.005", "KES")).message).toContain("2 decimal places");
    expect(formatAmount(14_950n, "KES", "en")).toBe("KES\u00A0149.50");
    expect(formatAmount(100_000n, "TZS", "fr")).toBe("1\u202F000,00\u00A0TZS");
  });
});
