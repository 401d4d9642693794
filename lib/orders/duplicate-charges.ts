import type { ConnectorOutcome } from "@/lib/connectors/connector";
import { getRoute } from "@/lib/connectors/get-route";
import { type Db, getPrisma, type Tx } from "@/lib/db/client";
import type { DuplicateCharge, OrderAttempt } from "@/lib/db/generated/client";
import { newId } from "@/lib/ids";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { finaliseDuplicateCharge, holdDuplicateCharge, releaseDuplicateCharge } from "@/lib/ledger";
import { log } from "@/lib/log";
import { type CurrencyCode, fromMinor } from "@/lib/money";
import { metrics } from "@/lib/observability/metrics";
import { recordWebhookEvent } from "@/lib/webhooks";
import type { AppEnvironment } from "@/lib/config";
import { noteAttemptAnswer } from "./attempts";
import { pollDuplicateRefundJob, submitDuplicateRefundJob } from "./duplicate-charge-jobs";
import type { AnsweredChanges, OrderKind, OrderRow } from "./order-kind";
import { answerOf, flagForReview } from "./review";

/**
 * Duplicate charges (docs/design/order-lifecycle.md, "Duplicate charges"): an operator reports a
 * success for an attempt of a payment that cannot take it — the payment was paid by another of its
 * attempts (`paid_twice`: a checkout retry whose first attempt went through after all), or had
 * ended unpaid (`payment_ended`: cancelled, expired). The payer's money was taken; it is not the
 * merchant's to spend. In ONE transaction: the row (at most one per attempt), the money credited
 * and held at once (lib/ledger/duplicate-charge.ts), the `payment.duplicate_charge` event, and
 * either the refund's submit job (where the provider has a refund route) or a review.
 *
 * The refund is an order of its own, id `dup_…`, which the engine drives as every refund (the
 * OrderKind below): reference stored first, never re-sent under a new one, polled, held for review
 * past its window. Its outcome moves the held money: refunded → back to the operator that took it
 * (the ledger nets to zero); the operator's refusal → held, in review. A review ends with the
 * operator's later answer or an operator's audited resolution: `success` = refunded by other
 * means, `failed` = left to the merchant (released to its collect.available).
 */
export type DuplicateCause = "paid_twice" | "payment_ended";

export async function recordDuplicateCharge<Row extends OrderRow>(kind: OrderKind<Row>, row: Row, attempt: OrderAttempt, outcome: ConnectorOutcome, now: Date): Promise<DuplicateCharge | null> {
  const o = kind.snapshot(row);
  const cause: DuplicateCause = o.status === "success" || o.status === "refunded" ? "paid_twice" : "payment_ended";
  const provider = attempt.provider ?? o.provider ?? "";
  const route = await getRoute(o.environment, o.country ?? "", provider, "refund", { now });
  const operatorReference = ("operatorReference" in outcome ? outcome.operatorReference : undefined) ?? attempt.operatorReference;
  const prisma = await getPrisma();
  const recorded = await prisma.$transaction(async (tx) => {
    await noteAttemptAnswer(o.id, attempt.reference, outcome, now, tx);
    const [charge] = await tx.duplicateCharge.createManyAndReturn({
      data: [
        {
          id: newId("dup", now.getTime()),
          paymentId: o.id,
          merchantId: o.merchantId,
          environment: o.environment,
          attemptId: attempt.id,
          chargedReference: attempt.reference,
          chargedOperatorReference: operatorReference ?? null,
          paidReference: cause === "paid_twice" ? o.requestRef : null,
          cause,
          amount: o.amountMinor,
          currency: o.currency,
          provider,
          country: o.country ?? "",
          destination: attempt.destination,
          status: route.available ? "pending" : "held",
        },
      ],
      skipDuplicates: true,
    });
    if (!charge) return null; // recorded already: one duplicate charge per attempt, whoever reports it
    await holdDuplicateCharge(tx, { environment: charge.environment, merchantId: charge.merchantId, duplicateChargeId: charge.id, paymentId: charge.paymentId, provider, currency: charge.currency as CurrencyCode, amount: charge.amount });
    await recordWebhookEvent(tx, { merchantId: charge.merchantId, environment: charge.environment, type: "payment.duplicate_charge", data: duplicateChargeView(charge), callbackUrl: o.callbackUrl ?? null });
    if (route.available) await enqueueJob(tx, submitDuplicateRefundJob, { duplicateChargeId: charge.id }, { runAt: now, dedupeKey: `${submitDuplicateRefundJob.type}:${charge.id}` });
    else await holdForPerson(tx, charge, "duplicate_charge", answerOf(outcome, now), now);
    return charge;
  });
  if (recorded) {
    log.error("a payer was charged twice: duplicate charge recorded", {
      id: recorded.id,
      paymentId: o.id,
      cause,
      chargedReference: attempt.reference,
      paidReference: recorded.paidReference,
      refund: route.available ? "sent" : `held for review (${route.reason})`,
    });
    metrics().orderDuplicateCharges.inc({ cause, refund: route.available ? "automatic" : "review" });
  }
  return recorded;
}

