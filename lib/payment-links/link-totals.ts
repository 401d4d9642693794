import type { Db } from "@/lib/db/client";
import { type LinkTotals, NO_TOTALS } from "./link-status";
import { paymentTotalsByLink } from "@/lib/payments/payment-records";

/**
 * Totals of several links in one statement (a list page), from their payments through the
 * (payment_link_id, created_at, id) index. A link without payments gets NO_TOTALS.
 */
export async function linkTotals(db: Db, linkIds: string[], now = new Date()): Promise<Map<string, LinkTotals>> {
  const out = new Map<string, LinkTotals>();
  if (linkIds.length === 0) return out;
  const rows = await paymentTotalsByLink(db, linkIds, now);
  for (const r of rows) out.set(r.id, { paidCount: r.paid, collected: BigInt(r.collected ?? 0), holding: r.holding });
  for (const id of linkIds) if (!out.has(id)) out.set(id, NO_TOTALS);
  return out;
}
