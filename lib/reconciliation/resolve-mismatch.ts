import { writeAudit } from "@/lib/audit/write-audit";
import type { AppEnvironment } from "@/lib/config";
import { type Db, getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { MIN_EVIDENCE_LENGTH } from "@/lib/orders/resolve-order";

/**
 * An operator answers for a mismatch (`ops recon:resolve`): what shows where the money went —
 * the operator's statement line, its support's answer, a corrected order. Refused without
 * evidence; written once (a resolved mismatch is never resolved again), with who and when, and
 * in the merchant's audit log when it is about one of their orders, in one transaction. It moves
 * no money and changes no order: an order in review is resolved with `orders:resolve`, one the
 * operator answered differently is asked again with `connector:recheck`.
 */
export type ResolveMismatchInput = { id: string; evidence: string; actor: string; environment: AppEnvironment; now?: Date };

export async function resolveMismatch(input: ResolveMismatchInput): Promise<{ id: string; kind: string; reference: string }> {
  const evidence = input.evidence.trim();
  if (evidence.length < MIN_EVIDENCE_LENGTH) throw new AppError("validation_error", `Say what shows where the money went (at least ${MIN_EVIDENCE_LENGTH} characters): the operator's statement line, its support ticket, the order corrected.`);
  const prisma = await getPrisma();
  const row = await prisma.reconciliationMismatch.findFirst({ where: { id: input.id, environment: input.environment } });
  if (!row) throw new AppError("not_found", `No reconciliation mismatch ${input.id} in ${input.environment}.`);
  if (row.resolvedAt) throw new AppError("invalid_state", `${input.id} was resolved on ${row.resolvedAt.toISOString()} by ${row.resolvedBy}: ${row.evidence}`);
  const now = input.now ?? new Date();
  await prisma.$transaction(async (tx: Db) => {
    const { count } = await tx.reconciliationMismatch.updateMany({ where: { id: row.id, resolvedAt: null }, data: { resolvedAt: now, resolvedBy: input.actor, evidence } });
    if (count === 0) throw new AppError("invalid_state", `${input.id} was resolved meanwhile; look at it again (recon:report --all).`);
    if (row.merchantId) {
      await writeAudit(tx, {
        merchantId: row.merchantId,
        environment: row.environment,
        actor: input.actor,
        action: "reconciliation.resolved",
        details: { mismatchId: row.id, kind: row.kind, accountId: row.accountId, reference: row.reference, orderId: row.orderId, evidence },
      });
    }
  });
  log.info("reconciliation mismatch resolved", { id: row.id, kind: row.kind, accountId: row.accountId, by: input.actor });
  return { id: row.id, kind: row.kind, reference: row.reference };
}
