import type { Tx } from "@/lib/db/client";
import { merchantAccount, platformAccount } from "./accounts";
import { assertClosableAs, lockHold } from "./lock-hold";
import { postEntry } from "./post-entry";

/**
 * Payout failure or cancellation: everything held — principal and fees — returns to the
 * wallet's `available`. At most once per hold; releasing a released hold returns its entry,
 * a finalised one is invalid_state.
 */
export async function releasePayout(tx: Tx, input: { payoutId: string; reason?: string }): Promise<{ entryId: string; created: boolean }> {
  const hold = await lockHold(tx, input.payoutId);
  if (assertClosableAs(hold, "released") === "already") return { entryId: hold.closeEntryId!, created: false };
  const total = hold.amount + hold.fee;
  const entry = await postEntry(tx, {
    idempotencyKey: `payout:${hold.id}:release`,
    type: "payout_release",
    environment: hold.environment,
    merchantId: hold.merchantId,
    postings: [
      { account: platformAccount("payouts_in_flight", hold.currency), amount: -total },
      { account: merchantAccount(hold.merchantId, hold.currency, hold.category), amount: total },
    ],
    metadata: { payoutId: hold.id, ...(input.reason ? { reason: input.reason } : {}) },
  });
  await tx.ledgerHold.update({ where: { id: hold.id }, data: { status: "released", closeEntryId: entry.id, closedAt: entry.createdAt } });
  return { entryId: entry.id, created: entry.created };
}
