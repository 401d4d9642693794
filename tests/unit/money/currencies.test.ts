import Big from "big.js";
import { describe, expect, it } from "vitest";
import { CURRENCIES, CURRENCY_CODES, currencyExponent, getCurrency, isCurrency } from "@/lib/money";
import { appErrorOf } from "./helpers";

describe("currencies", () => {
  it("lists the supported currencies with their ISO 4217 exponent", () => {
    const exponents = Object.fromEntries(Object.values(CURRENCIES).map((c) => [c.code, c.exponent]));
    expect(exponents).toEqual({ XOF: 0, XAF: 0, USD: 2, EUR: 2, INR: 2, CDF: 2, MAD: 2, GBP: 2, NGN: 2, GHS: 2, KES: 2, UGX: 0, TZS: 2, RWF: 0, ZMW: 2 });
    expect(CURRENCY_CODES).toEqual(Object.keys(exponents));
    for (const [code, c] of Object.entries(CURRENCIES)) expect(c.code).toBe(code);
  });

  it("isCurrency accepts only the exact upper-case codes", () => {
    expect(isCurrency("XOF")).toBe(true);
    expect(isCurrency("GHS")).toBe(true);
    expect(isCurrency("xof")).toBe(false);
    expect(isCurrency("JPY")).toBe(false);
    expect(isCurrency("")).toBe(false);
    expect(isCurrency("toString")).toBe(false);
  });

  it("currencyExponent and getCurrency", () => {
    expect(currencyExponent("XOF")).toBe(0);
    expect(currencyExponent("XAF")).toBe(0);
    expect(currencyExponent("USD")).toBe(2);
    expect(getCurrency("EUR")).toEqual({ code: "EUR", exponent: 2, name: "Euro" });
  });

  it("unknown currency is invalid_currency", () => {
    const err = appErrorOf(() => getCurrency("ZZZ"));
    expect(err.code).toBe("invalid_currency");
    expect(err.message).toContain("ZZZ");
    expect(appErrorOf(() => currencyExponent("usd")).code).toBe("invalid_currency");
  });

  it("leaves the global big.js settings untouched", async () => {
    await import("@/lib/money");
    expect([Big.DP, Big.RM, Big.NE, Big.PE, Big.strict]).toEqual([20, 1, -7, 21, false]);
  });
});
