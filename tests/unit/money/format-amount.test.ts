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
