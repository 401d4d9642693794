import { describe, expect, it } from "vitest";
import { collectFeeFrom } from "@/lib/reference/collect-fee";
import { payoutFeeFrom } from "@/lib/reference/payout-fee-xof";
import { seedCatalogue } from "./test-catalogue";

const catalogue = seedCatalogue();
const fee = (amountXof: bigint, method: string, options: { type?: "c2c" | "b2b"; international?: boolean; merchantId?: string } = {}) =>
  payoutFeeFrom(catalogue, { amountXof, method, international: false, ...options }).feeXof;

describe("payout fee in XOF: max(percent, minimum) + flat, half-up", () => {
  it("mobile money c2c domestic: 1 % with a 100 XOF minimum", () => {
    expect(fee(10_000n, "orange")).toBe(100n);
    expect(fee(5_000n, "wave")).toBe(100n); // 50 < minimum
    expect(fee(0n, "wave")).toBe(100n);
    expect(fee(123_456n, "mtn")).toBe(1_235n); // 1234.56
    expect(fee(123_450n, "moov")).toBe(1_235n); // 1234.5 rounds half-up
    expect(fee(123_449n, "moov")).toBe(1_234n); // 1234.49
  });

  it("mobile money b2b and international", () => {
    expect(fee(1_000_000n, "orange", { type: "b2b" })).toBe(8_000n); // 0.8 %
    expect(fee(50_000n, "orange", { type: "b2b" })).toBe(500n); // 400 < minimum 500
    expect(fee(100_000n, "airtel", { international: true })).toBe(2_500n); // 2.5 %
    expect(fee(30_000n, "airtel", { international: true })).toBe(1_000n); // 750 < minimum 1000
    expect(fee(1_000_000n, "orange", { type: "b2b", international: true })).toBe(20_000n); // 2 %
  });

  it("bank transfer and SWIFT are flat", () => {
    expect(fee(10_000n, "bank_transfer")).toBe(1_000n);
    expect(fee(50_000_000n, "bank_transfer")).toBe(1_000n);
    expect(fee(10_000n, "bank_transfer", { type: "b2b" })).toBe(1_500n);
    expect(fee(10_000n, "bank_transfer", { international: true })).toBe(15_000n);
    expect(fee(10_000n, "bank_transfer", { type: "b2b", international: true })).toBe(20_000n);
  });

  it("names the tariff it used", () => {
    const result = payoutFeeFrom(catalogue, { amountXof: 10_000n, method: "wave", international: false });
    expect(result.tariff).toMatchObject({ id: "pft-default-mobile_money-c2c-domestic", percent: "1", minimumXof: 100n, flatXof: 0n });
  });

  it("honours merchant overrides, most specific first", () => {
    const edited = seedCatalogue((rows) => {
      const row = (id: string, merchantId: string | null, method: string, percent: string, minimumXof: bigint) =>
        rows.payoutTariffs.push({ id, merchantId, method, type: "c2c", scope: "domestic", percent, minimumXof, flatXof: 0n });
      row("m1-family", "mch_1", "mobile_money", "0.5", 50n);
      row("m1-orange", "mch_1", "orange", "0.25", 0n);
      row("default-wave", null, "wave", "0.9", 100n);
    });
    const f = (method: string, merchantId?: string) => payoutFeeFrom(edited, { amountXof: 100_000n, method, international: false, merchantId });
    expect(f("orange", "mch_1")).toMatchObject({ feeXof: 250n, tariff: { id: "m1-orange" } });
    expect(f("wave", "mch_1")).toMatchObject({ feeXof: 500n, tariff: { id: "m1-family" } });
    expect(f("wave", "mch_2")).toMatchObject({ feeXof: 900n, tariff: { id: "default-wave" } });
    expect(f("orange", "mch_2")).toMatchObject({ feeXof: 1_000n, tariff: { id: "pft-default-mobile_money-c2c-domestic" } });
    expect(f("bank_transfer", "mch_1").feeXof).toBe(1_000n); // no bank override for mch_1
  });

  it("refuses a method without a tariff or an unknown one", () => {
    expect(() => fee(10_000n, "crypto")).toThrow(/crypto .* not available: no tariff/);
    expect(() => fee(10_000n, "paypal")).toThrow(/Unknown payout method "paypal"/);
    expect(() => fee(-1n, "wave")).toThrow(RangeError);
  });
});

describe("collect fee: percent of the amount in its currency, half-up", () => {
  const collect = (amount: bigint, provider: string, merchantId?: string) => collectFeeFrom(catalogue, { amount, provider, merchantId });

  it("computes exact fees", () => {
    expect(collect(10_000n, "orange").fee).toBe(150n); // 1.5 %
    expect(collect(12_345n, "wave").fee).toBe(123n); // 123.45
    expect(collect(1_000n, "emoney").fee).toBe(18n); // 17.5 rounds half-up
    expect(collect(12_345n, "bank_transfer").fee).toBe(99n); // 0.8 % of 123.45 EUR = 0.9876 → 0.99
    expect(collect(99n, "crypto").fee).toBe(1n); // 0.99
  });

  it("uses the merchant's own rate when there is one", () => {
    const edited = seedCatalogue((rows) => rows.collectTariffs.push({ id: "m", merchantId: "mch_1", providerCode: "orange", percent: "0.9" }));
    expect(collectFeeFrom(edited, { amount: 10_000n, provider: "orange", merchantId: "mch_1" })).toMatchObject({ fee: 90n, tariff: { id: "m" } });
    expect(collectFeeFrom(edited, { amount: 10_000n, provider: "orange", merchantId: "mch_2" }).fee).toBe(150n);
    expect(collectFeeFrom(edited, { amount: 10_000n, provider: "wave", merchantId: "mch_1" }).fee).toBe(100n);
  });

  it("refuses a provider without a tariff", () => {
    expect(() => collect(10_000n, "paypal")).toThrow(/paypal are not available/);
  });
});
