import { setting } from "@/lib/config";
import { type CurrencyCode, toMinorAllowZero } from "@/lib/money";

/**
 * Default account payout limits per settlement currency (docs/decisions/payouts.md), in major
 * units of that currency: what a merchant has until ops sets its own (`merchant:set-limits`).
 *
 * XOF and XAF (at parity) read the environment (`PAYOUT_DAILY_LIMIT` 10,000,000,
 * `PAYOUT_MONTHLY_LIMIT` 100,000,000, `PAYOUT_MIN_AMOUNT` 100, `PAYOUT_MAX_AMOUNT` 5,000,000),
 * exactly as before this table. Every other currency has its own row, worth about the XOF row
 * at the seeded mid rates (lib/reference/catalogue-seed.ts, late 2026) and rounded to a round
 * figure: a default of 100 used to mean 100 GHS in Ghana (about 4,800 XOF) and 100 XOF in
 * Senegal. The rows are not converted at run time on purpose: a limit that moved with every
 * rate change would refuse today what it allowed yesterday.
 */
export type MajorLimits = { daily: string; monthly: string; perTxMin: string; perTxMax: string };

export const PAYOUT_LIMIT_DEFAULTS: Record<CurrencyCode, MajorLimits | "environment"> = {
  XOF: "environment",
  XAF: "environment",
  // ≈ 600 XOF per USD, 656 per EUR, ~760 per GBP.
  USD: { daily: "16000", monthly: "160000", perTxMin: "1", perTxMax: "8000" },
  EUR: { daily: "15000", monthly: "150000", perTxMin: "1", perTxMax: "7500" },
  GBP: { daily: "13000", monthly: "130000", perTxMin: "1", perTxMax: "6500" },
  INR: { daily: "1400000", monthly: "14000000", perTxMin: "15", perTxMax: "700000" },
  CDF: { daily: "48000000", monthly: "480000000", perTxMin: "500", perTxMax: "24000000" },
  MAD: { daily: "160000", monthly: "1600000", perTxMin: "2", perTxMax: "80000" },
  NGN: { daily: "25000000", monthly: "250000000", perTxMin: "250", perTxMax: "12500000" },
  GHS: { daily: "200000", monthly: "2000000", perTxMin: "2", perTxMax: "100000" },
  KES: { daily: "2000000", monthly: "20000000", perTxMin: "20", perTxMax: "1000000" },
  UGX: { daily: "60000000", monthly: "600000000", perTxMin: "500", perTxMax: "30000000" },
  TZS: { daily: "40000000", monthly: "400000000", perTxMin: "500", perTxMax: "20000000" },
  RWF: { daily: "24000000", monthly: "240000000", perTxMin: "200", perTxMax: "12000000" },
  ZMW: { daily: "400000", monthly: "4000000", perTxMin: "5", perTxMax: "200000" },
};

const ENVIRONMENT = {
  daily: "PAYOUT_DAILY_LIMIT",
  monthly: "PAYOUT_MONTHLY_LIMIT",
  perTxMin: "PAYOUT_MIN_AMOUNT",
  perTxMax: "PAYOUT_MAX_AMOUNT",
} as const;

/** A settlement currency's default limits, minor units. A currency without a row takes the environment's (major units of it). */
export function defaultPayoutLimits(currency: CurrencyCode): Record<keyof MajorLimits, bigint> {
  const row = PAYOUT_LIMIT_DEFAULTS[currency] ?? "environment";
  const major = (key: keyof MajorLimits) => (row === "environment" ? setting(ENVIRONMENT[key]) : row[key]);
  const daily = major("daily"), monthly = major("monthly"), perTxMin = major("perTxMin"), perTxMax = major("perTxMax");
  // Every payout reads them (each limit without an override): the minor units are kept per
  // currency and the values they came from, which are still read each time (lib/config: a
  // changed variable counts at once).
  const key = `${currency} ${daily} ${monthly} ${perTxMin} ${perTxMax}`;
  let limits = converted.get(key);
  if (!limits) {
    limits = Object.freeze({
      daily: toMinorAllowZero(daily, currency),
      monthly: toMinorAllowZero(monthly, currency),
      perTxMin: toMinorAllowZero(perTxMin, currency),
      perTxMax: toMinorAllowZero(perTxMax, currency),
    });
    if (converted.size >= 100) converted.clear();
    converted.set(key, limits);
  }
  return limits;
}
const converted = new Map<string, Readonly<Record<keyof MajorLimits, bigint>>>();

/** One default, minor units of `currency`. */
export const defaultPayoutLimit = (key: keyof MajorLimits, currency: CurrencyCode): bigint => defaultPayoutLimits(currency)[key];
