import type { Tx } from "@/lib/db/client";
import { platformAccount, providerClearing } from "./accounts";
import { assertClosableAs, lockHold } from "./lock-hold";
import { postEntry } from "./post-entry";

/**
 * Refund success: the held amount goes from in flight to the provider's clearing account (the
 * operator paid the customer back out of what it owes us). At most once per hold; finalising a
 * finalised hold returns its entry, a released one is invalid_state.
 */
export async function finaliseRefund(tx: Tx, input: { refundId: string; provider: string }): Promise<{ entryId: string; created: boolean }> {
  const hold = await lockHold(tx, input.refundId);
  if (assertClosableAs(hold, "finalised") === "already") return { entryId: hold.closeEntryId!, created: false };
  const entry = await postEntry(tx, {
    idempotencyKey: `refund:${hold.id}:finalise`,
    type: "refund_finalise",
    environment: hold.environment,
    merchantId: hold.merchantId,
    postings: [
      { account: platformAccount("payouts_in_flight", hold.currency), amount: -hold.amount },
      { account: providerClearing(input.provider, hold.currency), amount: hold.amount },
    ],
    metadata: { refundId: hold.id, provider: input.provider },
  });
  await tx.ledgerHold.update({ where: { id: hold.id }, data: { status: "finalised", closeEntryId: entry.id, closedAt: entry.createdAt } });
  return { entryId: entry.id, created: entry.created };
}
