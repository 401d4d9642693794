import type { ApiAuth } from "@/lib/auth/authenticate";
import { type Db, getPrisma } from "@/lib/db/client";
import type { PayoutStatus } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { encodeCursor } from "@/lib/http/cursor";
import { type BulkItemView, presentBulk, presentBulkSummary } from "./payout-bulk-views";
import { BULK_CURSOR_TAG, type ListBulksQuery } from "./payout-bulk-schemas";

type Scope = Pick<ApiAuth, "environment"> & { merchant: { id: string } };

/** The payouts of a bulk as items, by index. */
export async function loadBulkItems(db: Db, bulkId: string): Promise<BulkItemView[]> {
  const rows = await db.payout.findMany({
    where: { bulkId },
    orderBy: { bulkIndex: "asc" },
    select: { id: true, bulkIndex: true, externalReference: true, status: true, amount: true, currency: true, errorCode: true },
  });
  return rows.map((r) => ({ index: r.bulkIndex!, payoutId: r.id, externalReference: r.externalReference, status: r.status, amount: r.amount, currency: r.currency, errorCode: r.errorCode }));
}

/** GET /payouts/bulk/{bulkId}: this merchant's bulk in this environment, else 404 (never another merchant's). */
export async function getPayoutBulk(scope: Scope, bulkId: string) {
  const prisma = await getPrisma();
  const bulk = await prisma.payoutBulk.findFirst({ where: { id: bulkId, merchantId: scope.merchant.id, environment: scope.environment } });
  if (!bulk) throw new AppError("not_found", `Bulk payout ${bulkId} not found.`);
  return presentBulk(bulk, await loadBulkItems(prisma, bulk.id));
}

/** Counts of a set of bulks' payouts by status, in one query. */
export async function bulkStatusCounts(db: Db, bulkIds: string[]): Promise<Map<string, Partial<Record<PayoutStatus, number>>>> {
  const out = new Map<string, Partial<Record<PayoutStatus, number>>>();
  if (bulkIds.length === 0) return out;
  const groups = await db.payout.groupBy({ by: ["bulkId", "status"], where: { bulkId: { in: bulkIds } }, _count: { _all: true } });
  for (const g of groups) {
    const entry = out.get(g.bulkId!) ?? {};
    entry[g.status] = g._count._all;
    out.set(g.bulkId!, entry);
  }
  return out;
}

/**
 * GET /payouts/bulk: the merchant's bulks, newest first, keyset-paginated on their insertion
 * sequence (a page never skips or repeats a bulk created meanwhile), each with its counts.
 */
export async function listPayoutBulks(scope: Scope, query: ListBulksQuery) {
  const prisma = await getPrisma();
  const rows = await prisma.payoutBulk.findMany({
    where: {
      merchantId: scope.merchant.id,
      environment: scope.environment,
      ...(query.status ? { status: query.status } : {}),
      ...(query.cursor !== undefined ? { seq: { lt: query.cursor } } : {}),
    },
    orderBy: { seq: "desc" },
    take: query.limit + 1,
  });
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const counts = await bulkStatusCounts(prisma, page.map((b) => b.id));
  return {
    data: page.map((b) => presentBulkSummary(b, counts.get(b.id) ?? {})),
    meta: { limit: query.limit, hasMore, nextCursor: hasMore ? encodeCursor(BULK_CURSOR_TAG, page[page.length - 1].seq) : null },
  };
}
