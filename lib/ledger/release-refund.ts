import type { Tx } from "@/lib/db/client";
import { merchantAccount, platformAccount } from "./accounts";
import { assertClosableAs, lockHold } from "./lock-hold";
import { postEntry } from "./post-entry";

/**
 * Refund failure: the held amount returns to the merchant's wallet `available`, in full. At
 * most once per hold; releasing a released hold returns its entry, a finalised one is
 * invalid_state.
 */
export async function releaseRefund(tx: Tx, input: { refundId: string; reason?: string }): Promise<{ entryId: string; created: boolean }> {
  const hold = await lockHold(tx, input.refundId);
  if (assertClosableAs(hold, "released") === "already") return { entryId: hold.closeEntryId!, created: false };
  const entry = await postEntry(tx, {
    idempotencyKey: `refund:${hold.id}:release`,
    type: "refund_release",
    environment: hold.environment,
    merchantId: hold.merchantId,
    postings: [
      { account: platformAccount("payouts_in_flight", hold.currency), amount: -hold.amount },
      { account: merchantAccount(hold.merchantId, hold.currency, hold.category), amount: hold.amount },
    ],
    metadata: { refundId: hold.id, ...(input.reason ? { reason: input.reason } : {}) },
  });
  await tx.ledgerHold.update({ where: { id: hold.id }, data: { status: "released", closeEntryId: entry.id, closedAt: entry.createdAt } });
  return { entryId: entry.id, created: entry.created };
}
