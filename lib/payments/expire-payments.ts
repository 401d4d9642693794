import { getPrisma } from "@/lib/db/client";
import { transitionPayment } from "./transition-payment";

/**
 * Expires pending payments whose expiresAt has passed (docs/design/order-lifecycle.md). Only `pending`: a
 * processing payment has a prompt on the customer's phone and is resolved by asking the
 * provider, never expired blindly. `keep`: of the due ids, those still waiting on an operator (a
 * checkout retry whose earlier attempt may still be paid: the order engine's attempts), left
 * alone. Returns how many expired.
 */
export async function expireDuePayments(now = new Date(), batchSize = 200, keep?: (ids: string[]) => Promise<Set<string>>): Promise<number> {
  const prisma = await getPrisma();
  let expired = 0;
  const kept: string[] = [];
  // Batch after batch until none is left: a backlog (a sweep that could not run for a while)
  // is cleared in one pass rather than 200 per tick.
  for (;;) {
    const due = await prisma.payment.findMany({
      // A pending payment with a stored reference was sent (its answer was unclear): the poll resolves it.
      where: { status: "pending", expiresAt: { lte: now }, providerRequestRef: null, ...(kept.length > 0 ? { id: { notIn: kept } } : {}) },
      orderBy: { expiresAt: "asc" },
      take: batchSize,
    });
    const waiting = keep ? await keep(due.map((p) => p.id)) : new Set<string>();
    kept.push(...waiting);
    for (const payment of due) {
      if (waiting.has(payment.id)) continue;
      const done = await prisma.$transaction((tx) => transitionPayment(tx, payment, "expired", {}, "expiresAt passed"));
      if (done) expired++;
    }
    if (due.length < batchSize) return expired;
  }
}
