import type { ConnectorOutcome } from "@/lib/connectors/connector";
import { needsOpsAttention, platformErrorCode } from "@/lib/connectors/platform-error-code";
import { getPrisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { log } from "@/lib/log";
import { metrics } from "@/lib/observability/metrics";
import type { OrderAttempt } from "@/lib/db/generated/client";
import { noteAttemptAnswer } from "./attempts";
import { recordDuplicateCharge } from "./duplicate-charges";
import type { AnsweredChanges, OrderKind, OrderRow } from "./order-kind";
import { answerOf, closeReview, flagForReview } from "./review";

/**
 * The one way an operator's answer changes a payment, payout or refund: the poll job, the
 * callback route and `ops connector:recheck` all come here. In one transaction, through the
 * domain's transition (conditional: a repeated
 * or out-of-order answer changes nothing):
 * - processing: pending → processing;
 * - success: → success, through processing when the answer overtook the submit's;
 * - failed: → failed (straight from pending when the submit itself was refused) with the
 *   platform code of the connector's neutral reason (one table, platform-error-code.ts);
 * - reversed (a paid payout whose money the operator returned): → reversed, through success
 *   when the reversal is the first we hear of its payment (docs/decisions/payout-reversals.md).
 * The operator's raw status is kept next to ours. Returns the row as changed, or null when
 * nothing applied (already there, or the answer does not move it).
 *
 * A success stating another amount or currency than the order's settles nothing, whoever says
 * it (a verified callback, a status answer): the order goes to review with an alert
 * (docs/design/order-lifecycle.md, "Amounts").
 *
 * A row read before a concurrent change (the submit's own answer landing while a callback is
 * applied) is read again and the answer tried on where the order stands now: a final callback
 * that loses that race must not be dropped.
 */
export async function applyOrderStatus<Row extends OrderRow>(
  kind: OrderKind<Row>,
  row: Row,
  outcome: ConnectorOutcome,
  options: { note?: string; now?: Date } = {},
): Promise<Row | null> {
  if (await amountMismatch(kind, row, outcome, options.now ?? new Date())) return null;
  let seen = row;
  for (let attempt = 1; ; attempt++) {
    const applied = await applyTo(kind, seen, outcome, options);
    if (applied || attempt === 3) return applied;
    const now = await kind.load(seen.id);
    if (!now || now.updatedAt.getTime() === seen.updatedAt.getTime()) return null; // not stale: the answer does not apply
    seen = now;
  }
}

/**
 * An operator's answer for one attempt of an order (a callback under any of its references, a
 * status check of an earlier one); kept on the attempt. The order's current attempt: as any
 * answer (applyOrderStatus). Another attempt: only its success concerns the order, which takes
 * that attempt back (`kind.adoptAttempt`: its reference, account and method, and `success`) when
 * it can still be paid; when it cannot — paid already by another attempt, or ended — the payer was
 * charged twice: a duplicate charge (duplicate-charges.ts). Either way in one transaction with
 * the attempt's answer, so a crash leaves the attempt open, asked again, and nothing applied twice.
 * Returns the order as changed, or null.
 */
export async function applyAttemptAnswer<Row extends OrderRow>(
  kind: OrderKind<Row>,
  row: Row,
  attempt: OrderAttempt,
  outcome: ConnectorOutcome,
  options: { note?: string; now?: Date } = {},
): Promise<Row | null> {
  const now = options.now ?? new Date();
  if (attempt.reference === kind.snapshot(row).requestRef) {
    const applied = await applyOrderStatus(kind, row, outcome, options);
    await noteAttemptAnswer(row.id, attempt.reference, outcome, now);
    return applied;
  }
  if (outcome.status !== "success") {
    await noteAttemptAnswer(row.id, attempt.reference, outcome, now);
    return null;
  }
  if (await amountMismatch(kind, row, outcome, now)) return null;
  const note = options.note ?? "provider answered for an earlier attempt";
  if (!kind.adoptAttempt) {
    // Only checkout payments send a second reference today; anything else is for a person to see.
    log.error("an attempt other than the order's current one reports success", { id: row.id, direction: kind.direction, reference: attempt.reference });
    const o = kind.snapshot(row);
    await flagForReview(await getPrisma(), { orderId: o.id, direction: kind.direction, merchantId: o.merchantId, environment: o.environment, reason: "other_attempt_succeeded", answer: answerOf(outcome, now), now });
    await noteAttemptAnswer(row.id, attempt.reference, outcome, now);
    return null;
  }
  const changes: AnsweredChanges = {
    ...(outcome.operatorReference ? { providerReference: outcome.operatorReference } : {}),
    ...(outcome.raw ? { providerRawStatus: outcome.raw as Prisma.InputJsonObject } : {}),
    completedAt: outcome.completedAt ?? now,
  };
  const prisma = await getPrisma();
  let seen = row;
  for (let tries = 1; tries <= 3; tries++) {
    const adopted = await prisma.$transaction(async (tx) => {
      const paid = await kind.adoptAttempt!(tx, seen, attempt, changes, note);
      if (paid) {
        await closeReview(tx, row.id, "operator_success", now);
        await noteAttemptAnswer(row.id, attempt.reference, outcome, now, tx);
      }
      return paid;
    });
    if (adopted) return adopted;
    const latest = await kind.load(seen.id);
    if (!latest) return null;
    if (latest.updatedAt.getTime() === seen.updatedAt.getTime()) {
      // Not stale: the order cannot take it. The payer paid for an order already paid, or ended.
      await recordDuplicateCharge(kind, latest, attempt, outcome, now);
      return null;
    }
    seen = latest;
  }
  throw new Error(`order ${row.id} kept changing while an earlier attempt's success was applied; asked again later`);
}

/** Whether a success names another amount or currency than the order's; if so, the order is flagged. */
async function amountMismatch<Row extends OrderRow>(kind: OrderKind<Row>, row: Row, outcome: ConnectorOutcome, now: Date): Promise<boolean> {
  if (outcome.status !== "success" || !outcome.amount) return false;
  const o = kind.snapshot(row);
  if (outcome.amount.minor === o.amountMinor && outcome.amount.currency.toUpperCase() === o.currency.toUpperCase()) return false;
  log.error("the operator reported success for another amount or currency than the order's: nothing settled, held for review", {
    id: o.id,
    direction: kind.direction,
    expected: { minor: String(o.amountMinor), currency: o.currency },
    reported: { minor: String(outcome.amount.minor), currency: outcome.amount.currency },
  });
  metrics().orderAmountMismatches.inc({ direction: kind.direction });
  const answer = { ...answerOf(outcome, now), reported: { minor: String(outcome.amount.minor), currency: outcome.amount.currency } };
  await flagForReview(await getPrisma(), { orderId: o.id, direction: kind.direction, merchantId: o.merchantId, environment: o.environment, reason: "amount_mismatch", answer, now });
  return true;
}

async function applyTo<Row extends OrderRow>(
  kind: OrderKind<Row>,
  row: Row,
  outcome: ConnectorOutcome,
  options: { note?: string; now?: Date },
): Promise<Row | null> {
  if (outcome.status === "reversed") return applyReversal(kind, row, outcome, options);
  if (outcome.status !== "processing" && outcome.status !== "success" && outcome.status !== "failed") return null;
  const note = options.note ?? "provider answered";
  const now = options.now ?? new Date();
  const reported: AnsweredChanges = {
    ...(outcome.operatorReference ? { providerReference: outcome.operatorReference } : {}),
    ...(outcome.raw ? { providerRawStatus: outcome.raw as Prisma.InputJsonObject } : {}),
    ...(outcome.status === "processing" && outcome.nextAction ? { providerRedirectUrl: outcome.nextAction.url } : {}),
  };
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    let current: Row | null = row;
    if (current.status === "pending" && outcome.status !== "failed") {
      current = await kind.transition(tx, current, "processing", { ...reported, processedAt: now }, note);
      if (!current || outcome.status === "processing") return current;
    } else if (outcome.status === "processing") return null;

    if (outcome.status === "success") {
      const paid = await kind.transition(tx, current, "success", { ...reported, completedAt: outcome.completedAt ?? now }, note);
      if (paid && current.status === "failed" && kind.direction !== "collect") {
        // Money left after we released it (docs/decisions/late-success-after-failure.md): the
        // transition charged it again; operations tell the merchant, who was told it failed.
        const o = kind.snapshot(paid);
        await flagForReview(tx, { orderId: o.id, direction: kind.direction, merchantId: o.merchantId, environment: o.environment, reason: "late_success_after_failure", answer: answerOf(outcome, now), now });
      } else if (paid) {
        // The operator's final answer ends a review (docs/design/order-lifecycle.md), with the change.
        await closeReview(tx, row.id, "operator_success", now);
      }
      return paid;
    }
    const errorCode = platformErrorCode(kind.direction, outcome.reason, outcome.destinationRelated);
    if (needsOpsAttention(outcome.reason)) log.error("connector reports a problem on our side", { id: row.id, direction: kind.direction, reason: outcome.reason, raw: outcome.raw });
    const failed = await kind.transition(tx, current, "failed", { ...reported, errorCode, errorMessage: outcome.message, completedAt: now }, `${note}: ${outcome.reason}`);
    if (failed && kind.failureNeedsReview) {
      // Money stays held that someone must place (a duplicate charge the operator would not refund).
      const o = kind.snapshot(failed);
      await flagForReview(tx, { orderId: o.id, direction: kind.direction, merchantId: o.merchantId, environment: o.environment, reason: kind.failureNeedsReview, answer: answerOf(outcome, now), now });
    } else if (failed) await closeReview(tx, row.id, "operator_failed", now);
    return failed;
  });
}

