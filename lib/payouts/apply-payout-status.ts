import type { ConnectorOutcome } from "@/lib/connectors/connector";
import { needsOpsAttention, platformErrorCode } from "@/lib/connectors/platform-error-code";
import { getPrisma } from "@/lib/db/client";
import type { Payout, Prisma } from "@/lib/db/generated/client";
import { log } from "@/lib/log";
import { transitionPayout } from "./transition-payout";

/**
 * The one place an operator's answer changes a payout (DESIGN §13): the poll job, the callback
 * route and `ops connector:recheck` all come here. In one transaction, through transitionPayout
 * (conditional: a repeated or out-of-order answer changes nothing):
 * - processing: pending → processing (processedAt: the operator has it);
 * - success: → success (hold finalised), through processing when the answer overtook the submit's;
 * - failed: → failed (hold released in full; straight from pending when the submit itself was
 *   refused) with the platform code of the connector's neutral reason (one table,
 *   lib/connectors/platform-error-code.ts).
 * The operator's raw status is kept next to ours. Returns the payout as changed, or null when
 * nothing applied (already there, or the answer does not move it).
 *
 * A row read before a concurrent change (the submit's own answer landing while a callback is
 * applied) is read again and the answer tried on where the payout stands now: a final callback
 * that loses that race must not be dropped.
 */
export async function applyPayoutStatus(payout: Payout, outcome: ConnectorOutcome, options: { note?: string; now?: Date } = {}): Promise<Payout | null> {
  const prisma = await getPrisma();
  let seen = payout;
  for (let attempt = 1; ; attempt++) {
    const applied = await applyTo(seen, outcome, options);
    if (applied || attempt === 3) return applied;
    const now = await prisma.payout.findUnique({ where: { id: seen.id } });
    if (!now || now.updatedAt.getTime() === seen.updatedAt.getTime()) return null; // not stale: the answer does not apply
    seen = now;
  }
}

async function applyTo(payout: Payout, outcome: ConnectorOutcome, options: { note?: string; now?: Date }): Promise<Payout | null> {
  if (outcome.status !== "processing" && outcome.status !== "success" && outcome.status !== "failed") return null;
  const note = options.note ?? "provider answered";
  const now = options.now ?? new Date();
  const reported = {
    ...(outcome.operatorReference ? { providerReference: outcome.operatorReference } : {}),
    ...(outcome.raw ? { providerRawStatus: outcome.raw as Prisma.InputJsonObject } : {}),
  };
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    let current: Payout | null = payout;
    if (current.status === "pending" && outcome.status !== "failed") {
      current = await transitionPayout(tx, current, "processing", { ...reported, processedAt: now, queuedReason: null }, note);
      if (!current || outcome.status === "processing") return current;
    } else if (outcome.status === "processing") return null;

    if (outcome.status === "success") {
      return transitionPayout(tx, current, "success", { ...reported, completedAt: outcome.completedAt ?? now }, note);
    }
    const errorCode = platformErrorCode("payout", outcome.reason, outcome.destinationRelated);
    if (needsOpsAttention(outcome.reason)) log.error("connector reports a problem on our side", { payoutId: payout.id, reason: outcome.reason, raw: outcome.raw });
    return transitionPayout(tx, current, "failed", { ...reported, errorCode, errorMessage: outcome.message, completedAt: now }, `${note}: ${outcome.reason}`);
  });
}
