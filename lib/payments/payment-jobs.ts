import { getPrisma } from "@/lib/db/client";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { registerJobHandler, type JobResult } from "@/lib/jobs/job-handlers";
import { log } from "@/lib/log";
import { getProvider } from "@/lib/providers/get-provider";
import { SUBMIT_PAYMENT_JOB } from "./initiate-payment";
import { providerTimeoutMs } from "./payment-lifecycle";
import { transitionPayment } from "./transition-payment";

/**
 * Provider work for collect payments, as idempotent outbox jobs (DESIGN §1, §6):
 * - payment.submit asks the provider to push the prompt; accepted → processing, refused → failed;
 * - payment.poll asks for the outcome with backoff until final or the provider timeout.
 * Each reads the payment afresh and acts only if it is still in the status it handles, so a
 * job run twice, or concurrently, or after a crash half-way, reaches the same end state; the
 * ledger credit itself is idempotent on the payment id.
 */
export const POLL_PAYMENT_JOB = "payment.poll";

export async function submitPayment(paymentId: string): Promise<JobResult> {
  const prisma = await getPrisma();
  const payment = await prisma.payment.findUnique({ where: { id: paymentId } });
  if (!payment || payment.status !== "pending" || !payment.provider || !payment.customerPhone) return;

  // The provider call is idempotent on our transaction id: a re-run after a crash re-asks safely.
  const result = await getProvider().requestPayment({
    transactionId: payment.id,
    provider: payment.provider,
    country: payment.country ?? "",
    currency: payment.currency,
    amountMinor: payment.amount,
    phone: payment.customerPhone,
  });
  await prisma.$transaction(async (tx) => {
    if (result.accepted) {
      const processing = await transitionPayment(
        tx,
        payment,
        "processing",
        { providerReference: result.providerReference, submittedAt: new Date() },
        "provider accepted the request",
      );
      if (processing) await enqueueJob(tx, POLL_PAYMENT_JOB, { paymentId }, { dedupeKey: `${POLL_PAYMENT_JOB}:${paymentId}:${processing.submittedAt!.getTime()}` });
    } else {
      await transitionPayment(tx, payment, "failed", { errorCode: result.errorCode, errorMessage: result.message }, "provider refused the request");
    }
  });
}

export async function pollPayment(paymentId: string, now = new Date()): Promise<JobResult> {
  const prisma = await getPrisma();
  const payment = await prisma.payment.findUnique({ where: { id: paymentId } });
  if (!payment || payment.status !== "processing" || !payment.submittedAt || !payment.customerPhone) return;

  const status = await getProvider().getPaymentStatus({
    id: payment.id,
    providerReference: payment.providerReference ?? "",
    submittedAt: payment.submittedAt,
    phone: payment.customerPhone,
  });
  if (status.status === "processing") {
    const elapsed = now.getTime() - payment.submittedAt.getTime();
    if (elapsed < providerTimeoutMs()) return { rescheduleAt: new Date(now.getTime() + pollDelayFor(elapsed)) };
    await prisma.$transaction((tx) =>
      transitionPayment(tx, payment, "failed", { errorCode: "timeout", errorMessage: "The provider did not confirm the payment in time." }, "provider timeout"),
    );
    return;
  }
  await prisma.$transaction(async (tx) => {
    const updated =
      status.status === "success"
        ? await transitionPayment(tx, payment, "success", { completedAt: status.completedAt }, "provider confirmed")
        : await transitionPayment(tx, payment, "failed", { errorCode: status.errorCode, errorMessage: status.message }, "provider reported a failure");
    if (!updated) log.info("payment changed while polling; nothing to do", { paymentId });
  });
}

/** Ask often while an answer is likely (the first seconds), then less and less. */
export function pollDelayFor(elapsedMs: number): number {
  if (elapsedMs < 30_000) return 2_000;
  if (elapsedMs < 5 * 60_000) return 10_000;
  return 60_000;
}

registerJobHandler(SUBMIT_PAYMENT_JOB, (payload) => submitPayment(String(payload.paymentId)));
registerJobHandler(POLL_PAYMENT_JOB, (payload) => pollPayment(String(payload.paymentId)));
