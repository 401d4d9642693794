import { getPrisma } from "@/lib/db/client";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { type JobResult, registerJobHandler } from "@/lib/jobs/job-handlers";
import { log } from "@/lib/log";
import { pollDelayFor } from "@/lib/payments/payment-jobs";
import { providerTimeoutMs } from "@/lib/payments/payment-lifecycle";
import { getProvider } from "@/lib/providers/get-provider";
import { SUBMIT_PAYOUT_JOB } from "./initiate-payout";
import { transitionPayout } from "./transition-payout";

/**
 * Provider work for payouts, as idempotent outbox jobs (the collect model, lib/payments):
 * - payout.submit sends a pending payout to the provider: accepted → processing, refused →
 *   failed (hold released in full);
 * - payout.poll asks for the outcome with backoff: success finalises the hold, failure releases
 *   it, no answer past PROVIDER_TIMEOUT_SECONDS fails it with provider_error.
 * Each reads the payout afresh and acts only from the status it handles; transitions are
 * conditional, so a job run twice or concurrently with a cancel reaches one end state.
 */
export const POLL_PAYOUT_JOB = "payout.poll";

export async function submitPayout(payoutId: string): Promise<JobResult> {
  const prisma = await getPrisma();
  const payout = await prisma.payout.findUnique({ where: { id: payoutId } });
  if (!payout || payout.status !== "pending") return;
  // Idempotent on our payout id: a re-run after a crash re-asks safely.
  const result = await getProvider().requestPayout({
    payoutId: payout.id,
    method: payout.method,
    provider: payout.provider,
    country: payout.destinationCountry,
    currency: payout.destinationCurrency,
    amountMinor: payout.destinationAmount,
    destination: payout.destination,
  });
  await prisma.$transaction(async (tx) => {
    if (result.accepted) {
      const processing = await transitionPayout(tx, payout, "processing", { providerReference: result.providerReference, processedAt: new Date() }, "provider accepted the payout");
      if (processing) {
        await enqueueJob(tx, POLL_PAYOUT_JOB, { payoutId }, { dedupeKey: `${POLL_PAYOUT_JOB}:${payoutId}:${processing.processedAt!.getTime()}` });
      }
    } else {
      await transitionPayout(tx, payout, "failed", { errorCode: result.errorCode, errorMessage: result.message, completedAt: new Date() }, "provider refused the payout");
    }
  });
}

export async function pollPayout(payoutId: string, now = new Date()): Promise<JobResult> {
  const prisma = await getPrisma();
  const payout = await prisma.payout.findUnique({ where: { id: payoutId } });
  if (!payout || payout.status !== "processing" || !payout.processedAt) return;
  const status = await getProvider().getPayoutStatus({
    id: payout.id,
    providerReference: payout.providerReference ?? "",
    submittedAt: payout.processedAt,
    destination: payout.destination,
  });
  if (status.status === "processing") {
    const elapsed = now.getTime() - payout.processedAt.getTime();
    if (elapsed < providerTimeoutMs()) return { rescheduleAt: new Date(now.getTime() + pollDelayFor(elapsed)) };
    await prisma.$transaction((tx) =>
      transitionPayout(tx, payout, "failed", { errorCode: "provider_error", errorMessage: "The provider did not confirm the payout in time.", completedAt: now }, "provider timeout"),
    );
    return;
  }
  await prisma.$transaction(async (tx) => {
    const updated =
      status.status === "success"
        ? await transitionPayout(tx, payout, "success", { completedAt: status.completedAt }, "provider confirmed")
        : await transitionPayout(tx, payout, "failed", { errorCode: status.errorCode, errorMessage: status.message, completedAt: now }, "provider reported a failure");
    if (!updated) log.info("payout changed while polling; nothing to do", { payoutId });
  });
}

registerJobHandler(SUBMIT_PAYOUT_JOB, (payload) => submitPayout(String(payload.payoutId)));
registerJobHandler(POLL_PAYOUT_JOB, (payload) => pollPayout(String(payload.payoutId)));
