import type { Tx } from "@/lib/db/client";
import { merchantAccount, platformAccount } from "./accounts";
import { closeHold } from "./close-hold";

/**
 * Payout failure or cancellation: everything held — principal and fees — returns to the
 * wallet's `available`. At most once per hold; releasing a released hold returns its entry,
 * a finalised one is invalid_state.
 */
export async function releasePayout(tx: Tx, input: { payoutId: string; reason?: string }): Promise<{ entryId: string; created: boolean }> {
  return closeHold(tx, input.payoutId, "released", (hold) => {
    const total = hold.amount + hold.fee;
    return {
      idempotencyKey: `payout:${hold.id}:release`,
      type: "payout_release",
      postings: [
        { account: platformAccount("payouts_in_flight", hold.currency), amount: -total },
        { account: merchantAccount(hold.merchantId, hold.currency, hold.category), amount: total },
      ],
      metadata: { payoutId: hold.id, ...(input.reason ? { reason: input.reason } : {}) },
    };
  });
}
