import { getPrisma } from "@/lib/db/client";
import { readBalances, type MerchantBalances } from "@/lib/ledger";
import { isCurrency, type CurrencyCode } from "@/lib/money";
import { collectedTotals, paidOutTotals } from "./daily-volumes";
import type { DashboardScope } from "./scope";
import { getMerchant } from "@/lib/merchants/merchant-records";
import { hasAnyPayment } from "@/lib/payments/payment-records";
import { hasAnyPayout } from "@/lib/payouts/payout-records";

export const CHART_DAYS = 30;

export type DailyVolume = { day: string; amount: bigint; count: number };
export type CurrencyVolume = { currency: CurrencyCode; days: DailyVolume[]; total: bigint; count: number };

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/** The UTC days of the chart, oldest first, ending today. */
export function chartDays(now: Date, days = CHART_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => dayKey(new Date(today - (days - 1 - i) * 86_400_000)));
}

/** Fills the days without payments with zeros, one series per currency (currencies never mixed). */
export function buildVolumeSeries(rows: { currency: string; day: string; amount: bigint; count: number }[], now: Date): CurrencyVolume[] {
  const days = chartDays(now);
  const byCurrency = new Map<CurrencyCode, Map<string, DailyVolume>>();
  for (const r of rows) {
    if (!isCurrency(r.currency)) continue;
    const m = byCurrency.get(r.currency) ?? new Map<string, DailyVolume>();
    byCurrency.set(r.currency, m);
    m.set(r.day, { day: r.day, amount: r.amount, count: r.count });
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, m]) => {
      const series = days.map((day) => m.get(day) ?? { day, amount: 0n, count: 0 });
      return { currency, days: series, total: series.reduce((s, d) => s + d.amount, 0n), count: series.reduce((s, d) => s + d.count, 0) };
    });
}

/**
 * Successful volume of `payments` (collected) or `payouts` (paid out, in the payout currency) per
 * currency and UTC day of completion over the last 30 days, from the daily rollup
 * (lib/dashboard/daily-volumes.ts): a few dozen rows whatever the merchant's volume.
 */
async function readSuccessVolume(kind: "collected" | "paid_out", scope: DashboardScope, now: Date): Promise<CurrencyVolume[]> {
  const days = chartDays(now);
  const range = { from: days[0], to: days[days.length - 1] };
  const rows = kind === "collected" ? await collectedTotals(scope, range) : await paidOutTotals(scope, range);
  return buildVolumeSeries(rows, now);
}

export const readCollectedVolume = (scope: DashboardScope, now = new Date()) => readSuccessVolume("collected", scope, now);

/** What beneficiaries received (fees and FX not included). */
export const readPaidOutVolume = (scope: DashboardScope, now = new Date()) => readSuccessVolume("paid_out", scope, now);

/** Collected and paid-out series side by side, one pair per currency that has either (a zero series fills the missing side). */
export type VolumePair = { currency: CurrencyCode; collected: CurrencyVolume; paidOut: CurrencyVolume };

export function pairVolumes(collected: CurrencyVolume[], paidOut: CurrencyVolume[], now: Date): VolumePair[] {
  const zero = (currency: CurrencyCode): CurrencyVolume => buildVolumeSeries([{ currency, day: "", amount: 0n, count: 0 }], now)[0];
  const currencies = [...new Set([...collected, ...paidOut].map((s) => s.currency))].sort();
  return currencies.map((currency) => ({
    currency,
    collected: collected.find((s) => s.currency === currency) ?? zero(currency),
    paidOut: paidOut.find((s) => s.currency === currency) ?? zero(currency),
  }));
}

export type Overview = {
  balances: MerchantBalances;
  volume: CurrencyVolume[];
  paidOut: CurrencyVolume[];
  volumes: VolumePair[];
  merchant: { name: string; verificationStatus: string };
  /** Any payment or payout at all, in this environment: without, the overview points to the first one. */
  hasTransactions: boolean;
};

export async function getOverview(scope: DashboardScope, now = new Date()): Promise<Overview> {
  const prisma = await getPrisma();
  const mine = { merchantId: scope.merchantId, environment: scope.environment };
  const [merchant, balances, volume, paidOut, aPayment, aPayout] = await Promise.all([
    getMerchant(scope.merchantId, { name: true, verificationStatus: true }, prisma),
    readBalances({ merchantId: scope.merchantId, environment: scope.environment }),
    readCollectedVolume(scope, now),
    readPaidOutVolume(scope, now),
    hasAnyPayment(scope, prisma),
    hasAnyPayout(scope, prisma),
  ]);
  return { merchant, balances, volume, paidOut, volumes: pairVolumes(volume, paidOut, now), hasTransactions: aPayment || aPayout };
}
