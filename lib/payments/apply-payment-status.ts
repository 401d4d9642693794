import type { ConnectorOutcome } from "@/lib/connectors/connector";
import { needsOpsAttention, platformErrorCode } from "@/lib/connectors/platform-error-code";
import { getPrisma } from "@/lib/db/client";
import type { Payment, Prisma } from "@/lib/db/generated/client";
import { log } from "@/lib/log";
import { transitionPayment } from "./transition-payment";

/**
 * The one place an operator's answer changes a payment (DESIGN §13): the poll job, the callback
 * route and `ops connector:recheck` all come here. In one transaction, through transitionPayment
 * (conditional: a repeated or out-of-order answer changes nothing):
 * - processing: pending → processing (the prompt is on the phone);
 * - success: → success, through processing when the answer overtook the submit's; a late
 *   success after our own timeout still wins (the money was taken);
 * - failed: → failed (straight from pending when the submit itself was refused) with the platform code of the connector's neutral reason (one table,
 *   lib/connectors/platform-error-code.ts).
 * The operator's raw status is kept next to ours. Returns the payment as changed, or null when
 * nothing applied (already there, or the answer does not move it).
 *
 * A row read before a concurrent change (the submit's own answer landing while a callback is
 * applied) is read again and the answer tried on where the payment stands now: a final callback
 * that loses that race must not be dropped.
 */
export async function applyPaymentStatus(payment: Payment, outcome: ConnectorOutcome, options: { note?: string; now?: Date } = {}): Promise<Payment | null> {
  const prisma = await getPrisma();
  let seen = payment;
  for (let attempt = 1; ; attempt++) {
    const applied = await applyTo(seen, outcome, options);
    if (applied || attempt === 3) return applied;
    const now = await prisma.payment.findUnique({ where: { id: seen.id } });
    if (!now || now.updatedAt.getTime() === seen.updatedAt.getTime()) return null; // not stale: the answer does not apply
    seen = now;
  }
}

async function applyTo(payment: Payment, outcome: ConnectorOutcome, options: { note?: string; now?: Date }): Promise<Payment | null> {
  if (outcome.status !== "processing" && outcome.status !== "success" && outcome.status !== "failed") return null;
  const note = options.note ?? "provider answered";
  const now = options.now ?? new Date();
  const reported = {
    ...(outcome.operatorReference ? { providerReference: outcome.operatorReference } : {}),
    ...(outcome.raw ? { providerRawStatus: outcome.raw as Prisma.InputJsonObject } : {}),
    ...(outcome.status === "processing" && outcome.nextAction ? { providerRedirectUrl: outcome.nextAction.url } : {}),
  };
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    let current: Payment | null = payment;
    if (current.status === "pending" && outcome.status !== "failed") {
      current = await transitionPayment(tx, current, "processing", reported, note);
      if (!current || outcome.status === "processing") return current;
    } else if (outcome.status === "processing") return null;

    if (outcome.status === "success") {
      return transitionPayment(tx, current, "success", { ...reported, completedAt: outcome.completedAt ?? now }, note);
    }
    const errorCode = platformErrorCode("collect", outcome.reason, outcome.destinationRelated);
    if (needsOpsAttention(outcome.reason)) log.error("connector reports a problem on our side", { paymentId: payment.id, reason: outcome.reason, raw: outcome.raw });
    return transitionPayment(tx, current, "failed", { ...reported, errorCode, errorMessage: outcome.message }, `${note}: ${outcome.reason}`);
  });
}
