import { getPrisma } from "@/lib/db/client";
import { transitionPayment } from "./transition-payment";

/**
 * Expires pending payments whose expiresAt has passed (DESIGN §6). Only `pending`: a
 * processing payment has a prompt on the customer's phone and is resolved by asking the
 * provider, never expired blindly. Returns how many expired.
 */
export async function expireDuePayments(now = new Date(), batchSize = 200): Promise<number> {
  const prisma = await getPrisma();
  let expired = 0;
  // Batch after batch until none is left: a backlog (a sweep that could not run for a while)
  // is cleared in one pass rather than 200 per tick.
  for (;;) {
    const due = await prisma.payment.findMany({
      // A pending payment with a stored reference was sent (its answer was unclear): the poll resolves it.
      where: { status: "pending", expiresAt: { lte: now }, providerRequestRef: null },
      orderBy: { expiresAt: "asc" },
      take: batchSize,
    });
    for (const payment of due) {
      const done = await prisma.$transaction((tx) => transitionPayment(tx, payment, "expired", {}, "expiresAt passed"));
      if (done) expired++;
    }
    if (due.length < batchSize) return expired;
  }
}
