import type { Tx } from "@/lib/db/client";
import type { Payout, PayoutStatus, Prisma } from "@/lib/db/generated/client";
import { nullIfNotFound } from "@/lib/db/null-if-not-found";
import { finalisePayout, releasePayout } from "@/lib/ledger";
import type { CurrencyCode } from "@/lib/money";
import { recordWebhookEvent } from "@/lib/webhooks";
import { completeBulkItem } from "./complete-bulk-item";
import { releaseLimitWindows } from "./payout-limits";
import { payoutView } from "./payout-views";

/** DESIGN §8: pending → processing → success | failed; pending → cancelled (or failed if refused at submission). */
const NEXT: Record<PayoutStatus, PayoutStatus[]> = {
  pending: ["processing", "failed", "cancelled"],
  processing: ["success", "failed"],
  success: [],
  failed: [],
  cancelled: [],
};

export const canTransitionPayout = (from: PayoutStatus, to: PayoutStatus) => NEXT[from].includes(to);

export type PayoutChanges = Pick<Prisma.PayoutUpdateManyMutationInput, "providerReference" | "providerRawStatus" | "queuedReason" | "processedAt" | "completedAt" | "errorCode" | "errorMessage">;

/**
 * The one way a payout changes status, inside the caller's transaction: a conditional UPDATE
 * (only if still in the status the caller saw, so of two concurrent actors exactly one wins and
 * the other gets null), the timeline row, the ledger (success finalises the hold; failure and
 * cancellation release it in full, fees included, and give the amount back to the limit
 * windows) and the payout.<status> event — together.
 */
export async function transitionPayout(tx: Tx, payout: Payout, to: PayoutStatus, changes: PayoutChanges = {}, reason?: string): Promise<Payout | null> {
  if (!canTransitionPayout(payout.status, to)) return null;
  const updated = await tx.payout
    .update({ where: { id: payout.id, status: payout.status, updatedAt: payout.updatedAt }, data: { ...changes, status: to } })
    .catch(nullIfNotFound);
  if (!updated) return null;
  await tx.payoutStatusChange.create({ data: { payoutId: payout.id, fromStatus: payout.status, toStatus: to, reason } });

  if (to === "success") {
    // What the operator paid, when its currency differs from the wallet debited. When the two
    // currencies are equal the held principal is what went out.
    const sent =
      updated.destinationCurrency !== updated.debitCurrency ? { currency: updated.destinationCurrency as CurrencyCode, amount: updated.destinationAmount } : undefined;
    await finalisePayout(tx, { payoutId: updated.id, provider: updated.provider, sent });
  } else if (to === "failed" || to === "cancelled") {
    // Limit windows before the wallet: the lock order of initiate, so the two never deadlock.
    await releaseLimitWindows(tx, updated);
    await releasePayout(tx, { payoutId: updated.id, reason: to === "failed" ? (updated.errorCode ?? "failed") : "cancelled" });
  }
  await recordWebhookEvent(tx, {
    merchantId: updated.merchantId,
    environment: updated.environment,
    type: `payout.${to}`,
    data: payoutView(updated),
    callbackUrl: updated.callbackUrl,
  });
  if (to === "success" || to === "failed" || to === "cancelled") await completeBulkItem(tx, updated);
  return updated;
}
