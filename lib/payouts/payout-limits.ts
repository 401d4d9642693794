import { setting } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { type CurrencyCode, fromMinor, minorToDecimalString, toMinorAllowZero } from "@/lib/money";

/**
 * Account payout limits (spec "Limits", DESIGN §8): daily and monthly windows in UTC and a
 * per-transaction min and max, all in the merchant's settlement currency. Defaults come from the
 * environment (major units of the settlement currency), an operator can override any of them
 * per merchant (`merchant:set-limits`, table merchant_payout_limits). `used` counts payouts that
 * are not failed or cancelled, by their value in the settlement currency fixed at initiate.
 */
export type PayoutLimits = { currency: CurrencyCode; daily: bigint; monthly: bigint; perTxMin: bigint; perTxMax: bigint };

const DEFAULTS = {
  daily: "PAYOUT_DAILY_LIMIT",
  monthly: "PAYOUT_MONTHLY_LIMIT",
  perTxMin: "PAYOUT_MIN_AMOUNT",
  perTxMax: "PAYOUT_MAX_AMOUNT",
} as const;

function defaultLimit(key: keyof typeof DEFAULTS, currency: CurrencyCode): bigint {
  return toMinorAllowZero(setting(DEFAULTS[key]), currency);
}

export async function getPayoutLimits(db: Db, merchant: { id: string; settlementCurrency: string }, environment: Environment): Promise<PayoutLimits> {
  const currency = merchant.settlementCurrency as CurrencyCode;
  const row = await db.merchantPayoutLimit.findUnique({ where: { merchantId_environment: { merchantId: merchant.id, environment } } });
  return {
    currency,
    daily: row?.dailyLimit ?? defaultLimit("daily", currency),
    monthly: row?.monthlyLimit ?? defaultLimit("monthly", currency),
    perTxMin: row?.perTxMin ?? defaultLimit("perTxMin", currency),
    perTxMax: row?.perTxMax ?? defaultLimit("perTxMax", currency),
  };
}

export function limitWindows(now: Date): { dayStart: Date; monthStart: Date } {
  return {
    dayStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
    monthStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
  };
}

async function usedSince(db: Db, merchantId: string, environment: Environment, since: Date): Promise<bigint> {
  const sum = await db.payout.aggregate({
    where: { merchantId, environment, createdAt: { gte: since }, status: { notIn: ["failed", "cancelled"] } },
    _sum: { limitAmount: true },
  });
  return sum._sum.limitAmount ?? 0n;
}

export async function payoutUsage(db: Db, merchantId: string, environment: Environment, now = new Date()) {
  const { dayStart, monthStart } = limitWindows(now);
  const [daily, monthly] = await Promise.all([usedSince(db, merchantId, environment, dayStart), usedSince(db, merchantId, environment, monthStart)]);
  return { daily, monthly };
}

/** Per-transaction bounds: no database needed. */
export function assertPerTransaction(limits: PayoutLimits, amount: bigint): void {
  const show = (m: bigint) => `${minorToDecimalString(m, limits.currency)} ${limits.currency}`;
  if (amount < limits.perTxMin) {
    throw new AppError("limit_exceeded", `Payout amount ${show(amount)} is below the per-transaction minimum of ${show(limits.perTxMin)}.`);
  }
  if (amount > limits.perTxMax) {
    throw new AppError("limit_exceeded", `Payout amount ${show(amount)} exceeds the per-transaction limit of ${show(limits.perTxMax)}.`);
  }
}

/**
 * All limits for a payout worth `amount` (settlement currency). Atomic only when the caller
 * holds the merchant's payout lock (lockMerchantPayouts) in the same transaction.
 */
export async function assertWithinLimits(db: Db, merchant: { id: string; settlementCurrency: string }, environment: Environment, amount: bigint, now = new Date()) {
  const limits = await getPayoutLimits(db, merchant, environment);
  assertPerTransaction(limits, amount);
  assertLimitWindows(limits, await payoutUsage(db, merchant.id, environment, now), amount);
  return limits;
}

/** The daily and monthly windows, given what they already hold (no database: a bulk adds its own items as it goes). */
export function assertLimitWindows(limits: PayoutLimits, used: { daily: bigint; monthly: bigint }, amount: bigint): void {
  const show = (m: bigint) => `${minorToDecimalString(m, limits.currency)} ${limits.currency}`;
  for (const [window, limit, spent] of [
    ["daily", limits.daily, used.daily],
    ["monthly", limits.monthly, used.monthly],
  ] as const) {
    if (spent + amount > limit) {
      throw new AppError(
        "limit_exceeded",
        `The ${window} payout limit of ${show(limit)} would be exceeded: ${show(spent)} already used, this payout is ${show(amount)}.`,
      );
    }
  }
}

/** GET /payouts/limits. */
export async function presentPayoutLimits(db: Db, merchant: { id: string; settlementCurrency: string }, environment: Environment, now = new Date()) {
  const limits = await getPayoutLimits(db, merchant, environment);
  const used = await payoutUsage(db, merchant.id, environment, now);
  const n = (m: bigint) => fromMinor(m, limits.currency);
  const window = (limit: bigint, spent: bigint) => ({
    limit: n(limit),
    used: n(spent),
    remaining: n(limit > spent ? limit - spent : 0n),
    currency: limits.currency,
  });
  return {
    daily: window(limits.daily, used.daily),
    monthly: window(limits.monthly, used.monthly),
    perTransaction: { min: n(limits.perTxMin), max: n(limits.perTxMax), currency: limits.currency },
  };
}

/** Ops: set (or with null, reset to the default) any of a merchant's limits, in major units. */
export async function setPayoutLimits(
  db: Db,
  merchant: { id: string; settlementCurrency: string },
  environment: Environment,
  values: Partial<Record<"daily" | "monthly" | "perTxMin" | "perTxMax", string | null>>,
) {
  const currency = merchant.settlementCurrency as CurrencyCode;
  const parse = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : toMinorAllowZero(v, currency));
  const data = {
    dailyLimit: parse(values.daily),
    monthlyLimit: parse(values.monthly),
    perTxMin: parse(values.perTxMin),
    perTxMax: parse(values.perTxMax),
  };
  await db.merchantPayoutLimit.upsert({
    where: { merchantId_environment: { merchantId: merchant.id, environment } },
    create: { merchantId: merchant.id, environment, ...data },
    update: data,
  });
  return getPayoutLimits(db, merchant, environment);
}
