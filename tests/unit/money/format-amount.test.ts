import { describe, expect, it } from "vitest";
import { formatAmount } from "@/lib/money";

const NNBSP = "\u202F"; // thousands separator in French
const NBSP = "\u00A0"; // between number and code

describe("formatAmount", () => {
  it("XOF 1234567 minor units", () => {
    expect(formatAmount(1234567n, "XOF", "fr")).toBe(`1${NNBSP}234${NNBSP}567${NBSP}XOF`);
    expect(formatAmount(1234567n, "XOF", "en")).toBe(`XOF${NBSP}1,234,567`);
  });

  it("USD 1234567 minor units", () => {
    expect(formatAmount(1234567n, "USD", "fr")).toBe(`12${NNBSP}345,67${NBSP}USD`);
    expect(formatAmount(1234567n, "USD", "en")).toBe(`USD${NBSP}12,345.67`);
  });

  it("small amounts and separators only where needed", () => {
    expect(formatAmount(10000n, "XOF", "fr")).toBe(`10${NNBSP}000${NBSP}XOF`);
    expect(formatAmount(10000n, "XAF", "en")).toBe(`XAF${NBSP}10,000`);
    expect(formatAmount(1540n, "USD", "en")).toBe(`USD${NBSP}15.40`);
    expect(formatAmount(1540n, "USD", "fr")).toBe(`15,40${NBSP}USD`);
    expect(formatAmount(999n, "XOF", "en")).toBe(`XOF${NBSP}999`);
    expect(formatAmount(100000n, "EUR", "en")).toBe(`EUR${NBSP}1,000.00`);
    expect(formatAmount(5n, "USD", "fr")).toBe(`0,05${NBSP}USD`);
    expect(formatAmount(0n, "XOF", "en")).toBe(`XOF${NBSP}0`);
  });

  it("is exact beyond float precision and handles negatives", () => {
    expect(formatAmount(99_999_999_999_999_999n, "USD", "en")).toBe(`USD${NBSP}999,999,999,999,999.99`);
    expect(formatAmount(-1234567n, "XOF", "en")).toBe(`-XOF${NBSP}1,234,567`);
    expect(formatAmount(-1234567n, "XOF", "fr")).toBe(`-1${NNBSP}234${NNBSP}567${NBSP}XOF`);
  });
});

describe("formatCustomerAmount (what the paying customer reads)", () => {
  it("writes CFA francs as customers do: FCFA for XOF, F CFA for XAF, after the number", async () => {
    const { formatCustomerAmount } = await import("@/lib/money");
    expect(formatCustomerAmount(250000n, "XOF", "fr")).toBe("250\u202F000\u00A0FCFA");
    expect(formatCustomerAmount(250000n, "XOF", "en")).toBe("250,000\u00A0FCFA");
    expect(formatCustomerAmount(1500n, "XAF", "fr")).toBe("1\u202F500\u00A0F\u00A0CFA");
    expect(formatCustomerAmount(999n, "XAF", "en")).toBe("999\u00A0F\u00A0CFA");
    // Other currencies: as the dashboard shows them.
    expect(formatCustomerAmount(123456n, "EUR", "fr")).toBe("1\u202F234,56\u00A0EUR");
  });
});
