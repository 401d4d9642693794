import { z } from "zod";
import type { ApiAuth } from "@/lib/auth/authenticate";
import { getPrisma } from "@/lib/db/client";
import type { PayoutStatus, Prisma } from "@/lib/db/generated/client";
import { pageMeta, paginationQuery, toPage } from "@/lib/http/pagination";
import { fromMinor } from "@/lib/money";

/**
 * GET /payments/transactions: the merchant's transactions, newest first, with the spec's
 * filters. `completed` is accepted as a synonym of `success` (spec States); items say `success`.
 */
const STATUSES = ["pending", "processing", "success", "failed", "cancelled", "expired", "refunded"] as const;
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD").refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "is not a real date");

export const listTransactionsQuery = z
  .object({
    ...paginationQuery,
    status: z
      .enum([...STATUSES, "completed"])
      .optional()
      .transform((s) => (s === "completed" ? "success" : s))
      .describe("pending, processing, success (or completed), failed, cancelled, expired, refunded"),
    provider: z.string().trim().min(1).max(32).optional(),
    type: z.enum(["collect", "payout"]).optional(),
    startDate: day.optional().describe("From this UTC day (YYYY-MM-DD), inclusive."),
    endDate: day.optional().describe("Up to this UTC day (YYYY-MM-DD), inclusive."),
    externalReference: z.string().trim().min(1).max(100).optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { message: "startDate must not be after endDate", path: ["startDate"] });

export type ListTransactionsQuery = z.output<typeof listTransactionsQuery>;

/**
 * Collect payments and payouts live in two tables. With `type` set, one of them is paged
 * directly. Without it, the two newest-first streams are merged: each query fetches its first
 * `skip + limit` rows (enough for the page whatever the interleaving), the merge sorts them by
 * (createdAt, id) descending and the page is sliced out; `total` is the sum of both counts.
 * Deep pages cost more (skip grows), which the page-size cap of 100 keeps reasonable.
 */
export async function listTransactions(scope: Pick<ApiAuth, "environment"> & { merchant: { id: string } }, query: ListTransactionsQuery) {
  const page = toPage(query);
  const base = { merchantId: scope.merchant.id, environment: scope.environment };
  const createdAt =
    query.startDate || query.endDate
      ? {
          createdAt: {
            ...(query.startDate ? { gte: new Date(`${query.startDate}T00:00:00.000Z`) } : {}),
            ...(query.endDate ? { lt: new Date(Date.parse(`${query.endDate}T00:00:00.000Z`) + 86_400_000) } : {}),
          },
        }
      : {};
  const where: Prisma.PaymentWhereInput = {
    ...base,
    ...(query.status ? { status: query.status } : {}),
    ...(query.provider ? { provider: query.provider } : {}),
    ...(query.externalReference ? { externalReference: query.externalReference } : {}),
    ...createdAt,
  };
  const payoutStatus = query.status && (PAYOUT_STATUSES as readonly string[]).includes(query.status) ? (query.status as PayoutStatus) : undefined;
  const payoutWhere: Prisma.PayoutWhereInput | null =
    query.status && !payoutStatus
      ? null // expired / refunded: no payout is ever in these
      : {
          ...base,
          ...(payoutStatus ? { status: payoutStatus } : {}),
          ...(query.provider ? { provider: query.provider } : {}),
          ...(query.externalReference ? { externalReference: query.externalReference } : {}),
          ...createdAt,
        };
  const prisma = await getPrisma();
  const orderBy: { createdAt?: "desc"; id?: "desc" }[] = [{ createdAt: "desc" }, { id: "desc" }];
  const wantCollect = query.type !== "payout";
  const wantPayout = query.type !== "collect" && payoutWhere !== null;
  const merged = wantCollect && wantPayout;
  const window: { skip: number; take: number } = merged ? { skip: 0, take: page.skip + page.limit } : { skip: page.skip, take: page.limit };
  const [collectTotal, collectRows, payoutTotal, payoutRows] = await Promise.all([
    wantCollect ? prisma.payment.count({ where }) : 0,
    wantCollect ? prisma.payment.findMany({ where, orderBy, ...window }) : [],
    wantPayout ? prisma.payout.count({ where: payoutWhere! }) : 0,
    wantPayout ? prisma.payout.findMany({ where: payoutWhere!, orderBy, ...window }) : [],
  ]);
  const items = [
    ...collectRows.map((p) => ({
      sortAt: p.createdAt,
      item: {
        transactionId: p.id,
        type: "collect" as const,
        status: p.status as string,
        amount: fromMinor(p.amount, p.currency),
        currency: p.currency,
        provider: p.provider,
        externalReference: p.externalReference as string | null,
        customerName: p.customerName,
        createdAt: p.createdAt.toISOString(),
        ...(p.status === "success" || p.status === "refunded" ? { paidAt: (p.completedAt ?? p.updatedAt).toISOString() } : {}),
      },
    })),
    ...payoutRows.map((p) => ({
      sortAt: p.createdAt,
      item: {
        transactionId: p.id,
        type: "payout" as const,
        status: p.status as string,
        amount: fromMinor(p.amount, p.currency),
        currency: p.currency,
        provider: p.provider as string | null,
        externalReference: p.externalReference,
        customerName: ((p.recipient as { name?: string } | null)?.name ?? null) as string | null,
        createdAt: p.createdAt.toISOString(),
        ...(p.status === "success" ? { paidAt: (p.completedAt ?? p.updatedAt).toISOString() } : {}),
      },
    })),
  ];
  items.sort((a, b) => b.sortAt.getTime() - a.sortAt.getTime() || (a.item.transactionId < b.item.transactionId ? 1 : -1));
  const data = (merged ? items.slice(page.skip, page.skip + page.limit) : items).map((i) => i.item);
  return { data, meta: pageMeta(collectTotal + payoutTotal, page) };
}

const PAYOUT_STATUSES = ["pending", "processing", "success", "failed", "cancelled"] as const;
