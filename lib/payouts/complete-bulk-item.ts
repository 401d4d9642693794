import type { Tx } from "@/lib/db/client";
import type { Payout } from "@/lib/db/generated/client";
import { recordWebhookEvent } from "@/lib/webhooks";
import { bulkStatusCounts } from "./get-payout-bulk";
import { presentBulkSummary } from "./payout-bulk-views";

/**
 * A payout of a bulk reached a final status (called by transitionPayout, in its transaction,
 * once per payout: a late success or a reversal that follows is not counted again). The bulk's open count goes down by one in a
 * single UPDATE, whose row lock orders concurrent finals of one bulk; the one that brings it to
 * zero completes the bulk and records payout.bulk.completed, so the event exists exactly once
 * and only if that last change commits.
 */
export async function completeBulkItem(tx: Tx, payout: Payout): Promise<void> {
  if (!payout.bulkId) return;
  const now = new Date();
  const rows = await tx.$queryRaw<{ open_count: number }[]>`
    UPDATE payout_bulks
    SET open_count = open_count - 1,
        status = CASE WHEN open_count = 1 THEN 'completed'::"PayoutBulkStatus" ELSE status END,
        completed_at = CASE WHEN open_count = 1 THEN ${now}::timestamptz ELSE completed_at END
    WHERE id = ${payout.bulkId} AND open_count > 0
    RETURNING open_count`;
  if (rows.length === 0 || Number(rows[0].open_count) !== 0) return;
  const bulk = await tx.payoutBulk.findUniqueOrThrow({ where: { id: payout.bulkId } });
  const counts = await bulkStatusCounts(tx, [bulk.id]);
  await recordWebhookEvent(tx, {
    merchantId: bulk.merchantId,
    environment: bulk.environment,
    type: "payout.bulk.completed",
    data: presentBulkSummary(bulk, counts.get(bulk.id) ?? {}),
  });
}
