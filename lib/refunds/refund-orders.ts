import { getPrisma } from "@/lib/db/client";
import type { Refund } from "@/lib/db/generated/client";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import type { OrderKind } from "@/lib/orders/order-kind";
import { pollRefundJob } from "./refund-jobs";
import { transitionRefund } from "./transition-refund";
import { findPayment } from "@/lib/payments/payment-records";

/**
 * Refunds as the order engine drives them (lib/orders; the lifecycle rule:
 * docs/design/order-lifecycle.md), through the provider's `refund` route: success finalises the
 * hold (and may make the payment `refunded`), failure releases it. With no account able to
 * refund for the provider the refund fails at once (funds returned): unlike a payout, a refund
 * is not queued behind an outage the merchant cannot see the end of.
 */
export const refundOrders: OrderKind<Refund> = {
  direction: "refund",
  idPrefix: "rf_",
  load: async (id, db) => (db ?? (await getPrisma())).refund.findUnique({ where: { id } }),
  snapshot: (r) => ({
    id: r.id,
    merchantId: r.merchantId,
    environment: r.environment,
    status: r.status,
    provider: r.provider,
    country: r.country,
    currency: r.currency,
    requestRef: r.providerRequestRef,
    accountId: r.connectorAccountId,
    submittedAt: r.submittedAt,
    acceptedAt: r.processedAt,
    operatorReference: r.providerReference,
    destination: r.destination,
    amountMinor: r.amount,
  }),
  isSubmittable: (r) => r.status === "pending",
  isAwaitingAnswer: (r) => r.status === "processing",
  // The operator's explicit failure may be followed by its success (a late success applies in every direction).
  mayStillSucceed: (r) => r.status === "failed" && r.providerRequestRef !== null,
  async storeReference(tx, r, reference, accountId, now) {
    // Conditional: only the run that stores the first reference sends it.
    const rows = await tx.refund.updateManyAndReturn({
      where: { id: r.id, status: "pending", providerRequestRef: null, updatedAt: r.updatedAt },
      data: { providerRequestRef: reference, connectorAccountId: accountId, submittedAt: now },
    });
    return rows[0] ?? null;
  },
  // The payment as it was paid: the engine completes it from the payment's attempts.
  async refundedCollect(r) {
    const payment = await findPayment(r.paymentId, { id: true, providerRequestRef: true, providerReference: true, amount: true });
    return payment && { id: payment.id, reference: payment.providerRequestRef ?? "", operatorReference: payment.providerReference, amountMinor: payment.amount };
  },
  async send(connector, context, r, reference, given) {
    // The operator refunds the collect it knows: under the reference we sent it (MTN's
    // referenceIdToRefund, pawaPay's depositId), or its own (Wave's session, Airtel's id).
    const collect = given ?? (await refundOrders.refundedCollect!(r));
    if (!collect) throw new Error(`refund ${r.id}: its payment ${r.paymentId} is gone`);
    return connector.refund(context, {
      refundId: r.id,
      reference,
      transactionId: r.paymentId,
      collectReference: collect.reference || r.paymentId,
      collectOperatorReference: collect.operatorReference,
      provider: r.provider,
      country: r.country,
      currency: r.currency,
      amountMinor: r.amount,
      collectAmountMinor: collect.amountMinor,
      phone: r.destination,
    });
  },
  transition: (tx, refund, to, changes, note) => transitionRefund(tx, refund, to, changes, note),
  async whenUnavailable(r, reason, now) {
    const prisma = await getPrisma();
    await prisma.$transaction((tx) =>
      transitionRefund(
        tx,
        r,
        "failed",
        { errorCode: "provider_error", errorMessage: "Refunds are not available for this provider right now; the amount is back in your balance.", completedAt: now },
        `provider unavailable: ${reason}`,
      ),
    );
  },
  async giveUp(r, now) {
    const prisma = await getPrisma();
    await prisma.$transaction((tx) =>
      transitionRefund(tx, r, "failed", { errorCode: "provider_error", errorMessage: "The provider did not confirm the refund in time.", completedAt: now }, "provider timeout"),
    );
  },
  async schedulePoll(r, runAt) {
    await enqueueJob(await getPrisma(), pollRefundJob, { refundId: r.id }, { runAt, dedupeKey: `${pollRefundJob.type}:${r.id}:${r.providerRequestRef}` });
  },
  findByReference: (db, reference, accountId, environment) => db.refund.findFirst({ where: { providerRequestRef: reference, connectorAccountId: accountId, environment } }),
};
