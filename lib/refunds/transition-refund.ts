import type { Tx } from "@/lib/db/client";
import type { Prisma, Refund, RefundStatus } from "@/lib/db/generated/client";
import { nullIfNotFound } from "@/lib/db/null-if-not-found";
import { chargeLateSuccess, finaliseRefund, releaseRefund } from "@/lib/ledger";
import { log } from "@/lib/log";
import { transitionPayment } from "@/lib/payments/transition-payment";
import { recordWebhookEvent } from "@/lib/webhooks";
import { refundView } from "./refund-views";
import { getPaymentRow, reserveAndCountRefund, countRefunded, releaseRefundReservation } from "@/lib/payments/payment-records";

/**
 * pending → processing → success | failed (failed straight from pending when refused at
 * submission); failed → success only on the operator's word that it refunded after all (a late
 * success: docs/decisions/late-success-after-failure.md).
 */
const NEXT: Record<RefundStatus, RefundStatus[]> = {
  pending: ["processing", "failed"],
  processing: ["success", "failed"],
  success: [],
  failed: ["success"],
};

export const canTransitionRefund = (from: RefundStatus, to: RefundStatus) => NEXT[from].includes(to);

export type RefundChanges = Pick<
  Prisma.RefundUpdateManyMutationInput,
  "providerReference" | "providerRawStatus" | "processedAt" | "completedAt" | "errorCode" | "errorMessage"
>;

/**
 * The one way a refund changes status, inside the caller's transaction: a conditional UPDATE
 * (only from the status the caller saw: of two concurrent actors exactly one wins, the other
 * gets null), the timeline row, the payment's totals, the ledger and the refund.<status> event,
 * together:
 * - success: the payment's refundedAmount grows, the hold is finalised, and a payment now fully
 *   refunded becomes `refunded` (payment.refunded, after refund.success);
 * - failed: the amount is no longer reserved on the payment and the hold is released in full.
 * The payment row is locked before the merchant's ledger account, the order createRefund takes
 * them in, so the two never deadlock.
 */
export async function transitionRefund(tx: Tx, refund: Refund, to: RefundStatus, changes: RefundChanges = {}, reason?: string): Promise<Refund | null> {
  if (!canTransitionRefund(refund.status, to)) return null;
  const updated = await tx.refund
    .update({ where: { id: refund.id, status: refund.status, updatedAt: refund.updatedAt }, data: { ...changes, status: to } })
    .catch(nullIfNotFound);
  if (!updated) return null;
  await tx.refundStatusChange.create({ data: { refundId: refund.id, fromStatus: refund.status, toStatus: to, reason } });

  await recordWebhookEvent(tx, {
    merchantId: updated.merchantId,
    environment: updated.environment,
    type: `refund.${to}`,
    data: refundView(updated),
    callbackUrl: updated.callbackUrl,
  });
  if (to === "success" && refund.status === "failed") {
    // Released on the operator's failure, refunded after all: charged again. Its amount is back
    // on the payment's totals when it still fits under the payment (another refund may have
    // taken its place meanwhile: then the customer got more back than was paid, which the
    // ledger shows and the order's review tells operations).
    await chargeLateSuccess(tx, { holdId: updated.id, provider: updated.provider });
    const fits = await reserveAndCountRefund(tx, updated.paymentId, updated.amount);
    if (!fits) log.error("a late refund success does not fit under its payment: refunded more than paid", { refundId: updated.id, paymentId: updated.paymentId });
    const payment = await getPaymentRow(updated.paymentId, tx);
    if (fits && payment.refundedAmount === payment.amount && payment.status === "success") await transitionPayment(tx, payment, "refunded", {}, `fully refunded (${updated.id})`);
  } else if (to === "success") {
    const payment = await countRefunded(tx, updated.paymentId, updated.amount);
    await finaliseRefund(tx, { refundId: updated.id, provider: updated.provider });
    if (payment.refundedAmount === payment.amount) await transitionPayment(tx, payment, "refunded", {}, `fully refunded (${updated.id})`);
  } else if (to === "failed") {
    await releaseRefundReservation(tx, updated.paymentId, updated.amount);
    await releaseRefund(tx, { refundId: updated.id, reason: updated.errorCode ?? "failed" });
  }
  return updated;
}
