import type { AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { PAYMENTS_TABLE_SQL } from "@/lib/payments/payment-records";
import { PAYOUTS_TABLE_SQL } from "@/lib/payouts/payout-records";
import type { DashboardScope } from "./scope";

/** Whose volumes: a merchant in one environment. */
type Owner = Pick<DashboardScope, "merchantId" | "environment">;

/**
 * A merchant's successful volume per currency and UTC day, read from the daily rollup
 * (table daily_volumes, docs/decisions/daily-volumes.md) instead of summing payments: ~30 rows a
 * month whatever the merchant's volume. What counts is the rollup's rule (migration
 * `daily_volumes`): status `success`, its amount in its currency, on the UTC day of completion.
 * Exact to the minor unit: the triggers write it in each status change's transaction, and
 * `npm run ops -- dashboard:rebuild-volumes` recomputes it from the rows.
 */
export type DayTotal = { currency: string; day: string; amount: bigint; count: number };
/** Inclusive UTC days, `YYYY-MM-DD`. */
export type DayRange = { from: string; to: string };

/** Successful payments: what was collected. */
export const collectedTotals = (scope: Owner, range: DayRange) => dailyTotals("collected", scope, range);

/** Successful payouts, in the payout currency: what beneficiaries received (fees and FX not included). */
export const paidOutTotals = (scope: Owner, range: DayRange) => dailyTotals("paid_out", scope, range);

async function dailyTotals(kind: "collected" | "paid_out", scope: Owner, { from, to }: DayRange): Promise<DayTotal[]> {
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<{ currency: string; day: string; amount: string; count: number }[]>`
    SELECT currency, to_char(day, 'YYYY-MM-DD') AS day, sum(amount)::text AS amount, sum(count)::int AS count
    FROM daily_volumes
    WHERE merchant_id = ${scope.merchantId} AND environment = ${scope.environment}::"Environment" AND kind = ${kind}
      AND day BETWEEN ${from}::date AND ${to}::date
    GROUP BY currency, day
    HAVING sum(count) <> 0 OR sum(amount) <> 0
    ORDER BY day, currency`;
  return rows.map((r) => ({ currency: r.currency, day: r.day, amount: BigInt(r.amount), count: Number(r.count) }));
}

/**
 * Recomputes the rollup of one merchant (or every merchant) from its payments and payouts, with
 * both tables held in SHARE mode for the time (their writes wait, reads go on), so that no
 * status change lands between the delete and the sums. Returns the rows written.
 */
export async function rebuildDailyVolumes(merchantId: string | null): Promise<number> {
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`LOCK TABLE ${PAYMENTS_TABLE_SQL}, ${PAYOUTS_TABLE_SQL} IN SHARE MODE`;
    await tx.$queryRaw`SELECT daily_volumes_rebuild(${merchantId})::text`;
    const [row] = await tx.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM daily_volumes WHERE ${merchantId}::text IS NULL OR merchant_id = ${merchantId}`;
    return row.n;
  }, { timeout: 600_000 });
}

/** The rollup's rule summed over the rows themselves: what the rollup must equal (`dashboard:rebuild-volumes --check`, the tests). */
export async function fullSumTotals(kind: "collected" | "paid_out", scope: Owner, range: DayRange): Promise<DayTotal[]> {
  const prisma = await getPrisma();
  const table = kind === "collected" ? PAYMENTS_TABLE_SQL : PAYOUTS_TABLE_SQL;
  const rows = await prisma.$queryRaw<{ currency: string; day: string; amount: string; count: number }[]>`
    SELECT currency, to_char(daily_volume_day(completed_at, updated_at), 'YYYY-MM-DD') AS day, sum(amount)::text AS amount, count(*)::int AS count
    FROM ${table}
    WHERE merchant_id = ${scope.merchantId} AND environment = ${scope.environment}::"Environment" AND status::text = 'success'
      AND daily_volume_day(completed_at, updated_at) BETWEEN ${range.from}::date AND ${range.to}::date
    GROUP BY 1, 2
    ORDER BY 2, 1`;
  return rows.map((r) => ({ currency: r.currency, day: r.day, amount: BigInt(r.amount), count: Number(r.count) }));
}

/**
 * The merchant environments the rollup covers or should cover: every one with a successful
 * payment or payout, or with rollup rows; only `merchantId`'s when given (null: all).
 */
export async function dailyVolumeOwners(merchantId: string | null): Promise<{ merchant_id: string; environment: AppEnvironment }[]> {
  const prisma = await getPrisma();
  return prisma.$queryRaw<{ merchant_id: string; environment: AppEnvironment }[]>`
        SELECT DISTINCT merchant_id, environment::text AS environment FROM (
          SELECT merchant_id, environment FROM ${PAYMENTS_TABLE_SQL} WHERE status::text = 'success' UNION SELECT merchant_id, environment FROM daily_volumes
          UNION SELECT merchant_id, environment FROM ${PAYOUTS_TABLE_SQL} WHERE status::text = 'success') o
        WHERE ${merchantId}::text IS NULL OR merchant_id = ${merchantId}`;
}

/** The days where the rollup and the full sum differ, for one merchant and environment (empty: exact). */
export async function compareDailyVolumes(owner: Owner, range: DayRange): Promise<{ kind: string; currency: string; day: string; rollup: string; rows: string }[]> {
  const out = [];
  for (const kind of ["collected", "paid_out"] as const) {
    const key = (t: DayTotal) => `${t.currency} ${t.day}`;
    const rollup = new Map((await dailyTotals(kind, owner, range)).map((t) => [key(t), t]));
    const full = new Map((await fullSumTotals(kind, owner, range)).map((t) => [key(t), t]));
    for (const k of new Set([...rollup.keys(), ...full.keys()])) {
      const a = rollup.get(k);
      const b = full.get(k);
      if (a?.amount !== b?.amount || a?.count !== b?.count) {
        const [currency, day] = k.split(" ");
        out.push({ kind, currency, day, rollup: a ? `${a.amount} (${a.count})` : "none", rows: b ? `${b.amount} (${b.count})` : "none" });
      }
    }
  }
  return out;
}
