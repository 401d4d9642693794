import type { MerchantScope } from "@/lib/config";
import { type Db, getPrisma } from "@/lib/db/client";

/** How many of the merchant's orders of one direction are in review, and the `take` oldest of them. */
export async function openReviewsOf(scope: MerchantScope, direction: "collect" | "payout" | "refund", take: number, db?: Db): Promise<{ count: number; first: { orderId: string; since: Date }[] }> {
  const prisma = db ?? (await getPrisma());
  const where = { merchantId: scope.merchantId, environment: scope.environment, direction, resolvedAt: null };
  const [count, first] = await Promise.all([
    prisma.orderReview.count({ where }),
    prisma.orderReview.findMany({ where, orderBy: { since: "asc" }, take, select: { orderId: true, since: true } }),
  ]);
  return { count, first };
}

/** The orders in review per environment, direction and reason, with the oldest `since` of each (the metrics scrape's gauges). */
export async function countOpenReviews(db?: Db) {
  return (db ?? (await getPrisma())).orderReview.groupBy({ by: ["environment", "direction", "reason"], where: { resolvedAt: null }, _count: { _all: true }, _min: { since: true } });
}
