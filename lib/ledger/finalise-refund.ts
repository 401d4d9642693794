import type { Tx } from "@/lib/db/client";
import { platformAccount, providerClearing } from "./accounts";
import { closeHold } from "./close-hold";

/**
 * Refund success: the held amount goes from in flight to the provider's clearing account (the
 * operator paid the customer back out of what it owes us). At most once per hold; finalising a
 * finalised hold returns its entry, a released one is invalid_state.
 */
export async function finaliseRefund(tx: Tx, input: { refundId: string; provider: string }): Promise<{ entryId: string; created: boolean }> {
  return closeHold(tx, input.refundId, "finalised", (hold) => ({
    idempotencyKey: `refund:${hold.id}:finalise`,
    type: "refund_finalise",
    postings: [
      { account: platformAccount("payouts_in_flight", hold.currency), amount: -hold.amount },
      { account: providerClearing(input.provider, hold.currency), amount: hold.amount },
    ],
    metadata: { refundId: hold.id, provider: input.provider },
  }));
}
