import type { AppEnvironment } from "@/lib/config";
import type { ConnectorOutcome, Direction } from "@/lib/connectors/connector";
import { type Db, getPrisma } from "@/lib/db/client";
import type { OrderReview, Prisma } from "@/lib/db/generated/client";
import { log } from "@/lib/log";
import { metrics } from "@/lib/observability/metrics";

/**
 * Review: the orders whose outcome our timer may not decide (docs/design/order-lifecycle.md,
 * "Review"). An order in review keeps its status and its held funds; the engine keeps asking the
 * operator on the slow cadence below, and the review ends only with the operator's final answer
 * (applyOrderStatus closes it in the same transaction) or with an operator's audited resolution
 * (resolve-order.ts). `ops orders:review` lists them; the metrics count them and age the oldest.
 */
export const REVIEW_REASONS = {
  window_passed: "the operator accepted it, or may have (no answer to the submit), and gave no final answer within the window",
  ambiguous_window_passed: "the operator says the outcome is unclear to it (reconciling), past the long window",
  operator_unaware: "the operator says it does not know the reference, after our retries stopped: one more such answer releases it",
  amount_mismatch: "the operator reported success for another amount or currency than the order's: nothing was settled",
  late_success_after_failure: "the operator reported success after its own explicit failure: the money left after it was released",
  duplicate_charge: "the payer was charged twice (or for a payment that had ended) and no connector can refund it: refund it by other means (--outcome success) or leave it to the merchant (--outcome failed)",
  duplicate_refund_failed: "the operator refused to refund a duplicate charge: refund it by other means (--outcome success) or leave it to the merchant (--outcome failed)",
  other_attempt_succeeded: "an attempt other than the order's current one reports success: look at both references with the operator",
  outcome_unaskable:
    "a collect sent whose answer was lost, and the operator cannot be asked about it (nothing we hold names it to the operator): held until its callback names it, or resolved from the operator's statement with evidence (--outcome success: the statement shows it paid; --outcome failed: it shows nothing, and the operator's prompt has long expired)",
} as const;
export type ReviewReason = keyof typeof REVIEW_REASONS;

/** An operator's answer as the review keeps it. */
export type OperatorAnswer = { status: ConnectorOutcome["status"]; ambiguous?: boolean; raw?: unknown; message?: string; at: string };

export function answerOf(outcome: ConnectorOutcome, now: Date): OperatorAnswer {
  return {
    status: outcome.status,
    ...(outcome.status === "processing" && outcome.ambiguous ? { ambiguous: true } : {}),
    ...("raw" in outcome && outcome.raw ? { raw: outcome.raw } : {}),
    ...("message" in outcome && outcome.message ? { message: outcome.message } : {}),
    at: now.toISOString(),
  };
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** How far apart two "I do not know this reference" answers must be before they release an order. */
export const OPERATOR_UNAWARE_CONFIRM_MS = HOUR;

/**
 * When to ask an order in review next: hourly for its first 7 days, every 6 hours to 30 days,
 * then daily for as long as it stays open: an open review is never left unasked.
 */
export function nextReviewAskAt(since: Date, now: Date): Date {
  const age = now.getTime() - since.getTime();
  const step = age < 7 * DAY ? HOUR : age < 30 * DAY ? 6 * HOUR : DAY;
  return new Date(now.getTime() + step);
}

export async function openReview(orderId: string, db?: Db): Promise<OrderReview | null> {
  return (db ?? (await getPrisma())).orderReview.findFirst({ where: { orderId, resolvedAt: null } });
}

export type FlagInput = {
  orderId: string;
  direction: Direction;
  merchantId: string;
  environment: AppEnvironment;
  reason: ReviewReason;
  answer: OperatorAnswer | null;
  now: Date;
};

/**
 * Flags an order for review (or changes the reason of its open review, keeping `since`); a
 * resolved review of the same order is opened again. Logged and counted: an order in review is
 * money someone must watch.
 */
export async function flagForReview(db: Db, input: FlagInput): Promise<OrderReview> {
  const nextAskAt = nextReviewAskAt(input.now, input.now);
  const answer = (input.answer ?? undefined) as Prisma.InputJsonValue | undefined;
  const open = await db.orderReview.findUnique({ where: { orderId: input.orderId } });
  const review =
    open && open.resolvedAt === null
      ? await db.orderReview.update({ where: { orderId: input.orderId }, data: { reason: input.reason, ...(answer ? { lastAnswer: answer, lastAskedAt: input.now } : {}) } })
      : await db.orderReview.upsert({
          where: { orderId: input.orderId },
          create: { orderId: input.orderId, direction: input.direction, merchantId: input.merchantId, environment: input.environment, reason: input.reason, since: input.now, lastAnswer: answer, lastAskedAt: answer ? input.now : null, nextAskAt },
          update: { reason: input.reason, since: input.now, lastAnswer: answer, lastAskedAt: answer ? input.now : null, nextAskAt, resolvedAt: null, resolution: null, resolvedBy: null, evidence: null },
        });
  log.warn("order held for review", { id: input.orderId, direction: input.direction, reason: input.reason, why: REVIEW_REASONS[input.reason] });
  metrics().orderReviewFlags.inc({ direction: input.direction, reason: input.reason });
  return review;
}

/** Records the operator's latest answer on an open review, and when the engine asks next. */
export async function noteAnswer(review: OrderReview, answer: OperatorAnswer | null, now: Date, nextAskAt?: Date): Promise<void> {
  await (await getPrisma()).orderReview.updateMany({
    where: { orderId: review.orderId, resolvedAt: null },
    data: { ...(answer ? { lastAnswer: answer as Prisma.InputJsonValue, lastAskedAt: now } : {}), ...(nextAskAt ? { nextAskAt } : {}) },
  });
}

export type Resolution = "operator_success" | "operator_failed" | "operator_reversed" | "resolved_success" | "resolved_failed";

/** Ends an order's open review, in the transaction of the change that ends it; a no-op when none is open. */
export async function closeReview(tx: Db, orderId: string, resolution: Resolution, now: Date, by?: { actor: string; evidence: string }): Promise<boolean> {
  const { count } = await tx.orderReview.updateMany({
    where: { orderId, resolvedAt: null },
    data: { resolvedAt: now, resolution, ...(by ? { resolvedBy: by.actor, evidence: by.evidence } : {}) },
  });
  return count === 1;
}

export type ReviewView = {
  id: string;
  direction: Direction;
  merchantId: string;
  environment: AppEnvironment;
  reason: ReviewReason;
  why: string;
  since: Date;
  lastAnswer: OperatorAnswer | null;
  lastAskedAt: Date | null;
  nextAskAt: Date | null;
};

/** The open reviews of one environment, oldest first (`ops orders:review`). */
export async function listOpenReviews(environment: AppEnvironment, limit = 500): Promise<ReviewView[]> {
  const rows = await (await getPrisma()).orderReview.findMany({ where: { environment, resolvedAt: null }, orderBy: { since: "asc" }, take: limit });
  return rows.map((r) => ({
    id: r.orderId,
    direction: r.direction,
    merchantId: r.merchantId,
    environment: r.environment,
    reason: r.reason as ReviewReason,
    why: REVIEW_REASONS[r.reason as ReviewReason] ?? r.reason,
    since: r.since,
    lastAnswer: (r.lastAnswer as OperatorAnswer | null) ?? null,
    lastAskedAt: r.lastAskedAt,
    nextAskAt: r.nextAskAt,
  }));
}
