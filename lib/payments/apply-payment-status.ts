import { type AnsweredChanges, applyOrderStatus, type OrderTransitions } from "@/lib/connectors/apply-order-status";
import type { ConnectorOutcome } from "@/lib/connectors/connector";
import { getPrisma } from "@/lib/db/client";
import type { Payment } from "@/lib/db/generated/client";
import { transitionPayment } from "./transition-payment";

/**
 * How an operator's answer moves a payment (the shared rules: applyOrderStatus). A payment has
 * no acceptance time of its own, and its `completedAt` is set only on success; a late success
 * after our own timeout still wins (the money was taken: payment-lifecycle.ts allows it).
 */
const paymentTransitions: OrderTransitions<Payment> = {
  direction: "collect",
  reload: async (id) => (await getPrisma()).payment.findUnique({ where: { id } }),
  transition: (tx, payment, to, changes: AnsweredChanges, note) => {
    const { providerReference, providerRawStatus, providerRedirectUrl, completedAt, errorCode, errorMessage } = changes;
    const kept = { providerReference, providerRawStatus, providerRedirectUrl, ...(to === "success" ? { completedAt } : {}), ...(to === "failed" ? { errorCode, errorMessage } : {}) };
    return transitionPayment(tx, payment, to, kept, note);
  },
};

/** The one place an operator's answer changes a payment (DESIGN §13): poll, callback, ops re-check. */
export function applyPaymentStatus(payment: Payment, outcome: ConnectorOutcome, options: { note?: string; now?: Date } = {}): Promise<Payment | null> {
  return applyOrderStatus(paymentTransitions, payment, outcome, options);
}
