import type { Refund } from "@/lib/db/generated/client";
import { fromMinor } from "@/lib/money";

/** A refund on the wire: the POST's answer, an item of a payment's `refunds[]`, the `data` of refund.* events. */
export function refundView(r: Refund) {
  return {
    refundId: r.id,
    transactionId: r.paymentId,
    status: r.status,
    amount: fromMinor(r.amount, r.currency),
    currency: r.currency,
    reason: r.reason,
    provider: r.provider,
    providerReference: r.providerReference,
    errorCode: r.errorCode,
    errorMessage: r.errorMessage,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    completedAt: r.completedAt ? r.completedAt.toISOString() : null,
  };
}