/**
 * The operator returned a paid order's money (Wave `reversed`). A reversal says the order was
 * paid first, so one still pending or processing is moved to success on the way (its hold
 * finalised, its payout.success event), then to reversed (the principal credited back, the
 * reversal's event) — one transaction, ending any review. A failed order stays failed: its funds
 * are already back and nothing reached the recipient. Kinds with no reversal ignore it.
 */
async function applyReversal<Row extends OrderRow>(
  kind: OrderKind<Row>,
  row: Row,
  outcome: Extract<ConnectorOutcome, { status: "reversed" }>,
  options: { note?: string; now?: Date },
): Promise<Row | null> {
  const reverse = kind.reverse;
  if (!reverse) {
    log.warn("the operator reports a reversal for an order that cannot be reversed: ignored", { id: row.id, direction: kind.direction, raw: outcome.raw });
    return null;
  }
  const note = options.note ?? "provider answered";
  const now = options.now ?? new Date();
  const reported: AnsweredChanges = {
    ...(outcome.operatorReference ? { providerReference: outcome.operatorReference } : {}),
    ...(outcome.raw ? { providerRawStatus: outcome.raw as Prisma.InputJsonObject } : {}),
  };
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    let current: Row | null = row;
    if (current.status === "pending") current = await kind.transition(tx, current, "processing", { ...reported, processedAt: now }, note);
    if (current?.status === "processing") current = await kind.transition(tx, current, "success", { ...reported, completedAt: now }, `${note}: paid, then reversed`);
    if (!current || current.status !== "success") return null;
    const reversed = await reverse(tx, current, { ...reported, reversedAt: now }, `${note}: reversed${outcome.message ? ` (${outcome.message})` : ""}`);
    if (reversed) {
      log.warn("the operator reversed a paid order: its money is back, the merchant re-credited", { id: row.id, direction: kind.direction, raw: outcome.raw });
      await closeReview(tx, row.id, "operator_reversed", now);
    }
    return reversed;
  });
}
