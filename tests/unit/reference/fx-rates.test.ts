import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { convertMinor } from "@/lib/money";
import { fxRateFrom } from "@/lib/reference/get-fx-rate";
import { payerAmountFor } from "@/lib/reference/payer-amount-for";
import { seedCatalogue } from "./test-catalogue";

/** Expected values computed by hand (mid 600 USD→XOF, EUR peg 655.957, default spread 1.5 %). */
const catalogue = seedCatalogue();

describe("FX rates (docs/design/quotes-and-payouts.md)", () => {
  it("applies the spread against the merchant on a stored pair", () => {
    expect(fxRateFrom(catalogue, "USD", "XOF")).toEqual({ from: "USD", to: "XOF", rate: "591", midRate: "600", spreadPercent: "1.5", parity: false });
    expect(fxRateFrom(catalogue, "USD", "XOF", "against-merchant-paying").rate).toBe("609");
  });

  it("inverts the reverse pair to 10 significant digits", () => {
    expect(fxRateFrom(catalogue, "XOF", "USD")).toEqual({
      from: "XOF",
      to: "USD",
      rate: "0.0016416667",
      midRate: "0.001666666667",
      spreadPercent: "1.5",
      parity: false,
    });
    expect(fxRateFrom(catalogue, "XOF", "USD", "against-merchant-paying").rate).toBe("0.0016916667");
    expect(fxRateFrom(catalogue, "XOF", "EUR").rate).toBe("0.0015016228");
  });

  it("crosses through XOF when no pair is stored", () => {
    expect(fxRateFrom(catalogue, "EUR", "USD")).toMatchObject({ midRate: "1.093261666885319", rate: "1.0768627419" });
    expect(fxRateFrom(catalogue, "USD", "EUR")).toMatchObject({ midRate: "0.9146941032", rate: "0.9009736917" });
    expect(fxRateFrom(catalogue, "CDF", "INR")).toMatchObject({ midRate: "0.029166666669", rate: "0.0287291667" });
    expect(fxRateFrom(catalogue, "INR", "CDF")).toMatchObject({ midRate: "34.2857142864", rate: "33.7714285721" });
  });

  it("treats XOF↔XAF as parity (rate 1, no spread), also inside a cross", () => {
    const parity = { rate: "1", midRate: "1", spreadPercent: "0", parity: true };
    expect(fxRateFrom(catalogue, "XOF", "XAF")).toMatchObject(parity);
    expect(fxRateFrom(catalogue, "XAF", "XOF", "against-merchant-paying")).toMatchObject(parity);
    expect(fxRateFrom(catalogue, "XAF", "USD")).toMatchObject({ midRate: "0.001666666667", rate: "0.0016416667", parity: false });
    expect(fxRateFrom(catalogue, "USD", "XAF")).toMatchObject({ midRate: "600", rate: "591" });
  });

  it("converts a currency to itself at 1", () => {
    expect(fxRateFrom(catalogue, "EUR", "EUR")).toMatchObject({ rate: "1", spreadPercent: "0", parity: true });
  });

  it("uses a pair's own spread before the default", () => {
    const edited = seedCatalogue((rows) => rows.fxSpreads.push({ baseCurrency: "USD", quoteCurrency: "XOF", spreadPercent: "1", parity: false }));
    expect(fxRateFrom(edited, "XOF", "USD")).toMatchObject({ spreadPercent: "1" });
    expect(fxRateFrom(edited, "USD", "XOF")).toMatchObject({ rate: "594", spreadPercent: "1" });
    expect(fxRateFrom(edited, "EUR", "XOF")).toMatchObject({ spreadPercent: "1.5" });
  });

  it("prefers a stored direct pair over the inverse and the cross", () => {
    const edited = seedCatalogue((rows) => {
      rows.fxRates.push({ baseCurrency: "XOF", quoteCurrency: "USD", midRate: "0.00165", updatedBy: "test" });
      rows.fxRates.push({ baseCurrency: "EUR", quoteCurrency: "USD", midRate: "1.08", updatedBy: "test" });
    });
    expect(fxRateFrom(edited, "XOF", "USD")).toMatchObject({ midRate: "0.00165", rate: "0.00162525" });
    expect(fxRateFrom(edited, "EUR", "USD")).toMatchObject({ midRate: "1.08", rate: "1.0638" });
  });

  it("refuses unknown currencies and pairs without any rate", () => {
    expect(() => fxRateFrom(catalogue, "ABC", "XOF")).toThrow(AppError);
    expect(() => fxRateFrom(catalogue, "ABC", "XOF")).toThrow(/Unsupported currency: ABC/);
    expect(() => fxRateFrom(catalogue, "GBP", "XOF")).toThrow(/No exchange rate is available from GBP to XOF/);
  });
});

describe("conversions with the catalogue's rates", () => {
  it("converts half-up at the selling rate", () => {
    const fx = fxRateFrom(catalogue, "XOF", "USD");
    expect(convertMinor(10_000n, "XOF", "USD", fx.rate, "half-up")).toBe(1642n); // 16.416667 → 16.42 USD
    expect(convertMinor(100n, "USD", "XOF", fxRateFrom(catalogue, "USD", "XOF").rate, "half-up")).toBe(591n);
  });

  it("asks the payer the smallest amount that covers the merchant amount", () => {
    expect(payerAmountFor(catalogue, 1_000n, "EUR", "XOF")).toMatchObject({ payerAmount: 6_660n, fx: { rate: "0.0015016228" } });
    expect(payerAmountFor(catalogue, 1_540n, "USD", "XOF").payerAmount).toBe(9_381n);
    expect(payerAmountFor(catalogue, 10_000n, "USD", "XAF").payerAmount).toBe(60_914n);
    // The defining property, exactly: 9381 XOF covers 15.40 USD, 9380 does not.
    expect(convertMinor(9_381n, "XOF", "USD", "0.0016416667", "down")).toBe(1_540n);
    expect(convertMinor(9_380n, "XOF", "USD", "0.0016416667", "down")).toBe(1_539n);
  });

  it("asks the same amount at parity or in the same currency", () => {
    expect(payerAmountFor(catalogue, 10_000n, "XOF", "XAF")).toMatchObject({ payerAmount: 10_000n, fx: { parity: true } });
    expect(payerAmountFor(catalogue, 2_550n, "EUR", "EUR")).toMatchObject({ payerAmount: 2_550n, fx: { parity: true } });
  });
});
