import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { type CurrencyCode, percentOf } from "@/lib/money";
import { computeQuote, type ComputeQuoteInput } from "@/lib/payouts/compute-quote";
import { fxRateFrom } from "@/lib/reference/get-fx-rate";
import { payoutFeeFrom } from "@/lib/reference/payout-fee-xof";
import { seedCatalogue } from "../reference/test-catalogue";

// docs/design/quotes-and-payouts.md worked examples: illustrative tariff 1 % of the XOF amount; mid USD→XOF 600 (the
// sandbox seed); spread 1.5 %; XOF↔XAF at parity.
const catalogue = seedCatalogue();
const fx: ComputeQuoteInput["fx"] = (from, to, direction) => fxRateFrom(catalogue, from, to, direction);
const onePercent = (amountXof: bigint) => percentOf(amountXof, "1", "half-up");

function quote(wallets: Partial<Record<CurrencyCode, bigint>>, overrides: Partial<ComputeQuoteInput> = {}) {
  return computeQuote({
    amount: 10_000n,
    currency: "XOF",
    destinationCurrency: "XOF",
    destinationCountry: "SN",
    settlementCurrency: "XOF",
    balanceCategory: "collect",
    wallets: Object.entries(wallets).map(([currency, available]) => ({ currency: currency as CurrencyCode, available: available! })),
    feeXof: onePercent,
    fx,
    ...overrides,
  });
}

function insufficient(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("INSUFFICIENT_BALANCE");
    return err as AppError;
  }
  throw new Error("expected INSUFFICIENT_BALANCE");
}

describe("computeQuote: docs/design/quotes-and-payouts.md worked examples", () => {
  it("XOF 100,000 held, 10,000 XOF to SN: same-currency domestic, no fx, no top-up", () => {
    const q = quote({ XOF: 100_000n });
    expect(q.input).toEqual({ amount: 10_000n, currency: "XOF" });
    expect(q.source).toEqual({ amount: 10_000n, currency: "XOF" });
    expect(q.destination).toEqual({ amount: 10_000n, currency: "XOF", country: "SN" });
    expect(q.fees).toEqual({ amount: 100n, currency: "XOF", billed: { amount: 100n, currency: "XOF", rate: "1" } });
    expect(q.totalDebit).toEqual({ amount: 10_100n, currency: "XOF" });
    expect(q.debitConversionRate).toBe("1");
    expect(q.fx).toBeNull();
    expect(q.fxTopUp).toBeNull();
  });

  it("XOF 1,000 and XAF 100,000 held: the shortfall 9,100 is converted from XAF at parity", () => {
    const q = quote({ XOF: 1_000n, XAF: 100_000n });
    expect(q.totalDebit).toEqual({ amount: 10_100n, currency: "XOF" });
    expect(q.fxTopUp).toEqual({ fromCurrency: "XAF", toCurrency: "XOF", sourceAmount: 9_100n, targetAmount: 9_100n, rate: "1", spreadPercent: "0", parity: true });
  });

  it("XOF 1,000 and USD 100.00 held, no allowFxFrom: INSUFFICIENT_BALANCE naming USD as convertible", () => {
    const err = insufficient(() => quote({ XOF: 1_000n, USD: 10_000n }));
    expect(err.extra).toEqual({
      code: "INSUFFICIENT_BALANCE",
      balanceCategory: "collect",
      attempts: [{ currency: "XOF", required: 10_100, available: 1_000 }],
      convertibleFrom: [{ currency: "USD", available: 100 }],
    });
    expect(err.message).toBe(
      "Insufficient balance: 1000 XOF available in the XOF collect wallet, 10100 XOF required. " +
        "The shortfall of 9100 XOF can be converted from USD (100.00 USD available): pass allowFxFrom with one of these currencies.",
    );
  });

  it("same with allowFxFrom USD: rate 600 × 0.985 = 591, sourceAmount 15.40 USD, targetAmount 9,100", () => {
    const q = quote({ XOF: 1_000n, USD: 10_000n }, { allowFxFrom: "USD" });
    expect(q.totalDebit).toEqual({ amount: 10_100n, currency: "XOF" });
    expect(q.fxTopUp).toEqual({ fromCurrency: "USD", toCurrency: "XOF", sourceAmount: 1_540n, targetAmount: 9_100n, rate: "591", spreadPercent: "1.5", parity: false });
  });
});