/** Flags a duplicate charge for a person; nothing to ask an operator about until one is sent, so no ask is scheduled. */
async function holdForPerson(tx: Tx, charge: DuplicateCharge, reason: "duplicate_charge", answer: ReturnType<typeof answerOf> | null, now: Date) {
  await flagForReview(tx, { orderId: charge.id, direction: "refund", merchantId: charge.merchantId, environment: charge.environment, reason, answer, now });
  if (!charge.providerRequestRef) await tx.orderReview.update({ where: { orderId: charge.id }, data: { nextAskAt: null } });
}

/** A duplicate charge on the wire: the `data` of `payment.duplicate_charge` (duplicate-charge-schemas.ts). */
export function duplicateChargeView(d: DuplicateCharge) {
  return {
    duplicateChargeId: d.id,
    transactionId: d.paymentId,
    cause: d.cause,
    amount: fromMinor(d.amount, d.currency),
    currency: d.currency,
    provider: d.provider,
    providerReference: d.chargedOperatorReference,
    status: d.status,
    createdAt: d.createdAt.toISOString(),
  };
}

/**
 * pending → processing → refunded; the operator's refusal (or no account to send it) → held;
 * held → refunded (its late success, or an operator's resolution with evidence) | released (an
 * operator's resolution only: the merchant keeps it and settles with its customer).
 */
const NEXT: Record<string, string[]> = { pending: ["processing", "refunded", "held"], processing: ["refunded", "held"], held: ["refunded", "released"], refunded: [], released: [] };

async function transitionDuplicateCharge(tx: Tx, d: DuplicateCharge, to: "processing" | "success" | "failed" | "released", changes: AnsweredChanges, note: string): Promise<DuplicateCharge | null> {
  const status = to === "processing" ? "processing" : to === "success" ? "refunded" : to === "released" ? "released" : "held";
  if (!NEXT[d.status]?.includes(status)) return null;
  const { providerReference, providerRawStatus, processedAt, completedAt, errorCode, errorMessage } = changes;
  const rows = await tx.duplicateCharge.updateManyAndReturn({
    where: { id: d.id, status: d.status, updatedAt: d.updatedAt },
    data: {
      status,
      providerReference,
      providerRawStatus,
      ...(status === "processing" ? { processedAt } : {}),
      ...(status === "refunded" || status === "released" ? { completedAt } : {}),
      ...(status === "held" ? { errorCode, errorMessage } : {}),
    },
  });
  const updated = rows[0];
  if (!updated) return null;
  if (status === "refunded") await finaliseDuplicateCharge(tx, { duplicateChargeId: d.id, provider: d.provider });
  if (status === "released") await releaseDuplicateCharge(tx, { duplicateChargeId: d.id, reason: note });
  log.info("duplicate charge moved", { id: d.id, from: d.status, to: status, note });
  return updated;
}

