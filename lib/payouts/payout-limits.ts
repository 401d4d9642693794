import { setting } from "@/lib/config";
import type { Db, Tx } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { type CurrencyCode, fromMinor, minorToDecimalString, toMinorAllowZero } from "@/lib/money";

/**
 * Account payout limits (spec "Limits", DESIGN §8): daily and monthly windows in UTC and a
 * per-transaction min and max, all in the merchant's settlement currency. Defaults come from the
 * environment (major units of the settlement currency), an operator can override any of them
 * per merchant (`merchant:set-limits`, table merchant_payout_limits). `used` counts payouts that
 * are not failed or cancelled, by their value in the settlement currency fixed at initiate, kept
 * as running day and month windows (table payout_usage) rather than summed from history.
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

/** The window rows (table payout_usage) a payout created at `at` counts in, as SQL dates. */
function windowDates(at: Date): { day: string; month: string } {
  const { dayStart, monthStart } = limitWindows(at);
  return { day: dayStart.toISOString().slice(0, 10), month: monthStart.toISOString().slice(0, 10) };
}

type UsageRow = { period: "day" | "month"; used: bigint };
const asUsage = (rows: UsageRow[]) => ({
  daily: BigInt(rows.find((r) => r.period === "day")?.used ?? 0n),
  monthly: BigInt(rows.find((r) => r.period === "month")?.used ?? 0n),
});

/** What today's and this month's payouts already use (two primary-key reads, no history scan). */
export async function payoutUsage(db: Db, merchantId: string, environment: Environment, now = new Date()) {
  const { day, month } = windowDates(now);
  const rows = await db.$queryRaw<UsageRow[]>`
    SELECT period, used FROM payout_usage
    WHERE merchant_id = ${merchantId} AND environment = ${environment}::"Environment"
      AND ((period = 'day' AND window_start = ${day}::date) OR (period = 'month' AND window_start = ${month}::date))`;
  return asUsage(rows);
}

/**
 * Takes `amount` from today's and this month's windows in one statement, or refuses with
 * limit_exceeded and takes nothing. Inside the caller's transaction: the two window rows stay
 * locked until commit, so call it late (DESIGN: the hot rows are held for the fewest round trips).
 * Concurrent payouts of one merchant queue on these rows only for that short tail, never on a
 * merchant-wide lock, and a rollback gives the amount back by itself.
 */
export async function reserveLimitWindows(tx: Tx, merchantId: string, environment: Environment, limits: PayoutLimits, amount: bigint, now = new Date()): Promise<void> {
  const { day, month } = windowDates(now);
  const taken = await tx.$queryRaw<{ period: string }[]>`
    INSERT INTO payout_usage AS u (merchant_id, environment, period, window_start, used)
    SELECT ${merchantId}, ${environment}::"Environment", v.period, v.window_start, ${amount}::bigint
    FROM (VALUES ('day', ${day}::date, ${limits.daily}::bigint), ('month', ${month}::date, ${limits.monthly}::bigint)) AS v(period, window_start, cap)
    WHERE ${amount}::bigint <= v.cap
    ON CONFLICT (merchant_id, environment, period, window_start) DO UPDATE SET used = u.used + EXCLUDED.used
      WHERE u.used + EXCLUDED.used <= CASE u.period WHEN 'day' THEN ${limits.daily}::bigint ELSE ${limits.monthly}::bigint END
    RETURNING u.period`;
  if (taken.length === 2) return;
  // Refused: say which window and by how much. The rows are locked by now, so this read is exact;
  // the caller's transaction rolls back whatever the statement did take.
  assertLimitWindows(limits, await payoutUsage(tx, merchantId, environment, now), amount);
  throw new AppError("limit_exceeded", "The payout limits would be exceeded.");
}

/**
 * For a bulk: locks today's and this month's window rows (creating them at zero) and returns
 * what they hold, so the items can be checked one by one in memory; addLimitWindows then adds
 * the accepted total before commit.
 */
export async function lockLimitWindows(tx: Tx, merchantId: string, environment: Environment, now = new Date()) {
  const { day, month } = windowDates(now);
  const rows = await tx.$queryRaw<UsageRow[]>`
    INSERT INTO payout_usage AS u (merchant_id, environment, period, window_start, used)
    VALUES (${merchantId}, ${environment}::"Environment", 'day', ${day}::date, 0), (${merchantId}, ${environment}::"Environment", 'month', ${month}::date, 0)
    ON CONFLICT (merchant_id, environment, period, window_start) DO UPDATE SET used = u.used
    RETURNING u.period, u.used`;
  return asUsage(rows);
}

/** Adds `amount` to the windows of the payouts created at `at` (a bulk's accepted total; rows locked by lockLimitWindows). */
export async function addLimitWindows(tx: Tx, merchantId: string, environment: Environment, amount: bigint, at: Date): Promise<void> {
  await changeWindows(tx, merchantId, environment, amount, at);
}

/** A payout that failed or was cancelled no longer counts: its amount goes back to the windows of the day it was created. */
export async function releaseLimitWindows(tx: Tx, payout: { merchantId: string; environment: Environment; limitAmount: bigint; createdAt: Date }): Promise<void> {
  await changeWindows(tx, payout.merchantId, payout.environment, -payout.limitAmount, payout.createdAt);
}

async function changeWindows(tx: Tx, merchantId: string, environment: Environment, delta: bigint, at: Date) {
  const { day, month } = windowDates(at);
  await tx.$executeRaw`
    UPDATE payout_usage SET used = used + ${delta}::bigint
    WHERE merchant_id = ${merchantId} AND environment = ${environment}::"Environment"
      AND ((period = 'day' AND window_start = ${day}::date) OR (period = 'month' AND window_start = ${month}::date))`;
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