describe("computeQuote: rules", () => {
  it("parity is preferred over a floating top-up even when allowFxFrom names another wallet", () => {
    const q = quote({ XOF: 1_000n, XAF: 100_000n, USD: 10_000n }, { allowFxFrom: "USD" });
    expect(q.fxTopUp).toMatchObject({ fromCurrency: "XAF", sourceAmount: 9_100n, parity: true, rate: "1" });
  });

  it("debits the settlement wallet when the payout currency's wallet is held but falls short", () => {
    // 10.00 USD to a US account; USD 5.00 held, XOF 100,000 held, settlement XOF.
    const q = quote({ XOF: 100_000n, USD: 500n }, { amount: 1_000n, currency: "USD", destinationCurrency: "USD", destinationCountry: "US" });
    // Tariff base: 10.00 USD at mid 600 = 6,000 XOF ⇒ fee 60 XOF.
    expect(q.amountXof).toBe(6_000n);
    expect(q.debitConversionRate).toBe("609"); // 600 × 1.015, priced against the merchant
    expect(q.principalDebit).toBe(6_090n);
    expect(q.fees).toEqual({ amount: 60n, currency: "XOF", billed: { amount: 60n, currency: "XOF", rate: "1" } });
    expect(q.totalDebit).toEqual({ amount: 6_150n, currency: "XOF" });
    expect(q.source).toEqual({ amount: 1_000n, currency: "USD" });
    expect(q.destination).toEqual({ amount: 1_000n, currency: "USD", country: "US" });
    expect(q.fx).toBeNull();
    expect(q.fxTopUp).toBeNull();
  });

  it("debits the payout currency's wallet when it covers, fees converted XOF→USD", () => {
    const q = quote({ XOF: 100_000n, USD: 5_000n }, { amount: 1_000n, currency: "USD", destinationCurrency: "USD", destinationCountry: "US" });
    // 60 XOF × (1/600 × 1.015) = 0.1015 USD ⇒ 0.10 USD (half-up).
    expect(q.fees).toEqual({ amount: 10n, currency: "USD", billed: { amount: 60n, currency: "XOF", rate: "0.0016916667" } });
    expect(q.totalDebit).toEqual({ amount: 1_010n, currency: "USD" });
    expect(q.debitConversionRate).toBe("1");
  });

  it("the settlement wallet is used when the payout currency is not held at all", () => {
    const q = quote({ XOF: 100_000n }, { amount: 1_000n, currency: "USD", destinationCurrency: "USD", destinationCountry: "US" });
    expect(q.totalDebit).toEqual({ amount: 6_150n, currency: "XOF" });
  });

  it("fx applies when the destination currency differs (spread against the merchant)", () => {
    const q = quote({ XOF: 100_000n }, { amount: 60_000n, destinationCurrency: "USD", destinationCountry: "US" });
    expect(q.fx).toEqual({ rate: "0.0016416667", spreadPercent: "1.5", sourceCurrency: "XOF", destinationCurrency: "USD" });
    expect(q.destination).toEqual({ amount: 9_850n, currency: "USD", country: "US" });
    expect(q.totalDebit).toEqual({ amount: 60_600n, currency: "XOF" });
  });

  it("XOF to a XAF country converts at parity: fx rate 1, spread 0", () => {
    const q = quote({ XOF: 100_000n }, { destinationCurrency: "XAF", destinationCountry: "CM" });
    expect(q.fx).toEqual({ rate: "1", spreadPercent: "0", sourceCurrency: "XOF", destinationCurrency: "XAF" });
    expect(q.destination.amount).toBe(10_000n);
  });

  it("fxTopUp.sourceAmount is rounded up to the cent: the smallest amount that covers the shortfall", () => {
    const q = quote({ XOF: 1n, USD: 10_000n }, { allowFxFrom: "USD" });
    // shortfall 10,099 XOF / 591 = 17.0880… ⇒ 17.09 USD (17.08 × 591 = 10,094.28 < 10,099).
    expect(q.fxTopUp).toMatchObject({ sourceAmount: 1_709n, targetAmount: 10_099n });
  });

  it("insufficient with no convertible wallet: convertibleFrom is empty (fund the account)", () => {
    // USD 50.00 × 591 = 29,550 XOF would not cover a shortfall of 39,400.
    const err = insufficient(() => quote({ XOF: 1_000n, USD: 5_000n }, { amount: 40_000n, allowFxFrom: "USD" }));
    expect(err.extra).toEqual({
      code: "INSUFFICIENT_BALANCE",
      balanceCategory: "collect",
      attempts: [{ currency: "XOF", required: 40_400, available: 1_000 }],
      convertibleFrom: [],
    });
    expect(err.message).toContain("No other wallet can cover the shortfall of 39400 XOF: fund the account.");
  });

  it("insufficient lists both wallets tried when the payout currency's wallet is held", () => {
    const err = insufficient(() =>
      quote({ XOF: 100n, USD: 500n }, { amount: 1_000n, currency: "USD", destinationCurrency: "USD", destinationCountry: "US", balanceCategory: "payout" }),
    );
    expect(err.extra).toMatchObject({
      balanceCategory: "payout",
      attempts: [
        { currency: "USD", required: 10.1, available: 5 },
        { currency: "XOF", required: 6_150, available: 100 },
      ],
      // 5.00 USD × 591 = 2,955 XOF does not cover the 6,050 XOF shortfall.
      convertibleFrom: [],
    });
  });
});

describe("computeQuote: fees for each tariff row of the seed", () => {
  const cases: [string, "c2c" | "b2b", boolean, bigint, bigint][] = [
    // method, type, international, amount XOF, expected fee XOF
    ["orange", "c2c", false, 50_000n, 500n], // 1 %
    ["orange", "c2c", false, 5_000n, 100n], // minimum 100
    ["wave", "b2b", false, 100_000n, 800n], // 0.8 %
    ["wave", "b2b", false, 10_000n, 500n], // minimum 500
    ["mtn", "c2c", true, 100_000n, 2_500n], // 2.5 %
    ["mtn", "c2c", true, 10_000n, 1_000n], // minimum 1,000
    ["moov", "b2b", true, 200_000n, 4_000n], // 2 %
    ["moov", "b2b", true, 50_000n, 2_000n], // minimum 2,000
    ["bank_transfer", "c2c", false, 500_000n, 1_000n], // flat
    ["bank_transfer", "b2b", false, 500_000n, 1_500n],
    ["bank_transfer", "c2c", true, 500_000n, 15_000n], // SWIFT
    ["bank_transfer", "b2b", true, 500_000n, 20_000n],
  ];
  it.each(cases)("%s %s international=%s on %i XOF ⇒ fee %i XOF", (method, type, international, amount, fee) => {
    const q = quote(
      { XOF: 100_000_000n },
      { amount, feeXof: (amountXof) => payoutFeeFrom(catalogue, { amountXof, method, type, international }).feeXof },
    );
    expect(q.fees).toEqual({ amount: fee, currency: "XOF", billed: { amount: fee, currency: "XOF", rate: "1" } });
    expect(q.totalDebit.amount).toBe(amount + fee);
  });
});
