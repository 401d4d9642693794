import { describe, expect, it } from "vitest";
import { isValidBic, isValidIban, looksLikeIban } from "@/lib/payouts/bank-identifiers";

describe("IBAN and BIC checks", () => {
  it.each(["FR1420041010050500013M02606", "GB82 WEST 1234 5698 7654 32", "DE89370400440532013000", "be68539007547034"])("accepts the valid IBAN %s", (iban) => {
    expect(looksLikeIban(iban)).toBe(true);
    expect(isValidIban(iban)).toBe(true);
  });

  it.each(["FR1520041010050500013M02606", "GB82WEST12345698765433", "DE89370400440532013001"])("refuses %s (checksum)", (iban) => {
    expect(looksLikeIban(iban)).toBe(true);
    expect(isValidIban(iban)).toBe(false);
  });

  it("does not treat a plain account number as an IBAN", () => {
    expect(looksLikeIban("0012345678")).toBe(false);
    expect(looksLikeIban("SN-0012-345")).toBe(false);
  });

  it.each([
    ["BNPAFRPP", true],
    ["BNPAFRPPXXX", true],
    ["deutdeff500", true],
    ["BNP1FRPP", false],
    ["BNPAFRPPXX", false],
    ["BNPAFR", false],
  ])("BIC %s valid=%s", (bic, ok) => {
    expect(isValidBic(bic)).toBe(ok);
  });
});
