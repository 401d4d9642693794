import type { Tx } from "@/lib/db/client";
import type { Payment, PaymentStatus, Prisma } from "@/lib/db/generated/client";
import { nullIfNotFound } from "@/lib/db/null-if-not-found";
import { creditCollectPending } from "@/lib/ledger";
import type { CurrencyCode } from "@/lib/money";
import { recordWebhookEvent } from "@/lib/webhooks";
import { refundsOf } from "./get-payment";
import { canTransition } from "./payment-lifecycle";
import { paymentStatusView } from "./payment-views";

export type PaymentChanges = Pick<
  Prisma.PaymentUpdateInput,
  | "provider"
  | "customerPhone"
  | "country"
  | "fee"
  | "providerReference"
  | "providerRequestRef"
  | "connectorAccountId"
  | "providerRawStatus"
  | "submittedAt"
  | "completedAt"
  | "errorCode"
  | "errorMessage"
>;

/**
 * The one way a payment changes status. Inside the caller's transaction it:
 * - applies the change only if the payment is still in the status the caller saw (conditional
 *   UPDATE … RETURNING), so of two concurrent actors exactly one wins and the other gets null;
 * - writes the timeline row;
 * - on success credits the ledger (net of the collect fee) to collect.pending, idempotently;
 * - records the payment.<status> webhook event, delivered after commit by the outbox.
 * All of it commits together or not at all.
 */
export async function transitionPayment(
  tx: Tx,
  payment: Payment,
  to: PaymentStatus,
  changes: PaymentChanges = {},
  reason?: string,
  options: { byEarlierAttempt?: boolean } = {},
): Promise<Payment | null> {
  if (!canTransition(payment, to, options)) return null;
  const clearsError = to === "success" || to === "pending" || to === "processing";
  const updated = await tx.payment
    .update({
      where: { id: payment.id, status: payment.status, updatedAt: payment.updatedAt },
      data: { ...(clearsError ? { errorCode: null, errorMessage: null } : {}), ...changes, status: to },
    })
    .catch(nullIfNotFound);
  if (!updated) return null;
  await tx.paymentStatusChange.create({ data: { paymentId: payment.id, fromStatus: payment.status, toStatus: to, reason } });

  if (to === "success") {
    await creditCollectPending(tx, {
      environment: updated.environment,
      merchantId: updated.merchantId,
      reference: updated.id,
      provider: updated.provider!,
      currency: updated.currency as CurrencyCode,
      gross: updated.amount,
      fee: updated.fee,
    });
  }
  // payment.refunded reports the refunds that made it (docs/design/refunds.md); no other status has any.
  const refunds = to === "refunded" ? await refundsOf(updated, tx) : [];
  await recordWebhookEvent(tx, {
    merchantId: updated.merchantId,
    environment: updated.environment,
    type: `payment.${to}`,
    data: paymentStatusView(updated, refunds),
    callbackUrl: updated.callbackUrl,
  });
  return updated;
}