/** The refunds of duplicate charges as the engine drives them (direction `refund`, ids `dup_…`). */
export const duplicateChargeRefunds: OrderKind<DuplicateCharge> = {
  direction: "refund",
  idPrefix: "dup_",
  load: async (id, db) => (db ?? (await getPrisma())).duplicateCharge.findUnique({ where: { id } }),
  snapshot: (d) => ({
    id: d.id,
    merchantId: d.merchantId,
    environment: d.environment,
    status: d.status,
    provider: d.provider,
    country: d.country,
    currency: d.currency,
    requestRef: d.providerRequestRef,
    accountId: d.connectorAccountId,
    submittedAt: d.submittedAt,
    acceptedAt: d.processedAt,
    operatorReference: d.providerReference,
    destination: d.destination,
    amountMinor: d.amount,
  }),
  isSubmittable: (d) => d.status === "pending",
  isAwaitingAnswer: (d) => d.status === "processing",
  // Refused by the operator, then refunded after all: its late success applies.
  mayStillSucceed: (d) => d.status === "held" && d.providerRequestRef !== null,
  failureNeedsReview: "duplicate_refund_failed",
  async storeReference(tx, d, reference, accountId, now) {
    const rows = await tx.duplicateCharge.updateManyAndReturn({
      where: { id: d.id, status: "pending", providerRequestRef: null, updatedAt: d.updatedAt },
      data: { providerRequestRef: reference, connectorAccountId: accountId, submittedAt: now },
    });
    return rows[0] ?? null;
  },
  // The collect it refunds is the attempt that charged (its operator id completed from the attempt).
  refundedCollect: async (d) => ({ id: d.paymentId, reference: d.chargedReference, operatorReference: d.chargedOperatorReference, amountMinor: d.amount }),
  // The operator refunds the charge it took: under the reference of the attempt that took it.
  send: (connector, context, d, reference, collect) =>
    connector.refund(context, {
      refundId: d.id,
      reference,
      transactionId: d.paymentId,
      collectReference: d.chargedReference,
      collectOperatorReference: collect?.operatorReference ?? d.chargedOperatorReference,
      provider: d.provider,
      country: d.country,
      currency: d.currency,
      amountMinor: d.amount,
      collectAmountMinor: d.amount,
      phone: d.destination,
    }),
  transition: transitionDuplicateCharge,
  // Left to the merchant (told by the event), who settles with its customer: released to its balance.
  resolveFailed: (tx, d, note, now) => transitionDuplicateCharge(tx, d, "released", { completedAt: now }, note),
  async whenUnavailable(d, reason, now) {
    const prisma = await getPrisma();
    await prisma.$transaction(async (tx) => {
      const held = await transitionDuplicateCharge(tx, d, "failed", { errorCode: "provider_error", errorMessage: `No account can refund it now: ${reason}` }, `provider unavailable: ${reason}`);
      if (held) await holdForPerson(tx, held, "duplicate_charge", null, now);
    });
  },
  // Never called for a refund (our timer does not decide where money leaving us went); kept for the interface.
  async giveUp(d, now) {
    await duplicateChargeRefunds.whenUnavailable(d, "no answer within the window", now);
  },
  async schedulePoll(d, runAt) {
    await enqueueJob(await getPrisma(), pollDuplicateRefundJob, { duplicateChargeId: d.id }, { runAt, dedupeKey: `${pollDuplicateRefundJob.type}:${d.id}:${d.providerRequestRef}` });
  },
  findByReference: (db, reference, accountId, environment) => db.duplicateCharge.findFirst({ where: { providerRequestRef: reference, connectorAccountId: accountId, environment } }),
};

export type DuplicateChargeListItem = DuplicateCharge & { review: { reason: string; since: Date } | null };

/** The duplicate charges of one environment, newest first (`ops orders:duplicates`); `open`: only those not refunded or released. */
export async function listDuplicateCharges(environment: AppEnvironment, options: { open?: boolean; limit?: number; db?: Db } = {}): Promise<DuplicateChargeListItem[]> {
  const db = options.db ?? (await getPrisma());
  const rows = await db.duplicateCharge.findMany({
    where: { environment, ...(options.open ? { status: { in: ["pending", "processing", "held"] } } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.limit ?? 500,
  });
  const reviews = await db.orderReview.findMany({ where: { orderId: { in: rows.map((r) => r.id) }, resolvedAt: null }, select: { orderId: true, reason: true, since: true } });
  return rows.map((r) => {
    const review = reviews.find((v) => v.orderId === r.id);
    return { ...r, review: review ? { reason: review.reason, since: review.since } : null };
  });
}
