import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { type LinkTotals, NO_TOTALS } from "./link-status";

/**
 * Totals of several links in one statement (a list page), from their payments through the
 * (payment_link_id, created_at, id) index. A link without payments gets NO_TOTALS.
 */
export async function linkTotals(db: Db, linkIds: string[], now = new Date()): Promise<Map<string, LinkTotals>> {
  const out = new Map<string, LinkTotals>();
  if (linkIds.length === 0) return out;
  const rows = await db.$queryRaw<{ id: string; paid: number; collected: bigint | null; holding: number }[]>`
    SELECT payment_link_id AS id,
           (count(*) FILTER (WHERE status IN ('success', 'refunded')))::int AS paid,
           sum(amount - refunded_amount) FILTER (WHERE status IN ('success', 'refunded')) AS collected,
           (count(*) FILTER (WHERE status IN ('success', 'refunded', 'processing')
                              OR (status IN ('pending', 'failed') AND expires_at > ${now})))::int AS holding
    FROM payments WHERE payment_link_id IN (${Prisma.join(linkIds)})
    GROUP BY payment_link_id`;
  for (const r of rows) out.set(r.id, { paidCount: r.paid, collected: BigInt(r.collected ?? 0), holding: r.holding });
  for (const id of linkIds) if (!out.has(id)) out.set(id, NO_TOTALS);
  return out;
}
