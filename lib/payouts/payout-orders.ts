import { getPrisma } from "@/lib/db/client";
import type { Payout } from "@/lib/db/generated/client";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { log } from "@/lib/log";
import type { OrderKind } from "@/lib/orders/order-kind";
import { pollPayoutJob } from "./payout-jobs";
import { transitionPayout } from "./transition-payout";

/**
 * Payouts as the order engine drives them (lib/orders; the lifecycle rule:
 * docs/design/order-lifecycle.md): accepted → processing (processedAt, no longer queued);
 * success finalises the hold, failure releases it in full, a reversal of a paid payout credits
 * its principal back (transitionPayout). With no usable
 * account for its provider a payout stays pending, queued (`queuedReason`, funds held,
 * cancellable) until the engine's queued-orders sweep finds the account back.
 */
export const payoutOrders: OrderKind<Payout> = {
  direction: "payout",
  idPrefix: "po_",
  load: async (id, db) => (db ?? (await getPrisma())).payout.findUnique({ where: { id } }),
  snapshot: (p) => ({
    id: p.id,
    merchantId: p.merchantId,
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
    amountMinor: p.destinationAmount,
  }),
  // A payout awaiting a second member's approval is held, never sent (lib/payouts/approvals.ts).
  isSubmittable: (p) => p.status === "pending" && !p.awaitingApproval,
  isAwaitingAnswer: (p) => p.status === "processing",
  // The operator's explicit failure may be followed by its success (a late success applies in every direction).
  mayStillSucceed: (p) => p.status === "failed" && p.providerRequestRef !== null,
  // A paid payout the operator may still return (Wave reverses within 3 days): a re-check asks.
  mayBeReversed: (p) => p.status === "success" && p.providerRequestRef !== null,
  async storeReference(tx, p, reference, accountId, now) {
    // Conditional: only the run that stores the first reference sends it.
    const rows = await tx.payout.updateManyAndReturn({
      where: { id: p.id, status: "pending", awaitingApproval: false, providerRequestRef: null, updatedAt: p.updatedAt },
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
  transition: (tx, payout, to, changes, note) => transitionPayout(tx, payout, to, to === "processing" ? { ...changes, queuedReason: null } : changes, note),
  reverse: (tx, payout, changes, note) => transitionPayout(tx, payout, "reversed", changes, note),
  async whenUnavailable(p, reason) {
    // Queued, not failed: the merchant's money stays held until the account is back.
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
    await enqueueJob(await getPrisma(), pollPayoutJob, { payoutId: p.id }, { runAt, dedupeKey: `${pollPayoutJob.type}:${p.id}:${p.providerRequestRef}` });
  },
  findByReference: (db, reference, accountId, environment) => db.payout.findFirst({ where: { providerRequestRef: reference, connectorAccountId: accountId, environment } }),
  async queuedIds(limit) {
    const queued = await (await getPrisma()).payout.findMany({
      where: { status: "pending", providerRequestRef: null, queuedReason: { not: null } },
      orderBy: { createdAt: "asc" },
      take: limit,
      select: { id: true },
    });
    return queued.map((q) => q.id);
  },
};

function recipientName(recipient: unknown): string | null {
  const r = (recipient ?? {}) as { firstName?: unknown; lastName?: unknown; name?: unknown };
  const name = [r.firstName, r.lastName].filter((v) => typeof v === "string" && v).join(" ") || (typeof r.name === "string" ? r.name : "");
  return name || null;
}
