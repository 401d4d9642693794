import { afterEach, describe, expect, it } from "vitest";
import { CURRENCY_CODES, type CurrencyCode, minorToDecimalString, toMinor } from "@/lib/money";
import { PAYOUT_LIMIT_DEFAULTS, defaultPayoutLimits } from "@/lib/payouts/payout-limit-defaults";
import { limitsFromRow } from "@/lib/payouts/payout-limits";
import { fxRateFrom } from "@/lib/reference/get-fx-rate";
import { seedCatalogue } from "../reference/test-catalogue";

/**
 * Payout limit defaults per settlement currency (docs/decisions/payouts.md): one table, in major
 * units of each currency, so a default means about the same money everywhere (100 is no longer
 * 100 GHS in Ghana and 100 XOF in Senegal). XOF and XAF keep the environment's values, as before.
 */
const NONE = { limit_daily: null, limit_monthly: null, limit_per_tx_min: null, limit_per_tx_max: null };
const saved = { ...process.env };
afterEach(() => {
  for (const k of ["PAYOUT_DAILY_LIMIT", "PAYOUT_MONTHLY_LIMIT", "PAYOUT_MIN_AMOUNT", "PAYOUT_MAX_AMOUNT"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe("payout limit defaults", () => {
  it("XOF and XAF are unchanged: the environment's PAYOUT_* values, 10,000,000 / 100,000,000 / 100 / 5,000,000", () => {
    for (const currency of ["XOF", "XAF"] as const) {
      expect(limitsFromRow(currency, NONE)).toEqual({ currency, daily: 10_000_000n, monthly: 100_000_000n, perTxMin: 100n, perTxMax: 5_000_000n });
    }
  });

  it("the environment still sets the CFA defaults, and only them", () => {
    process.env.PAYOUT_MIN_AMOUNT = "250";
    process.env.PAYOUT_DAILY_LIMIT = "20000000";
    expect(limitsFromRow("XOF", NONE)).toMatchObject({ perTxMin: 250n, daily: 20_000_000n });
    expect(limitsFromRow("XAF", NONE)).toMatchObject({ perTxMin: 250n });
    expect(limitsFromRow("GHS", NONE)).toMatchObject({ perTxMin: toMinor("2", "GHS"), daily: toMinor("200000", "GHS") });
  });

  it("other settlement currencies take their row, in their own major units and exponent", () => {
    expect(limitsFromRow("GHS", NONE)).toEqual({ currency: "GHS", daily: 20_000_000n, monthly: 200_000_000n, perTxMin: 200n, perTxMax: 10_000_000n });
    expect(limitsFromRow("KES", NONE)).toMatchObject({ perTxMin: 2_000n, perTxMax: 100_000_000n });
    expect(limitsFromRow("UGX", NONE)).toMatchObject({ perTxMin: 500n, perTxMax: 30_000_000n });
  });

  it("a merchant's override (ops merchant:set-limits) still wins over the currency's default", () => {
    expect(limitsFromRow("GHS", { ...NONE, limit_per_tx_min: "5000", limit_daily: "123400" })).toMatchObject({ perTxMin: 5_000n, daily: 123_400n, perTxMax: 10_000_000n });
  });

  it("the table names the CFA francs as the environment's, every other currency by its own row", () => {
    expect(PAYOUT_LIMIT_DEFAULTS.XOF).toBe("environment");
    expect(PAYOUT_LIMIT_DEFAULTS.XAF).toBe("environment");
    expect(PAYOUT_LIMIT_DEFAULTS.GHS).toEqual({ daily: "200000", monthly: "2000000", perTxMin: "2", perTxMax: "100000" });
  });

  it("every currency has a row, ordered min < max ≤ daily ≤ monthly, worth about the XOF row (within a factor 5)", () => {
    const catalogue = seedCatalogue();
    const xof = defaultPayoutLimits("XOF");
    for (const currency of CURRENCY_CODES) {
      const d = defaultPayoutLimits(currency);
      expect(d.perTxMin, currency).toBeLessThan(d.perTxMax);
      expect(d.perTxMax, currency).toBeLessThanOrEqual(d.daily);
      expect(d.daily, currency).toBeLessThanOrEqual(d.monthly);
      if (currency === "XOF" || !catalogue.fxRates.size) continue;
      let rate: number;
      try {
        rate = Number(fxRateFrom(catalogue, currency as CurrencyCode, "XOF", "against-merchant-paying").midRate);
      } catch {
        continue; // no rate seeded (GBP, NGN): nothing to compare with
      }
      const inXof = (key: "daily" | "perTxMax") => Number(minorToDecimalString(d[key], currency)) * rate;
      for (const key of ["daily", "perTxMax"] as const) {
        const ratio = inXof(key) / Number(xof[key]);
        expect(ratio, `${currency} ${key}`).toBeGreaterThan(0.2);
        expect(ratio, `${currency} ${key}`).toBeLessThan(5);
      }
    }
  });
});
