import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { collectFee } from "@/lib/reference/collect-fee";
import { convertAmount } from "@/lib/reference/convert-amount";
import { findCorridor } from "@/lib/reference/find-corridor";
import { getCatalogue, invalidateReferenceCache } from "@/lib/reference/get-catalogue";
import { getChannel } from "@/lib/reference/get-channel";
import { getFxRate } from "@/lib/reference/get-fx-rate";
import { isPurposeAllowed } from "@/lib/reference/is-purpose-allowed";
import { payoutFeeXof } from "@/lib/reference/payout-fee-xof";
import { seedReferenceData } from "@/lib/reference/seed-reference-data";
import { setChannel } from "@/lib/reference/set-channel";
import { setFxRate } from "@/lib/reference/set-fx-rate";
import { findMerchantRow } from "@/lib/merchants/merchant-records";
import { setCollectTariff, setPayoutTariff } from "@/lib/reference/set-tariff";
import { validatePhone } from "@/lib/reference/validate-phone";
import { ensureReferenceData } from "../../helpers/reference";
import { createTestMerchant } from "../../helpers/merchants";

/**
 * The look-ups other domains call, on a real database. Edits use rows no other test file reads
 * (GBP/NGN/GHS rates, the crypto GQ USD channel, fresh merchants), because with DATABASE_URL
 * every test file shares one PostgreSQL database.
 */
beforeAll(ensureReferenceData);

const CRYPTO_GQ = { provider: "crypto", country: "GQ", currency: "USD", direction: "collect" } as const;
afterAll(async () => {
  await setChannel({ ...CRYPTO_GQ, min: "2.00", max: "20000.00", active: true });
});

describe("seeding", () => {
  it("is idempotent and never overwrites an operator's edit", async () => {
    await setChannel({ ...CRYPTO_GQ, max: "15000.00" });
    expect(await seedReferenceData()).toEqual({ inserted: 0 });
    const row = await (await getPrisma()).paymentChannel.findUnique({ where: { id: "crypto-gq-usd-collect" } });
    expect(row?.maxAmount).toBe(1_500_000n);
  });

  it("re-inserts a missing row, inside the caller's transaction", async () => {
    // In one transaction so that a test file seeding in parallel (PostgreSQL) cannot interfere.
    await (await getPrisma()).$transaction(async (tx) => {
      await tx.corridorPurpose.deleteMany({ where: { corridorId: "GQ-XAF-US-USD", purposeCode: "EDUCATION" } });
      invalidateReferenceCache();
      expect(await isPurposeAllowed("GQ", "US", "EDUCATION", { db: tx })).toBe(false);
      expect((await seedReferenceData(tx)).inserted).toBe(1);
      expect(await isPurposeAllowed("GQ", "US", "education", { db: tx })).toBe(true);
    });
  });

  it("does not bring back a seeded FX pair that an operator stored the other way round", async () => {
    await (await getPrisma()).$transaction(async (tx) => {
      await setFxRate({ from: "XOF", to: "MAD", midRate: "0.0165", by: "test" }, tx);
      expect((await seedReferenceData(tx)).inserted).toBe(0);
      const rows = await tx.fxRate.findMany({ where: { baseCurrency: { in: ["XOF", "MAD"] }, quoteCurrency: { in: ["XOF", "MAD"] } } });
      expect(rows.map((r) => `${r.baseCurrency}/${r.quoteCurrency}`)).toEqual(["XOF/MAD"]);
      throw new Rollback(); // leave the shared seed rate alone
    }).catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
    invalidateReferenceCache();
    expect((await getFxRate("MAD", "XOF")).midRate).toBe("60.5");
  });
});

class Rollback extends Error {}

