import type { PayoutBulk, PayoutStatus } from "@/lib/db/generated/client";
import { fromMinor } from "@/lib/money";
import type { z } from "zod";
import type { BulkItemError } from "./create-payout-bulk";
import type { bulkItemSchema } from "./payout-bulk-schemas";

type BulkItem = z.infer<typeof bulkItemSchema>;

/** A payout of a bulk as its item shows it. */
export type BulkItemView = {
  index: number;
  payoutId: string;
  externalReference: string | null;
  status: PayoutStatus;
  amount: bigint;
  currency: string;
  errorCode: string | null;
};

/** GET /payouts/bulk/{id} without items: also the `data` of payout.bulk.completed and a list entry. */
export function presentBulkSummary(bulk: PayoutBulk, byStatus: Partial<Record<PayoutStatus, number>>) {
  const count = (s: PayoutStatus) => byStatus[s] ?? 0;
  return {
    bulkId: bulk.id,
    status: bulk.status,
    atomic: bulk.atomic,
    counts: {
      total: bulk.itemCount,
      accepted: bulk.acceptedCount,
      rejected: bulk.rejectedCount,
      pending: count("pending"),
      processing: count("processing"),
      success: count("success"),
      failed: count("failed"),
      cancelled: count("cancelled"),
      reversed: count("reversed"),
    },
    createdAt: bulk.createdAt.toISOString(),
    completedAt: bulk.completedAt ? bulk.completedAt.toISOString() : null,
  };
}

/** GET /payouts/bulk/{id}: the summary and every item by index, accepted (its payout) or rejected (its error). */
export function presentBulk(bulk: PayoutBulk, payouts: BulkItemView[]) {
  const byStatus: Partial<Record<PayoutStatus, number>> = {};
  for (const p of payouts) byStatus[p.status] = (byStatus[p.status] ?? 0) + 1;
  const accepted = payouts.map((p): BulkItem => ({
    index: p.index,
    ...(p.externalReference ? { externalReference: p.externalReference } : {}),
    status: p.status,
    payoutId: p.payoutId,
    amount: fromMinor(p.amount, p.currency),
    currency: p.currency,
    ...(p.errorCode ? { errorCode: p.errorCode } : {}),
  }));
  const rejected = (bulk.rejected as unknown as BulkItemError[]).map((r): BulkItem => ({
    index: r.index,
    ...(r.externalReference ? { externalReference: r.externalReference } : {}),
    status: "rejected" as const,
    error: r.error,
  }));
  return { ...presentBulkSummary(bulk, byStatus), items: [...accepted, ...rejected].sort((a, b) => a.index - b.index) };
}
