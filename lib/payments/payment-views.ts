import type { Payment, Refund } from "@/lib/db/generated/client";
import { fromMinor } from "@/lib/money";
import { refundView } from "@/lib/refunds/refund-views";
import { STATUS_MESSAGES } from "./payment-lifecycle";

/**
 * The shapes a payment takes on the wire (spec "Collect transaction"): the field set differs per
 * endpoint, quirks included (`externalReference` on initiate and lists, `merchantReference` on
 * status and detail; `paidAt` on list items, `completedAt` elsewhere).
 */
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const amountOf = (p: Payment) => fromMinor(p.amount, p.currency);
/** The fee is fixed once the provider is known (initiate for direct, the customer's choice for checkout). */
export const feesOf = (p: Pick<Payment, "provider" | "fee" | "currency">) => (p.provider ? fromMinor(p.fee, p.currency) : null);

/**
 * docs/design/refunds.md: what has been refunded (successful refunds) and every refund, oldest first. The
 * caller passes the payment's refunds (getPaymentWithRefunds); a payment that was never
 * successful has none.
 */
const refundsOf = (p: Payment, refunds: Refund[]) => ({
  refundedAmount: fromMinor(p.refundedAmount, p.currency),
  refunds: [...refunds].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)).map(refundView),
});

/** GET /payments/status/{id}, and the `data` of every payment.* webhook. */
export function paymentStatusView(p: Payment, refunds: Refund[] = []) {
  return {
    transactionId: p.id,
    type: "collect" as const,
    status: p.status,
    amount: amountOf(p),
    currency: p.currency,
    fees: feesOf(p),
    provider: p.provider,
    country: p.country,
    merchantReference: p.externalReference,
    customerPhone: p.customerPhone,
    customerName: p.customerName,
    customerEmail: p.customerEmail,
    message: p.status === "failed" && p.errorMessage ? p.errorMessage : STATUS_MESSAGES[p.status],
    errorCode: p.errorCode,
    errorMessage: p.errorMessage,
    expiresAt: p.status === "pending" || p.status === "processing" ? p.expiresAt.toISOString() : null,
    completedAt: iso(p.completedAt),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    metadata: (p.metadata as Record<string, unknown> | null) ?? null,
    paymentLinkId: p.paymentLinkId,
    ...refundsOf(p, refunds),
  };
}

/** GET /payments/transactions/{id}. */
export function paymentDetailView(p: Payment, refunds: Refund[] = []) {
  return {
    transactionId: p.id,
    merchantReference: p.externalReference,
    type: "collect" as const,
    status: p.status,
    amount: amountOf(p),
    currency: p.currency,
    fees: feesOf(p),
    provider: p.provider,
    providerReference: p.providerReference,
    customerPhone: p.customerPhone,
    customerName: p.customerName,
    customerEmail: p.customerEmail,
    description: p.description,
    completedAt: iso(p.completedAt),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    metadata: (p.metadata as Record<string, unknown> | null) ?? null,
    paymentLinkId: p.paymentLinkId,
    ...refundsOf(p, refunds),
  };
}

/** GET /payments/public/status/{id}: nothing but these four fields, ever. */
export function paymentPublicView(p: Payment) {
  return { transactionId: p.id, status: p.status, amount: amountOf(p), currency: p.currency };
}
