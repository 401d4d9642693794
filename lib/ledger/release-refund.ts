import type { Tx } from "@/lib/db/client";
import { merchantAccount, platformAccount } from "./accounts";
import { closeHold } from "./close-hold";

/**
 * Refund failure: the held amount returns to the merchant's wallet `available`, in full. At
 * most once per hold; releasing a released hold returns its entry, a finalised one is
 * invalid_state.
 */
export async function releaseRefund(tx: Tx, input: { refundId: string; reason?: string }): Promise<{ entryId: string; created: boolean }> {
  return closeHold(tx, input.refundId, "released", (hold) => ({
    idempotencyKey: `refund:${hold.id}:release`,
    type: "refund_release",
    postings: [
      { account: platformAccount("payouts_in_flight", hold.currency), amount: -hold.amount },
      { account: merchantAccount(hold.merchantId, hold.currency, hold.category), amount: hold.amount },
    ],
    metadata: { refundId: hold.id, ...(input.reason ? { reason: input.reason } : {}) },
  }));
}
