import { getPrisma } from "@/lib/db/client";
import type { PaymentStatus } from "@/lib/db/generated/client";
import { countPendingApprovals, listPendingApprovals } from "@/lib/payouts/approvals";
import { getCatalogue } from "@/lib/reference";
import type { CurrencyVolume } from "./overview";
import type { DashboardScope } from "./scope";
import { latestPayments, statusCountsOfLatest } from "@/lib/payments/payment-records";
import { openReviewsOf } from "@/lib/orders/open-reviews";

/**
 * The overview's answers to a shop owner's first questions: how much came in today, this week,
 * this month (per currency, never mixed); how many payments succeed; the latest payments; what
 * waits on the team (payouts awaiting approval) or on the operator (payouts in review).
 * Cheap at any volume: the sums come from the daily rollup the chart already read, the rate from
 * the latest payments only (at most SUCCESS_RATE_SAMPLE), the lists are a few rows each.
 */

/** The success rate is read over this many of the latest payments of the last 7 days at most. */
export const SUCCESS_RATE_SAMPLE = 1000;

export type CollectedFigures = { currency: string; today: bigint; week: bigint; month: bigint; todayCount: number; weekCount: number; monthCount: number };

/** Today, the last 7 days and the last 30 (UTC days, today included), from the 30-day series. */
export function collectedFigures(volume: readonly CurrencyVolume[]): CollectedFigures[] {
  return volume.map((v) => {
    const sum = (days: number) => v.days.slice(-days).reduce((s, d) => ({ amount: s.amount + d.amount, count: s.count + d.count }), { amount: 0n, count: 0 });
    const [today, week, month] = [sum(1), sum(7), sum(v.days.length)];
    return { currency: v.currency, today: today.amount, week: week.amount, month: month.amount, todayCount: today.count, weekCount: week.count, monthCount: month.count };
  });
}

/** Finished payments only: one still pending says nothing yet. A refund was a success first. */
const SUCCEEDED: PaymentStatus[] = ["success", "refunded"];
const FINISHED: PaymentStatus[] = ["success", "refunded", "failed", "expired", "cancelled"];

export type SuccessRate = { succeeded: number; finished: number; sampled: number; capped: boolean };

/** The share of the last 7 days' finished payments that succeeded (of the latest SUCCESS_RATE_SAMPLE). */
export async function successRate(scope: Pick<DashboardScope, "merchantId" | "environment">, now = new Date()): Promise<SuccessRate> {
  const since = new Date(now.getTime() - 7 * 86_400_000);
  const rows = await statusCountsOfLatest(scope, since, SUCCESS_RATE_SAMPLE);
  const count = (statuses: PaymentStatus[]) => rows.filter((r) => statuses.includes(r.status)).reduce((s, r) => s + Number(r.n), 0);
  const sampled = rows.reduce((s, r) => s + Number(r.n), 0);
  return { succeeded: count(SUCCEEDED), finished: count(FINISHED), sampled, capped: sampled >= SUCCESS_RATE_SAMPLE };
}

export type RecentPayment = { id: string; amount: bigint; currency: string; status: PaymentStatus; customer: string | null; provider: string | null; createdAt: Date };

export async function recentPayments(scope: Pick<DashboardScope, "merchantId" | "environment">, take = 5): Promise<RecentPayment[]> {
  const rows = await latestPayments(scope, take);
  const catalogue = await getCatalogue();
  // The operator's name as customers know it ("Orange Money"), never its code.
  return rows.map((r) => ({ id: r.id, amount: r.amount, currency: r.currency, status: r.status, customer: r.customerName ?? r.customerPhone, provider: r.provider ? (catalogue.providerByCode.get(r.provider)?.name ?? r.provider) : null, createdAt: r.createdAt }));
}

export type WaitingPayouts = {
  approvals: { count: number; first: { id: string; href: string; totals: { currency: string; amount: bigint }[]; createdAt: Date }[] };
  /** Payouts the operator has not settled in time: funds held, in review (docs/design/order-lifecycle.md). */
  inReview: { count: number; first: { id: string; since: Date }[] };
};

export async function waitingPayouts(scope: Pick<DashboardScope, "merchantId" | "environment">): Promise<WaitingPayouts> {
  const prisma = await getPrisma();
  const [approvalCount, approvals, inReview] = await Promise.all([
    countPendingApprovals(prisma, scope),
    listPendingApprovals(prisma, scope, { limit: 3 }),
    openReviewsOf(scope, "payout", 3, prisma),
  ]);
  return {
    approvals: {
      count: approvalCount,
      first: approvals.map((a) => ({
        id: a.id,
        href: a.payoutId ? `/dashboard/payouts/${a.payoutId}` : `/dashboard/payouts/bulk/${a.bulkId}`,
        totals: (a.totals as { currency: string; amount: string }[]).map((t) => ({ currency: t.currency, amount: BigInt(t.amount) })),
        createdAt: a.createdAt,
      })),
    },
    inReview: { count: inReview.count, first: inReview.first.map((r) => ({ id: r.orderId, since: r.since })) },
  };
}
