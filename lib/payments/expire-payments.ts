import { getPrisma } from "@/lib/db/client";
import { transitionPayment } from "./transition-payment";

/**
 * Expires pending payments whose expiresAt has passed (DESIGN §6). Only `pending`: a
 * processing payment has a prompt on the customer's phone and is resolved by asking the
 * provider, never expired blindly. Returns how many expired.
 */
export async function expireDuePayments(now = new Date(), batchSize = 200): Promise<number> {
  const prisma = await getPrisma();
  const due = await prisma.payment.findMany({
    where: { status: "pending", expiresAt: { lte: now } },
    orderBy: { expiresAt: "asc" },
    take: batchSize,
  });
  let expired = 0;
  for (const payment of due) {
    const done = await prisma.$transaction((tx) => transitionPayment(tx, payment, "expired", {}, "expiresAt passed"));
    if (done) expired++;
  }
  return expired;
}