describe("look-ups through the cache", () => {
  it("getChannel, validatePhone, findCorridor, isPurposeAllowed", async () => {
    expect(await getChannel("orange", "CI", "XOF", "payout")).toMatchObject({ minAmount: 500n, maxAmount: 1_000_000n });
    await expect(getChannel("orange", "TG", "XOF", "collect")).rejects.toThrow(/orange does not offer payments in TG/);
    expect(await validatePhone("CI", "+225 07 01 23 45 67")).toEqual({ ok: true, e164: "+2250701234567" });
    expect(await validatePhone("ci", "+22507012345")).toMatchObject({ ok: false });
    expect(await validatePhone("ZZ", "+22507012345")).toEqual({ ok: false, reason: 'Unknown country "ZZ".' });
    expect(await findCorridor("BJ", "CD", "airtel", { destinationCurrency: "USD" })).toMatchObject({ id: "BJ-XOF-CD-USD", isInternational: true });
    expect(await findCorridor("BJ", "MA", "airtel")).toBeNull();
    expect(await isPurposeAllowed("BJ", "MA", "goods")).toBe(true);
    expect(await isPurposeAllowed("BJ", "MA", "OTHER")).toBe(false);
    expect(await isPurposeAllowed("BJ", "TG", "OTHER")).toBe(true);
    expect(await isPurposeAllowed("BJ", "CD", "SALARY", { destinationCurrency: "EUR" })).toBe(false);
  });

  it("getFxRate and convertAmount", async () => {
    expect(await getFxRate("USD", "XOF")).toMatchObject({ rate: "591", midRate: "600" });
    expect(await getFxRate("USD", "XOF", { direction: "against-merchant-paying" })).toMatchObject({ rate: "609" });
    expect(await convertAmount(10_000n, "XOF", "USD")).toMatchObject({ amount: 1_642n, fx: { rate: "0.0016416667" } });
    expect(await convertAmount(10_000n, "XOF", "USD", { rounding: "down" })).toMatchObject({ amount: 1_641n });
    expect(await convertAmount(12_345n, "XAF", "XOF")).toMatchObject({ amount: 12_345n, fx: { parity: true } });
  });

  it("payoutFeeXof and collectFee, with merchant overrides set by an operator", async () => {
    const m = await createTestMerchant();
    expect((await payoutFeeXof({ amountXof: 200_000n, method: "wave", international: false, merchantId: m.merchant.id })).feeXof).toBe(2_000n);
    await setPayoutTariff({ merchantId: m.merchant.id, method: "mobile_money", type: "c2c", scope: "domestic", percent: "0.5", minimumXof: "150" }, findMerchantRow);
    expect((await payoutFeeXof({ amountXof: 200_000n, method: "wave", international: false, merchantId: m.merchant.id })).feeXof).toBe(1_000n);
    expect((await payoutFeeXof({ amountXof: 20_000n, method: "wave", international: false, merchantId: m.merchant.id })).feeXof).toBe(150n);
    expect((await payoutFeeXof({ amountXof: 200_000n, method: "wave", international: false })).feeXof).toBe(2_000n);

    expect((await collectFee({ amount: 10_000n, provider: "mtn", merchantId: m.merchant.id })).fee).toBe(150n);
    await setCollectTariff({ merchantId: m.merchant.id, provider: "mtn", percent: "1.25" }, findMerchantRow);
    expect((await collectFee({ amount: 10_000n, provider: "mtn", merchantId: m.merchant.id })).fee).toBe(125n);
    expect((await collectFee({ amount: 10_001n, provider: "mtn", merchantId: m.merchant.id })).fee).toBe(125n); // 125.0125
    await expect(setCollectTariff({ merchantId: "mch_nobody", provider: "mtn", percent: "1" }, findMerchantRow)).rejects.toThrow(/No merchant mch_nobody/);
  });
});

describe("operator edits and the cache", () => {
  it("setFxRate is seen at once by this process, keeps one row per pair and refuses parity pairs", async () => {
    await setFxRate({ from: "GBP", to: "NGN", midRate: "2000", spreadPercent: "1.5", by: "test" });
    expect(await getFxRate("GBP", "NGN")).toMatchObject({ midRate: "2000", rate: "1970" });
    await setFxRate({ from: "NGN", to: "GBP", midRate: "0.0004", spreadPercent: "2", by: "test" });
    expect(await getFxRate("GBP", "NGN")).toMatchObject({ midRate: "2500", rate: "2450", spreadPercent: "2" });
    const rows = await (await getPrisma()).fxRate.findMany({ where: { baseCurrency: { in: ["GBP", "NGN"] }, quoteCurrency: { in: ["GBP", "NGN"] } } });
    expect(rows.map((r) => `${r.baseCurrency}/${r.quoteCurrency}`)).toEqual(["NGN/GBP"]);
    await expect(setFxRate({ from: "XOF", to: "XAF", midRate: "1.01", by: "test" })).rejects.toThrow(/fixed parity pair/);
    await expect(setFxRate({ from: "GBP", to: "NGN", midRate: "0", by: "test" })).rejects.toThrow(/greater than zero/);
    await expect(setFxRate({ from: "GBP", to: "NGN", midRate: "1e3", by: "test" })).rejects.toThrow(AppError);
    await expect(setFxRate({ from: "GBP", to: "GBP", midRate: "1", by: "test" })).rejects.toThrow(/two different currencies/);
  });

  it("a change made behind the cache's back shows after invalidation (or the TTL)", async () => {
    await setFxRate({ from: "GHS", to: "NGN", midRate: "100", by: "test" });
    await getCatalogue();
    await (await getPrisma()).fxRate.update({
      where: { baseCurrency_quoteCurrency: { baseCurrency: "GHS", quoteCurrency: "NGN" } },
      data: { midRate: "120" },
    });
    expect((await getFxRate("GHS", "NGN")).midRate).toBe("100"); // cached
    invalidateReferenceCache();
    expect((await getFxRate("GHS", "NGN")).midRate).toBe("120");
  });

  it("setChannel checks its input and switches a channel off", async () => {
    await expect(setChannel({ ...CRYPTO_GQ, min: "20000.00" })).rejects.toThrow(/min \(20000\.00\) must be below max/);
    await expect(setChannel({ ...CRYPTO_GQ, min: "1.001" })).rejects.toThrow(/more decimals than USD allows/);
    await expect(setChannel({ ...CRYPTO_GQ, provider: "paypal" })).rejects.toThrow(/Unknown provider "paypal"/);
    await expect(setChannel({ ...CRYPTO_GQ, country: "ZZ" })).rejects.toThrow(/Unknown country ZZ/);
    await expect(setChannel({ ...CRYPTO_GQ, direction: "refund" })).rejects.toThrow(/collect or payout/);
    await expect(setChannel({ provider: "wave", country: "GQ", currency: "XAF", direction: "collect", min: "100" })).rejects.toThrow(
      /needs both --min and --max/,
    );
    await setChannel({ ...CRYPTO_GQ, active: false });
    await expect(getChannel("crypto", "GQ", "USD", "collect")).rejects.toThrow(/temporarily unavailable/);
    await setChannel({ ...CRYPTO_GQ, active: true });
    expect(await getChannel("crypto", "GQ", "USD", "collect")).toMatchObject({ active: true });
  });
});
