import { writeAudit } from "@/lib/audit/write-audit";
import { platformErrorCode } from "@/lib/connectors/platform-error-code";
import type { Direction } from "@/lib/connectors/connector";
import { getPrisma, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { OrderSnapshot } from "./order-kind";
import { kindOf } from "./order-kinds";
import { closeReview, openReview } from "./review";

/**
 * An operator's resolution of an order in review (`ops orders:resolve`), for when the operator's
 * own systems will not say (its support confirmed by e-mail, its statement shows the payment): the
 * outcome with the evidence it rests on, in one transaction with the order's transition (ledger
 * and event included) and an audit row. Refused for an order not in review and without evidence:
 * only the operator decides where money went (docs/design/order-lifecycle.md, "Resolution").
 */
export type ResolveInput = { id: string; outcome: "success" | "failed"; evidence: string; actor: string; now?: Date };

export const MIN_EVIDENCE_LENGTH = 10;

export async function resolveOrder(input: ResolveInput): Promise<{ id: string; status: string }> {
  const evidence = input.evidence.trim();
  if (evidence.length < MIN_EVIDENCE_LENGTH) {
    throw new AppError("validation_error", `Say what shows the outcome (at least ${MIN_EVIDENCE_LENGTH} characters): the operator's statement line, its support ticket, a reference.`);
  }
  const kind = kindOf(input.id);
  const row = kind ? await kind.load(input.id) : null;
  if (!kind || !row) throw new AppError("not_found", `No payment, payout or refund ${input.id}.`);
  const review = await openReview(input.id);
  if (!review) throw new AppError("invalid_state", `${input.id} is ${row.status} and not in review: only an order in review is resolved by hand; ask the operator again with connector:recheck.`);
  const now = input.now ?? new Date();
  const note = `resolved by ${input.actor}: ${evidence}`;
  const prisma = await getPrisma();
  // Already where the evidence says (a late success followed up): the review is closed, nothing moves.
  const settled = row.status === input.outcome;
  const done = await prisma.$transaction(async (tx) => {
    let current = row;
    if (settled) {
      await closeReview(tx, input.id, input.outcome === "success" ? "resolved_success" : "resolved_failed", now, { actor: input.actor, evidence });
      await audit(tx, kind.snapshot(row), kind.direction, input, review.reason, evidence);
      return row;
    }
    if (kind.isSubmittable(current)) current = (await kind.transition(tx, current, "processing", {}, note)) ?? current;
    const changed =
      input.outcome === "success"
        ? await kind.transition(tx, current, "success", { completedAt: now }, note)
        : kind.resolveFailed
          ? await kind.resolveFailed(tx, current, note, now)
          : await kind.transition(
            tx,
            current,
            "failed",
            { errorCode: platformErrorCode(kind.direction, "provider_error"), errorMessage: "The provider confirmed it did not pay; the amount is back in your balance.", completedAt: now },
            note,
          );
    if (!changed) return null;
    await closeReview(tx, input.id, input.outcome === "success" ? "resolved_success" : "resolved_failed", now, { actor: input.actor, evidence });
    await audit(tx, kind.snapshot(changed), kind.direction, input, review.reason, evidence);
    return changed;
  });
  if (!done) throw new AppError("invalid_state", `${input.id} changed while it was being resolved; look at it again (orders:review).`);
  return { id: input.id, status: done.status };
}

function audit(tx: Tx, o: OrderSnapshot, direction: Direction, input: ResolveInput, reason: string, evidence: string) {
  return writeAudit(tx, {
    merchantId: o.merchantId,
    environment: o.environment,
    actor: input.actor,
    action: "order.resolved",
    details: { orderId: input.id, direction, outcome: input.outcome, reason, evidence },
  });
}
