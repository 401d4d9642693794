import { z } from "zod";
import { type OrderKind, pollOrder, recheckOrder, submitOrder } from "@/lib/connectors/drive-order";
import { getPrisma } from "@/lib/db/client";
import type { Payment } from "@/lib/db/generated/client";
import { defineJob } from "@/lib/jobs/define-job";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import type { JobResult } from "@/lib/jobs/job-handlers";
import { applyPaymentStatus } from "./apply-payment-status";
import { checkoutUrl, SUBMIT_PAYMENT_JOB } from "./initiate-payment";
import { providerTimeoutMs } from "./payment-lifecycle";
import { transitionPayment } from "./transition-payment";

/**
 * Provider work for collect payments, as idempotent outbox jobs (DESIGN §1, §6, §13), driven by
 * the one submit/poll engine (lib/connectors/drive-order.ts):
 * - payment.submit stores the operator-facing reference, then asks the provider to push the
 *   prompt; accepted → processing, refused → failed, no answer → asked again by status;
 * - payment.poll asks for the outcome with OPERATORS' cadence until final or the provider timeout.
 * Each reads the payment afresh and acts only if it is still in the status it handles, so a
 * job run twice, or concurrently, or after a crash half-way, reaches the same end state; the
 * ledger credit itself is idempotent on the payment id.
 */
export const POLL_PAYMENT_JOB = "payment.poll";

export const paymentOrders: OrderKind<Payment> = {
  direction: "collect",
  load: async (id) => (await getPrisma()).payment.findUnique({ where: { id } }),
  snapshot: (p) => ({
    id: p.id,
    environment: p.environment,
    status: p.status,
    provider: p.provider,
    country: p.country,
    currency: p.currency,
    requestRef: p.providerRequestRef,
    accountId: p.connectorAccountId,
    submittedAt: p.submittedAt,
    acceptedAt: null,
    operatorReference: p.providerReference,
    destination: p.customerPhone,
    amountMinor: p.amount,
  }),
  isSubmittable: (p) => p.status === "pending" && p.provider !== null && p.customerPhone !== null,
  isAwaitingAnswer: (p) => p.status === "processing",
  mayStillSucceed: (p) => p.status === "failed" && p.errorCode === "timeout" && p.providerRequestRef !== null,
  async storeReference(p, reference, accountId, now) {
    const prisma = await getPrisma();
    // Conditional: only the run that stores the first reference sends it.
    const rows = await prisma.payment.updateManyAndReturn({
        where: { id: p.id, status: "pending", providerRequestRef: null, updatedAt: p.updatedAt },
        data: { providerRequestRef: reference, connectorAccountId: accountId, submittedAt: now },
    });
    return rows[0] ?? null;
  },
  send: (connector, context, p, reference) =>
    connector.collect(context, {
      transactionId: p.id,
      reference,
      provider: p.provider!,
      country: p.country ?? "",
      currency: p.currency,
      amountMinor: p.amount,
      phone: p.customerPhone,
      description: p.description,
      // A redirect flow brings the customer back to our hosted page, which shows the outcome and
      // then sends them on to the merchant's returnUrl / cancelUrl.
      returnUrl: `${checkoutUrl(p)}?from=operator`,
      cancelUrl: `${checkoutUrl(p)}?from=operator&result=cancel`,
    }),
  apply: (p, outcome, note, now) => applyPaymentStatus(p, outcome, { note, now }),
  async whenUnavailable(p) {
    const prisma = await getPrisma();
    await prisma.$transaction((tx) =>
      transitionPayment(tx, p, "failed", { errorCode: "provider_error", errorMessage: "The provider is not available right now." }, "provider unavailable"),
    );
  },
  async giveUp(p) {
    const prisma = await getPrisma();
    await prisma.$transaction((tx) =>
      transitionPayment(tx, p, "failed", { errorCode: "timeout", errorMessage: "The provider did not confirm the payment in time." }, "provider timeout"),
    );
  },
  async schedulePoll(p, runAt) {
    await enqueueJob(await getPrisma(), POLL_PAYMENT_JOB, { paymentId: p.id }, { runAt, dedupeKey: `${POLL_PAYMENT_JOB}:${p.id}:${p.providerRequestRef}` });
  },
  timeoutMs: providerTimeoutMs,
};

/** `attempt`: the n-th time a checkout payment is sent (a new method after a failure: a new reference). */
export async function submitPayment(paymentId: string, attempt = 1): Promise<JobResult> {
  await submitOrder(paymentOrders, paymentId, { attempt });
}

export async function pollPayment(paymentId: string, now = new Date()): Promise<JobResult> {
  return pollOrder(paymentOrders, paymentId, { now });
}

/** Asks the provider where a payment stands now and applies the answer (ops, callbacks' hints). */
export async function recheckPayment(paymentId: string): Promise<void> {
  await recheckOrder(paymentOrders, paymentId);
}

const paymentId = z.string().startsWith("txn_");

export const submitPaymentJob = defineJob({
  type: SUBMIT_PAYMENT_JOB,
  payload: z.object({ paymentId, attempt: z.number().int().positive().optional() }),
  handler: ({ paymentId, attempt }) => submitPayment(paymentId, attempt),
});

export const pollPaymentJob = defineJob({
  type: POLL_PAYMENT_JOB,
  payload: z.object({ paymentId }),
  handler: ({ paymentId }) => pollPayment(paymentId),
});
