import { defaultPayoutLimits } from "./payout-limit-defaults";
import { type AuditBy, writeAudit } from "@/lib/audit/write-audit";
import { type Db, getPrisma, type Tx } from "@/lib/db/client";
import { type Environment, Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { type CurrencyCode, fromMinor, minorToDecimalString, toMinorAllowZero } from "@/lib/money";

/**
 * Account payout limits (spec "Limits", docs/design/quotes-and-payouts.md): daily and monthly windows in UTC and a
 * per-transaction min and max, all in the merchant's settlement currency. Defaults are per
 * settlement currency (payout-limit-defaults.ts; XOF and XAF from the environment), an operator can override any of them
 * per merchant (`merchant:set-limits`, table merchant_payout_limits). `used` counts payouts that
 * are not failed or cancelled, by their value in the settlement currency fixed at initiate, kept
 * as running day and month windows (table payout_usage) rather than summed from history.
 */
export type PayoutLimits = { currency: CurrencyCode; daily: bigint; monthly: bigint; perTxMin: bigint; perTxMax: bigint };

export async function getPayoutLimits(db: Db, merchant: { id: string; settlementCurrency: string }, environment: Environment): Promise<PayoutLimits> {
  const row = await db.merchantPayoutLimit.findUnique({ where: { merchantId_environment: { merchantId: merchant.id, environment } } });
  return limitsFrom(merchant.settlementCurrency, row && { daily: row.dailyLimit, monthly: row.monthlyLimit, perTxMin: row.perTxMin, perTxMax: row.perTxMax });
}

/**
 * The columns of a merchant's limits for a statement over `merchant_payout_limits` aliased
 * `limits` (LEFT JOINed: no row, the defaults): the payout initiate reads them with its quote or
 * balances in one statement. Money as text (exact in any driver); limitsFromRow reads them.
 */
export const LIMIT_COLUMNS = Prisma.sql`limits.daily_limit::text AS limit_daily, limits.monthly_limit::text AS limit_monthly, limits.per_tx_min::text AS limit_per_tx_min, limits.per_tx_max::text AS limit_per_tx_max`;
export type LimitColumns = { limit_daily: string | null; limit_monthly: string | null; limit_per_tx_min: string | null; limit_per_tx_max: string | null };

export function limitsFromRow(settlementCurrency: string, row: LimitColumns): PayoutLimits {
  const big = (v: string | null) => (v === null ? null : BigInt(v));
  return limitsFrom(settlementCurrency, { daily: big(row.limit_daily), monthly: big(row.limit_monthly), perTxMin: big(row.limit_per_tx_min), perTxMax: big(row.limit_per_tx_max) });
}

/** An override per limit, else the environment's default (in the settlement currency). */
function limitsFrom(settlementCurrency: string, row: Record<"daily" | "monthly" | "perTxMin" | "perTxMax", bigint | null> | null): PayoutLimits {
  const currency = settlementCurrency as CurrencyCode;
  // The settlement currency's defaults (payout-limit-defaults.ts: one table, XOF/XAF from the
  // environment, converted once per currency and values).
  const defaults = defaultPayoutLimits(currency);
  return {
    currency,
    daily: row?.daily ?? defaults.daily,
    monthly: row?.monthly ?? defaults.monthly,
    perTxMin: row?.perTxMin ?? defaults.perTxMin,
    perTxMax: row?.perTxMax ?? defaults.perTxMax,
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

/**
 * What the windows of `now` already use, as two columns (used_day, used_month; text) of a
 * statement whose merchant is `merchantId` (payout pricing reads them with its limits and balances).
 */
export function usageColumnsSql(merchantId: string, environment: Environment, now: Date): Prisma.Sql {
  const { day, month } = windowDates(now);
  const used = (period: string, start: string) =>
    Prisma.sql`(SELECT used::text FROM payout_usage WHERE merchant_id = ${merchantId} AND environment = ${environment}::"Environment" AND period = ${period} AND window_start = ${start}::date)`;
  return Prisma.sql`${used("day", day)} AS used_day, ${used("month", month)} AS used_month`;
}

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
 * reserveLimitWindows as the CTE `windows` of the caller's own statement (a payout initiate in
 * one statement): takes `amount` from both windows only if `when` holds, RETURNING one row per
 * window that took it. Fewer than two rows: refused; the caller's statement must then write
 * nothing (it aborts, which gives back what one window took).
 */
export function reserveLimitWindowsCte(merchantId: string, environment: Environment, limits: PayoutLimits, amount: bigint, now: Date, when: Prisma.Sql): Prisma.Sql {
  const { day, month } = windowDates(now);
  return Prisma.sql`windows AS (
    INSERT INTO payout_usage AS u (merchant_id, environment, period, window_start, used)
    SELECT ${merchantId}, ${environment}::"Environment", v.period, v.window_start, ${amount}::bigint
    FROM (VALUES ('day', ${day}::date, ${limits.daily}::bigint), ('month', ${month}::date, ${limits.monthly}::bigint)) AS v(period, window_start, cap)
    WHERE ${amount}::bigint <= v.cap AND ${when}
    ON CONFLICT (merchant_id, environment, period, window_start) DO UPDATE SET used = u.used + EXCLUDED.used
      WHERE u.used + EXCLUDED.used <= CASE u.period WHEN 'day' THEN ${limits.daily}::bigint ELSE ${limits.monthly}::bigint END
    RETURNING u.period
  )`;
}

/** Why a payout's windows refused it, with the exact figures (read after the refusal). */
export async function limitRefusal(db: Db, merchantId: string, environment: Environment, limits: PayoutLimits, amount: bigint, now: Date): Promise<AppError> {
  try {
    assertLimitWindows(limits, await payoutUsage(db, merchantId, environment, now), amount);
  } catch (err) {
    return err as AppError;
  }
  // Another payout was given back meanwhile: the figures now fit, the refusal stands.
  return new AppError("limit_exceeded", "The payout limits would be exceeded.");
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

/**
 * Ops: set (or with null, reset to the default) any of a merchant's limits, in major units. One
 * transaction with its audit row (`merchant.limits_changed`, who asked); a minimum left above the
 * maximum is refused and nothing changes.
 */
export async function setPayoutLimits(
  merchant: { id: string; settlementCurrency: string },
  environment: Environment,
  values: Partial<Record<"daily" | "monthly" | "perTxMin" | "perTxMax", string | null>>,
  by: AuditBy,
) {
  const prisma = await getPrisma();
  return prisma.$transaction((tx) => writePayoutLimits(tx, merchant, environment, values, by));
}

async function writePayoutLimits(
  db: Tx,
  merchant: { id: string; settlementCurrency: string },
  environment: Environment,
  values: Partial<Record<"daily" | "monthly" | "perTxMin" | "perTxMax", string | null>>,
  by: AuditBy,
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
  const limits = await getPayoutLimits(db, merchant, environment);
  if (limits.perTxMin > limits.perTxMax) {
    throw new AppError("validation_error", "The per-transaction minimum would be above the maximum: nothing changed.");
  }
  const show = (m: bigint) => minorToDecimalString(m, limits.currency);
  await writeAudit(db, {
    merchantId: merchant.id,
    environment,
    actor: by.actor,
    action: "merchant.limits_changed",
    details: { currency: limits.currency, daily: show(limits.daily), monthly: show(limits.monthly), min: show(limits.perTxMin), max: show(limits.perTxMax) },
  });
  return limits;
}
