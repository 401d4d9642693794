import type { ApiAuth } from "@/lib/auth/authenticate";
import { type AuditBy, writeAudit } from "@/lib/audit/write-audit";
import { getPrisma } from "@/lib/db/client";
import type { Payout } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { closeApprovalOfCancelledPayout } from "./approvals";
import { getPayoutOrThrow } from "./get-payout";
import { transitionPayout } from "./transition-payout";

/**
 * POST /payouts/{payoutId}/cancel: only while `pending` (not yet submitted to the provider);
 * the hold is released in full. Cancelling a cancelled payout returns it; any other status is
 * 422 invalid_state. A race with the submit job has one winner (conditional transition).
 */
export async function cancelPayout(scope: Pick<ApiAuth, "environment"> & { merchant: { id: string } }, payoutId: string, options: { audit: AuditBy }): Promise<Payout> {
  const payout = await getPayoutOrThrow(scope, payoutId);
  if (payout.status === "cancelled") return payout;
  // Pending with a stored reference: already sent to the operator (its answer may be on its way).
  if (payout.status !== "pending" || payout.providerRequestRef !== null) throw notCancellable(payout);
  const prisma = await getPrisma();
  const cancelled = await prisma.$transaction(async (tx) => {
    const done = await transitionPayout(tx, payout, "cancelled", { completedAt: new Date() }, "cancelled by the merchant");
    // One awaiting approval: its approval ends with it (nothing is left to decide).
    if (done) await closeApprovalOfCancelledPayout(tx, payout);
    // A person's cancel (the dashboard) is audited with the transition, or not at all.
    if (done) {
      await writeAudit(tx, { merchantId: payout.merchantId, environment: scope.environment, actor: options.audit.actor, action: "payout.cancelled", details: { payoutId: payout.id, amount: String(payout.amount), currency: payout.currency } });
    }
    return done;
  });
  if (cancelled) return cancelled;
  const current = await prisma.payout.findUniqueOrThrow({ where: { id: payout.id } });
  if (current.status === "cancelled") return current;
  throw notCancellable(current);
}

const notCancellable = (p: Payout) =>
  new AppError("invalid_state", `Payout ${p.id} is ${p.status} and can no longer be cancelled: only pending payouts (not yet sent to the provider) can be.`);
