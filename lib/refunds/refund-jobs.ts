import { z } from "zod";
import { type OrderKind, pollOrder, recheckOrder, submitOrder } from "@/lib/connectors/drive-order";
import { getPrisma } from "@/lib/db/client";
import type { Refund } from "@/lib/db/generated/client";
import { defineJob } from "@/lib/jobs/define-job";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import type { JobResult } from "@/lib/jobs/job-handlers";
import { providerTimeoutMs } from "@/lib/payments/payment-lifecycle";
import { applyRefundStatus } from "./apply-refund-status";
import { SUBMIT_REFUND_JOB } from "./create-refund";
import { transitionRefund } from "./transition-refund";

/**
 * Provider work for refunds, as idempotent outbox jobs, driven by the one submit/poll engine
 * (lib/connectors/drive-order.ts) through the provider's `refund` route, as collects and payouts
 * are:
 * - refund.submit stores the operator-facing reference and sends the refund (the operator's
 *   refund of our collect reference, or the simulator): accepted → processing, refused → failed
 *   (hold released), no answer → asked again by status, never resent under a new reference;
 * - refund.poll asks for the outcome with the payouts' cadence: success finalises the hold (and
 *   may make the payment `refunded`), failure releases it; no answer past
 *   PROVIDER_TIMEOUT_SECONDS fails it with provider_error.
 * With no account able to refund for the provider the refund fails at once (funds returned):
 * unlike a payout, a refund is not queued behind an outage the merchant cannot see the end of.
 */
export const POLL_REFUND_JOB = "refund.poll";

export const refundOrders: OrderKind<Refund> = {
  direction: "refund",
  load: async (id) => (await getPrisma()).refund.findUnique({ where: { id } }),
  snapshot: (r) => ({
    id: r.id,
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
  async storeReference(r, reference, accountId, now) {
    const prisma = await getPrisma();
    // Conditional: only the run that stores the first reference sends it.
    const rows = await prisma.refund.updateManyAndReturn({
      where: { id: r.id, status: "pending", providerRequestRef: null, updatedAt: r.updatedAt },
      data: { providerRequestRef: reference, connectorAccountId: accountId, submittedAt: now },
    });
    return rows[0] ?? null;
  },
  async send(connector, context, r, reference) {
    // The operator refunds the collect it knows: under the reference we sent it (MTN's
    // referenceIdToRefund, pawaPay's depositId), or its own.
    const payment = await (await getPrisma()).payment.findUniqueOrThrow({
      where: { id: r.paymentId },
      select: { providerRequestRef: true, providerReference: true, amount: true },
    });
    return connector.refund(context, {
      refundId: r.id,
      reference,
      transactionId: r.paymentId,
      collectReference: payment.providerRequestRef ?? r.paymentId,
      collectOperatorReference: payment.providerReference,
      provider: r.provider,
      country: r.country,
      currency: r.currency,
      amountMinor: r.amount,
      collectAmountMinor: payment.amount,
      phone: r.destination,
    });
  },
  apply: (r, outcome, note, now) => applyRefundStatus(r, outcome, { note, now }),
  async whenUnavailable(r, reason) {
    const prisma = await getPrisma();
    await prisma.$transaction((tx) =>
      transitionRefund(
        tx,
        r,
        "failed",
        { errorCode: "provider_error", errorMessage: "Refunds are not available for this provider right now; the amount is back in your balance.", completedAt: new Date() },
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
    await enqueueJob(await getPrisma(), POLL_REFUND_JOB, { refundId: r.id }, { runAt, dedupeKey: `${POLL_REFUND_JOB}:${r.id}:${r.providerRequestRef}` });
  },
  timeoutMs: providerTimeoutMs,
};

export async function submitRefund(refundId: string): Promise<JobResult> {
  await submitOrder(refundOrders, refundId);
}

export async function pollRefund(refundId: string, now = new Date()): Promise<JobResult> {
  return pollOrder(refundOrders, refundId, { now });
}

/** Asks the provider where a refund stands now and applies the answer (ops, callbacks' hints). */
export async function recheckRefund(refundId: string): Promise<void> {
  await recheckOrder(refundOrders, refundId);
}

const refundId = z.string().startsWith("rf_");

export const submitRefundJob = defineJob({
  type: SUBMIT_REFUND_JOB,
  payload: z.object({ refundId }),
  handler: ({ refundId }) => submitRefund(refundId),
});

export const pollRefundJob = defineJob({
  type: POLL_REFUND_JOB,
  payload: z.object({ refundId }),
  handler: ({ refundId }) => pollRefund(refundId),
});
