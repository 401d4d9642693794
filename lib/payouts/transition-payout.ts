import type { Tx } from "@/lib/db/client";
import type { Payout, PayoutStatus, Prisma } from "@/lib/db/generated/client";
import { nullIfNotFound } from "@/lib/db/null-if-not-found";
import { chargeLateSuccess, finalisePayout, releasePayout, reversePayout } from "@/lib/ledger";
import type { CurrencyCode } from "@/lib/money";
import { recordWebhookEvent } from "@/lib/webhooks";
import { completeBulkItem } from "./complete-bulk-item";
import { addLimitWindows, releaseLimitWindows } from "./payout-limits";
import { payoutView } from "./payout-views";

/**
 * pending → processing → success | failed; pending → cancelled (or failed if refused at
 * submission); failed → success only on the operator's word that it paid after all (a late
 * success: docs/decisions/late-success-after-failure.md); success → reversed only on the
 * operator's word that the money came back to us (docs/decisions/payout-reversals.md).
 */
const NEXT: Record<PayoutStatus, PayoutStatus[]> = {
  pending: ["processing", "failed", "cancelled"],
  processing: ["success", "failed"],
  success: ["reversed"],
  failed: ["success"],
  cancelled: [],
  reversed: [],
};

export const canTransitionPayout = (from: PayoutStatus, to: PayoutStatus) => NEXT[from].includes(to);

export type PayoutChanges = Pick<Prisma.PayoutUpdateManyMutationInput, "providerReference" | "providerRawStatus" | "queuedReason" | "processedAt" | "completedAt" | "reversedAt" | "errorCode" | "errorMessage">;

/**
 * The one way a payout changes status, inside the caller's transaction: a conditional UPDATE
 * (only if still in the status the caller saw, so of two concurrent actors exactly one wins and
 * the other gets null), the timeline row, the ledger (success finalises the hold; failure and
 * cancellation release it in full, fees included, and give the amount back to the limit
 * windows; a reversal credits the principal back, the fee and the limit windows unchanged) and
 * the payout.<status> event — together.
 */
export async function transitionPayout(tx: Tx, payout: Payout, to: PayoutStatus, changes: PayoutChanges = {}, reason?: string): Promise<Payout | null> {
  if (!canTransitionPayout(payout.status, to)) return null;
  const updated = await tx.payout
    .update({ where: { id: payout.id, status: payout.status, updatedAt: payout.updatedAt }, data: { ...changes, status: to } })
    .catch(nullIfNotFound);
  if (!updated) return null;
  await tx.payoutStatusChange.create({ data: { payoutId: payout.id, fromStatus: payout.status, toStatus: to, reason } });

  const lateSuccess = payout.status === "failed" && to === "success";
  if (to === "success") {
    const sent = sentOf(updated);
    if (lateSuccess) {
      // Released on the operator's failure, paid after all: charged again, and it counts against the limits again.
      await addLimitWindows(tx, updated.merchantId, updated.environment, updated.limitAmount, updated.createdAt);
      await chargeLateSuccess(tx, { holdId: updated.id, provider: updated.provider, sent });
    } else await finalisePayout(tx, { payoutId: updated.id, provider: updated.provider, sent });
  } else if (to === "failed" || to === "cancelled") {
    // Limit windows before the wallet: the lock order of initiate, so the two never deadlock.
    await releaseLimitWindows(tx, updated);
    await releasePayout(tx, { payoutId: updated.id, reason: to === "failed" ? (updated.errorCode ?? "failed") : "cancelled" });
  } else if (to === "reversed") {
    // The limit windows keep it: it was sent, and a send-and-return must not open room for more.
    await reversePayout(tx, { payoutId: updated.id, provider: updated.provider, sent: sentOf(updated) });
  }
  await recordWebhookEvent(tx, {
    merchantId: updated.merchantId,
    environment: updated.environment,
    type: `payout.${to}`,
    data: payoutView(updated),
    callbackUrl: updated.callbackUrl,
  });
  // A late success leaves a final status for another, and a reversal can only follow a success:
  // its bulk counted it final already.
  if ((to === "success" || to === "failed" || to === "cancelled") && !lateSuccess) await completeBulkItem(tx, updated);
  return updated;
}

/**
 * What the operator paid, when its currency differs from the wallet debited. When the two
 * currencies are equal the held principal is what went out.
 */
function sentOf(payout: Payout): { currency: CurrencyCode; amount: bigint } | undefined {
  return payout.destinationCurrency !== payout.debitCurrency ? { currency: payout.destinationCurrency as CurrencyCode, amount: payout.destinationAmount } : undefined;
}
