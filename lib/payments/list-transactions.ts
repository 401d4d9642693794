import { z } from "zod";
import type { ApiAuth } from "@/lib/auth/authenticate";
import { getPrisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
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

export async function listTransactions(scope: Pick<ApiAuth, "environment"> & { merchant: { id: string } }, query: ListTransactionsQuery) {
  const page = toPage(query);
  if (query.type === "payout") return { data: [], meta: pageMeta(0, page) };
  const where: Prisma.PaymentWhereInput = {
    merchantId: scope.merchant.id,
    environment: scope.environment,
    ...(query.status ? { status: query.status } : {}),
    ...(query.provider ? { provider: query.provider } : {}),
    ...(query.externalReference ? { externalReference: query.externalReference } : {}),
    ...(query.startDate || query.endDate
      ? {
          createdAt: {
            ...(query.startDate ? { gte: new Date(`${query.startDate}T00:00:00.000Z`) } : {}),
            ...(query.endDate ? { lt: new Date(Date.parse(`${query.endDate}T00:00:00.000Z`) + 86_400_000) } : {}),
          },
        }
      : {}),
  };
  const prisma = await getPrisma();
  const [total, rows] = await Promise.all([
    prisma.payment.count({ where }),
    prisma.payment.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: page.skip, take: page.limit }),
  ]);
  const data = rows.map((p) => ({
    transactionId: p.id,
    type: "collect" as const,
    status: p.status,
    amount: fromMinor(p.amount, p.currency),
    currency: p.currency,
    provider: p.provider,
    externalReference: p.externalReference,
    customerName: p.customerName,
    createdAt: p.createdAt.toISOString(),
    ...(p.status === "success" || p.status === "refunded" ? { paidAt: (p.completedAt ?? p.updatedAt).toISOString() } : {}),
  }));
  return { data, meta: pageMeta(total, page) };
}
