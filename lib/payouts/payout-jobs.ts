import { z } from "zod";
import { type OrderKind, pollOrder, recheckOrder, submitOrder } from "@/lib/connectors/drive-order";
import { getPrisma } from "@/lib/db/client";
import type { Payout } from "@/lib/db/generated/client";
import { defineJob } from "@/lib/jobs/define-job";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import type { JobResult } from "@/lib/jobs/job-handlers";
import { log } from "@/lib/log";
import { providerTimeoutMs } from "@/lib/payments/payment-lifecycle";
import { applyPayoutStatus } from "./apply-payout-status";
import { SUBMIT_PAYOUT_JOB } from "./initiate-payout";
import { transitionPayout } from "./transition-payout";

/**
 * Provider work for payouts, as idempotent outbox jobs, driven by the one submit/poll engine
 * (lib/connectors/drive-order.ts), as collects are:
 * - payout.submit stores the operator-facing reference and sends a pending payout: accepted →
 *   processing, refused → failed (hold released in full), no answer → asked again by status.
 *   With no usable account for its provider the payout stays pending, queued (`queuedReason`,
 *   funds held, cancellable) until the submit-queued-payouts sweep finds the account back;
 * - payout.poll asks for the outcome with OPERATORS' cadence: success finalises the hold,
 *   failure releases it, no answer past PROVIDER_TIMEOUT_SECONDS fails it with provider_error.
 * Each reads the payout afresh and acts only from the status it handles; transitions are
 * conditional, so a job run twice or concurrently with a cancel reaches one end state.
 */
export const POLL_PAYOUT_JOB = "payout.poll";

export const payoutOrders: OrderKind<Payout> = {
  direction: "payout",
  load: async (id) => (await getPrisma()).payout.findUnique({ where: { id } }),
  snapshot: (p) => ({
    id: p.id,
    environment: p.environment,
    status: p.status,
    provider: p.provider,
    country: p.destinationCountry,
    currency: p.destinationCurrency,
    requestRef: p.providerRequestRef,
    accountId: p.connectorAccountId,
    submittedAt: p.submittedAt,
    acceptedAt: p.processedAt,
    operatorReference: p.providerReference,
    destination: p.destination,
  }),
  isSubmittable: (p) => p.status === "pending",
  isAwaitingAnswer: (p) => p.status === "processing",
  async storeReference(p, reference, accountId, now) {
    const prisma = await getPrisma();
    // Conditional: only the run that stores the first reference sends it.
    const rows = await prisma.payout.updateManyAndReturn({
        where: { id: p.id, status: "pending", providerRequestRef: null, updatedAt: p.updatedAt },
        data: { providerRequestRef: reference, connectorAccountId: accountId, submittedAt: now, queuedReason: null },
    });
    return rows[0] ?? null;
  },
  send: (connector, context, p, reference) =>
    connector.payout(context, {
      payoutId: p.id,
      reference,
      method: p.method,
      provider: p.provider,
      country: p.destinationCountry,
      currency: p.destinationCurrency,
      amountMinor: p.destinationAmount,
      destination: p.destination,
      recipientName: recipientName(p.recipient),
      description: p.description,
    }),
  apply: (p, outcome, note, now) => applyPayoutStatus(p, outcome, { note, now }),
  async whenUnavailable(p, reason) {
    // Queued, not failed (DESIGN §13): the merchant's money stays held until the account is back.
    const queuedReason = "The provider is temporarily unavailable; the payout will be sent as soon as it is back.";
    if (p.queuedReason === queuedReason) return;
    const prisma = await getPrisma();
    await prisma.payout.updateMany({ where: { id: p.id, status: "pending", providerRequestRef: null }, data: { queuedReason } });
    log.info("payout queued: provider unavailable", { payoutId: p.id, reason });
  },
  async giveUp(p, now) {
    const prisma = await getPrisma();
    await prisma.$transaction((tx) =>
      transitionPayout(tx, p, "failed", { errorCode: "provider_error", errorMessage: "The provider did not confirm the payout in time.", completedAt: now }, "provider timeout"),
    );
  },
  async schedulePoll(p, runAt) {
    await enqueueJob(await getPrisma(), POLL_PAYOUT_JOB, { payoutId: p.id }, { runAt, dedupeKey: `${POLL_PAYOUT_JOB}:${p.id}:${p.providerRequestRef}` });
  },
  timeoutMs: providerTimeoutMs,
};

function recipientName(recipient: unknown): string | null {
  const r = (recipient ?? {}) as { firstName?: unknown; lastName?: unknown; name?: unknown };
  const name = [r.firstName, r.lastName].filter((v) => typeof v === "string" && v).join(" ") || (typeof r.name === "string" ? r.name : "");
  return name || null;
}

export async function submitPayout(payoutId: string): Promise<JobResult> {
  await submitOrder(payoutOrders, payoutId);
}

export async function pollPayout(payoutId: string, now = new Date()): Promise<JobResult> {
  return pollOrder(payoutOrders, payoutId, { now });
}

/** Asks the provider where a payout stands now and applies the answer (ops, callbacks' hints). */
export async function recheckPayout(payoutId: string): Promise<void> {
  await recheckOrder(payoutOrders, payoutId);
}

/**
 * Queued payouts (pending, not sent, with a queuedReason), oldest first: each is submitted again;
 * those whose account is still unavailable stay queued. Run as a periodic sweep.
 */
export async function submitQueuedPayouts(batchSize = 100): Promise<number> {
  const prisma = await getPrisma();
  const queued = await prisma.payout.findMany({
    where: { status: "pending", providerRequestRef: null, queuedReason: { not: null } },
    orderBy: { createdAt: "asc" },
    take: batchSize,
    select: { id: true },
  });
  let sent = 0;
  for (const { id } of queued) {
    await submitPayout(id);
    const after = await prisma.payout.findUnique({ where: { id }, select: { providerRequestRef: true } });
    if (after?.providerRequestRef) sent++;
  }
  return sent;
}

const payoutId = z.string().startsWith("po_");

export const submitPayoutJob = defineJob({
  type: SUBMIT_PAYOUT_JOB,
  payload: z.object({ payoutId }),
  handler: ({ payoutId }) => submitPayout(payoutId),
});

export const pollPayoutJob = defineJob({
  type: POLL_PAYOUT_JOB,
  payload: z.object({ payoutId }),
  handler: ({ payoutId }) => pollPayout(payoutId),
});
