import type { AppEnvironment } from "@/lib/config";
import type { ConnectorOutcome, Direction } from "@/lib/connectors/connector";
import { type Db, getPrisma, type Tx } from "@/lib/db/client";
import type { OrderAttempt } from "@/lib/db/generated/client";
import type { OrderSnapshot, RefundedCollect } from "./order-kind";
import { answerOf } from "./review";

/**
 * Attempts: every operator-facing reference ever sent for an order, one row each
 * (`order_attempts`, docs/design/order-lifecycle.md "Attempts"). The order row carries its
 * current reference only; a checkout payment retried with another method gets a new one, and the
 * earlier one stays here, so its late answer still finds the order. The row is written in the
 * transaction that stores the reference on the order, before the call.
 */
export type { OrderAttempt };

/** An attempt whose outcome is known: it took no money (failed, not_found) or it did (success; reversed: returned). */
const SETTLED = new Set<string>(["success", "failed", "not_found", "reversed"]);

export const isOpen = (attempt: Pick<OrderAttempt, "lastStatus">) => attempt.lastStatus === null || !SETTLED.has(attempt.lastStatus);

/**
 * Records a reference about to be sent as the order's `number`-th attempt, in the caller's
 * transaction (the one that stores the reference on the order: only one run gets that far).
 */
export async function recordAttempt(tx: Tx, direction: Direction, order: OrderSnapshot, number: number, reference: string, accountId: string | null, now: Date): Promise<OrderAttempt> {
  return tx.orderAttempt.create({
    data: {
      orderId: order.id,
      direction,
      merchantId: order.merchantId,
      environment: order.environment,
      number,
      reference,
      accountId,
      provider: order.provider,
      destination: order.destination,
      sentAt: now,
    },
  });
}

/**
 * A refund's collect completed from the payment's attempts: the attempt sent under the reference
 * the domain gave (when it gave none, the last one the operator said was paid) supplies the
 * reference, and the operator's id for it when the payment row has none (a success applied
 * from an answer that named no id, an attempt taken back). Unchanged when nothing is missing.
 */
export async function completeRefundedCollect(collect: RefundedCollect, db?: Db): Promise<RefundedCollect> {
  if (collect.reference && collect.operatorReference) return collect;
  const attempts = await attemptsOf(collect.id, db);
  const sent = collect.reference ? attempts.find((a) => a.reference === collect.reference) : [...attempts].reverse().find((a) => a.lastStatus === "success");
  if (!sent) return collect;
  return { ...collect, reference: collect.reference || sent.reference, operatorReference: collect.operatorReference ?? sent.operatorReference ?? null };
}

/** An order's attempts, first first. */
export async function attemptsOf(orderId: string, db?: Db): Promise<OrderAttempt[]> {
  return (db ?? (await getPrisma())).orderAttempt.findMany({ where: { orderId }, orderBy: { number: "asc" } });
}

/** The attempt sent under `reference` to `accountId` (null: the built-in simulator), in one environment and, when known, one direction. */
export async function findAttempt(db: Db, reference: string, accountId: string | null, environment: AppEnvironment, direction: Direction | null): Promise<OrderAttempt | null> {
  return db.orderAttempt.findFirst({ where: { reference, accountId, environment, ...(direction ? { direction } : {}) }, orderBy: { id: "desc" } });
}

export async function attemptByReference(orderId: string, reference: string, db?: Db): Promise<OrderAttempt | null> {
  return (db ?? (await getPrisma())).orderAttempt.findFirst({ where: { orderId, reference } });
}

/**
 * Keeps the operator's answer for one attempt, in one statement, written only when it says
 * something new (another status, another raw status): a poll that hears "still pending" writes
 * nothing, and `last_answer.at` is when the operator first gave the answer it holds. A success
 * is never overwritten but by a reversal (a stale status read must not reopen a paid attempt).
 */
export async function noteAttemptAnswer(orderId: string, reference: string, outcome: ConnectorOutcome, now: Date, db?: Db): Promise<void> {
  const answer = answerOf(outcome, now);
  const raw = JSON.stringify(answer.raw ?? null);
  const operatorReference = "operatorReference" in outcome ? (outcome.operatorReference ?? null) : null;
  await (db ?? (await getPrisma())).$executeRaw`
    UPDATE order_attempts
    SET last_status = ${outcome.status}, last_answer = ${JSON.stringify(answer)}::jsonb, last_answered_at = ${now},
        operator_reference = COALESCE(${operatorReference}, operator_reference), updated_at = ${now}
    WHERE order_id = ${orderId} AND reference = ${reference}
      AND (last_status IS DISTINCT FROM ${outcome.status} OR COALESCE(last_answer->'raw', 'null'::jsonb) IS DISTINCT FROM ${raw}::jsonb)
      AND (last_status IS DISTINCT FROM 'success' OR ${outcome.status} IN ('success', 'reversed'))`;
}

/** An operator id an unsigned callback named for this attempt: a lookup key for the next status check, never evidence. */
export async function noteHintedOperatorReference(attemptId: number, operatorReference: string, db?: Db): Promise<void> {
  await (db ?? (await getPrisma())).orderAttempt.updateMany({ where: { id: attemptId }, data: { hintedOperatorReference: operatorReference } });
}

/**
 * Of these orders, those with an attempt whose outcome is unknown: a checkout payment back in
 * `pending` for a retry while its earlier attempt may still be paid is not expired meanwhile (the
 * engine gives it up on its own window instead, and a late success of that attempt still applies).
 */
export async function withOpenAttempts(orderIds: readonly string[], db?: Db): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await (db ?? (await getPrisma())).orderAttempt.findMany({
    where: { orderId: { in: [...orderIds] }, OR: [{ lastStatus: null }, { lastStatus: { notIn: [...SETTLED] } }] },
    select: { orderId: true },
  });
  return new Set(rows.map((r) => r.orderId));
}

/** A newer attempt waits on this one's outcome since `now` (kept from the first time it waited). */
export async function markBlocking(attempt: OrderAttempt, now: Date): Promise<Date> {
  if (attempt.blockingSince) return attempt.blockingSince;
  await (await getPrisma()).orderAttempt.updateMany({ where: { id: attempt.id, blockingSince: null }, data: { blockingSince: now } });
  return now;
}

export async function clearBlocking(attemptId: number): Promise<void> {
  await (await getPrisma()).orderAttempt.updateMany({ where: { id: attemptId }, data: { blockingSince: null } });
}
