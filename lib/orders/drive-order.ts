import { randomUUID } from "node:crypto";
import { type Connector, type ConnectorOutcome, ConnectorNetworkError, type OrderRef } from "@/lib/connectors/connector";
import { isPlanted } from "@/lib/config/planted-bugs";
import { isBuiltIn } from "@/lib/connectors/connector-accounts";
import { getRoute, servingAccount, type ServingAccount } from "@/lib/connectors/get-route";
import type { JobResult } from "@/lib/jobs/define-job";
import { getPrisma } from "@/lib/db/client";
import type { OrderAttempt, OrderReview } from "@/lib/db/generated/client";
import { log } from "@/lib/log";
import { metrics } from "@/lib/observability/metrics";
import { applyAttemptAnswer, applyOrderStatus } from "./apply-order-status";
import { attemptByReference, attemptsOf, clearBlocking, completeRefundedCollect, isOpen, markBlocking, noteAttemptAnswer, recordAttempt } from "./attempts";
import type { OrderKind, OrderRow, RefundedCollect } from "./order-kind";
import { ambiguousWindowMs, answerWindowMs, nextPollOffsetMs } from "./poll-cadence";
import { answerOf, flagForReview, nextReviewAskAt, noteAnswer, OPERATOR_UNAWARE_CONFIRM_MS, openReview, type OperatorAnswer, type ReviewReason } from "./review";

/**
 * The submit / poll engine, written once for every direction (payment, payout, refund); the
 * rules are docs/design/order-lifecycle.md:
 * 1. The operator-facing reference is stored before the call (a UUID v4 for connectors that
 *    demand one, our id otherwise), with the account that serves it. A submit whose answer is
 *    unclear is followed by status checks under that reference, never by a second submit under
 *    a new one; only an operator saying it does not know the reference (`not_found`) makes us
 *    send it again, under the same reference (under the next attempt's where the operator takes a
 *    reference once only: `capabilities.singleUseReference`).
 * 2. No answer, a timeout or a 5xx on submit is `pending`, never a failure.
 * 3. `duplicate` (the operator already has the reference) → ask for its status.
 * 4. Poll as well as listen (callbacks get lost), on the cadence of poll-cadence.ts, except that
 *    an answer already due (the sandbox simulator with no delay) is asked for at once.
 * 5. Past the window with no final answer, the give-up policy (docs/design/order-lifecycle.md):
 *    a collect fails (no money left us; a late success still wins); a payout or refund the
 *    operator accepted, or may have (a reference stored, the answer lost), is never failed by
 *    our timer: it is held for review — shown `processing`, funds held — and asked on a slow
 *    cadence until the operator's final answer or an audited resolution. Only the operator
 *    releases money: an explicit failure, or its saying twice, after our retries stopped, that
 *    it does not know the reference. An ambiguous answer (the operator reconciling) gets the long
 *    window, a log line and a metric of its own.
 * 6. Every reference sent is an attempt of the order (attempts.ts), recorded with the reference
 *    in one transaction. Before a new attempt (a checkout payment retried with another method)
 *    the earlier ones are asked first: one that was paid is applied instead of sending, and
 *    while one's outcome is unknown nothing new is sent. A success of an attempt that cannot pay
 *    its order (paid by another one, or ended) is a duplicate charge (duplicate-charges.ts).
 *
 * Time is the caller's `now` throughout — the connector's clock included — so a test or a
 * simulation can drive days of operator behaviour without waiting (lib/orders/README.md).
 */
export type DriveOptions = { now?: Date };

/** Our reference towards the operator: a fresh UUID v4 where demanded, else our id (+ attempt). */
export function mintReference(connector: Connector, id: string, attempt = 1): string {
  if (connector.capabilities.uuidReference) return randomUUID();
  return attempt > 1 ? `${id}-${attempt}` : id;
}

export async function submit<Row extends OrderRow>(kind: OrderKind<Row>, id: string, options: DriveOptions & { attempt?: number } = {}): Promise<JobResult> {
  const now = options.now ?? new Date();
  const row = await kind.load(id);
  if (!row) return;
  // Sent and awaiting its answer: this run retries one that failed after the send, possibly
  // before its poll job was written (the database went away meanwhile). Ask now, and make sure a
  // poll job exists (its dedupe key keeps it to one), or the order would wait for ever.
  if (kind.isAwaitingAnswer(row) && kind.snapshot(row).requestRef) {
    await poll(kind, id, { now, schedule: true });
    return;
  }
  if (!kind.isSubmittable(row)) return;
  const order = kind.snapshot(row);

  // A reference already stored: an earlier run sent it, and its outcome is unknown. Ask first.
  if (order.requestRef) {
    await poll(kind, id, { now, schedule: true });
    return;
  }
  // Sent before under another reference (a checkout payment tried again): the earlier attempts
  // first. Only a kind that can take an earlier attempt back ever clears its reference to send a
  // new one; the others (payouts, refunds) are spared the read.
  const attempts = kind.adoptAttempt ? await attemptsOf(id) : [];
  if (attempts.some(isOpen)) {
    const earlier = await askEarlierAttempts(kind, row, attempts, now);
    if (!earlier.send) return earlier.result;
  }
  const route = await getRoute(order.environment, order.country ?? "", order.provider ?? "", kind.direction, { now });
  if (!route.available) {
    log.warn("provider unavailable at submit", { id, provider: order.provider, country: order.country, reason: route.reason });
    await kind.whenUnavailable(row, route.reason, now);
    return;
  }
  const serving = onClock(route, now);
  // Never a reference an earlier attempt of this order had: `-n` counts every attempt sent.
  const reference = mintReference(serving.connector, id, Math.max(options.attempt ?? 1, attempts.length + 1));
  const accountId = isBuiltIn(serving.account) ? null : serving.account.id;
  const stored = await (await getPrisma()).$transaction(async (tx) => {
    const sent = await kind.storeReference(tx, row, reference, accountId, now);
    if (sent) await recordAttempt(tx, kind.direction, kind.snapshot(sent), attempts.length + 1, reference, accountId, now);
    return sent;
  });
  if (!stored) return; // another run stored one first, and sends it
  const after = await send(kind, stored, serving, reference, now);
  if (!after) return;
  // The first status check in this same job rather than a poll job of its own: a fast operator
  // (or the simulator with no delay) has answered already, the merchant hears it a job cycle
  // sooner, and every order costs one job fewer. Still open: poll schedules the poll job on the
  // cadence. Should the check itself fail, the poll job is scheduled anyway, so an order sent is
  // never left without one.
  try {
    await poll(kind, id, { now: options.now ?? new Date(), schedule: true });
  } catch (err) {
    log.warn("first status check failed; the poll job will ask", { id, error: err instanceof Error ? err.message : String(err) });
    await kind.schedulePoll(after, now);
  }
}

async function send<Row extends OrderRow>(kind: OrderKind<Row>, row: Row, serving: ServingAccount, reference: string, now: Date): Promise<Row | null> {
  const collect = await refundedCollectOf(kind, row);
  let outcome = await call(() => kind.send(serving.connector, serving.context, row, reference, collect), kind.snapshot(row).id, "submit");
  if (outcome.status === "pending" && isPlanted("resend-new-reference")) outcome = await resendUnderNewReference(kind, row, serving);
  if (outcome.status === "duplicate") outcome = await checkStatus(kind, row, serving, reference);
  await noteAttemptAnswer(row.id, reference, outcome, now);
  return settle(kind, row, outcome, "provider answered the submit", now);
}

/**
 * Before a new attempt: asks every earlier attempt whose outcome is unknown, newest first.
 * - One was paid: applied (the order takes it back; applyAttemptAnswer), and nothing is sent.
 * - All are known unpaid (failed, not known to the operator): the new attempt may go.
 * - One's outcome is still unknown (no answer, accepted and not final, its account gone): nothing
 *   is sent (the operator may still take the money under it); asked again on the collect
 *   cadence, for one window from the first time the new attempt waited on it. Past that window
 *   the order is given up as if unanswered (a collect: failed `timeout`), and a late success of
 *   the earlier attempt still applies.
 */
async function askEarlierAttempts<Row extends OrderRow>(kind: OrderKind<Row>, row: Row, attempts: OrderAttempt[], now: Date): Promise<{ send: true } | { send: false; result: JobResult }> {
  let unknown: OrderAttempt | null = null;
  for (const attempt of attempts.filter(isOpen).reverse()) {
    const outcome = await askAttempt(kind, row, attempt, now);
    if (outcome) await applyAttemptAnswer(kind, row, attempt, outcome, { note: "an earlier attempt was paid after all", now });
    if (outcome?.status === "success") return { send: false, result: undefined };
    if (outcome?.status === "failed" || outcome?.status === "not_found") continue;
    unknown ??= attempt;
  }
  if (!unknown) return { send: true };
  const since = await markBlocking(unknown, now);
  const waited = now.getTime() - since.getTime();
  log.warn("an earlier attempt's outcome is unknown: no new attempt is sent", { id: row.id, reference: unknown.reference, waitedMs: waited });
  if (waited < answerWindowMs()) return { send: false, result: { rescheduleAt: new Date(since.getTime() + nextPollOffsetMs(kind.direction, waited)) } };
  await clearBlocking(unknown.id);
  if (kind.direction === "collect") await kind.giveUp(row, now);
  return { send: false, result: undefined };
}

/** Asks the operator about one attempt, through the account it went to; null when that account is gone. */
async function askAttempt<Row extends OrderRow>(kind: OrderKind<Row>, row: Row, attempt: OrderAttempt, now: Date): Promise<ConnectorOutcome | null> {
  const found = await servingAccount(attempt.accountId, kind.snapshot(row).environment);
  if (!found) {
    log.error("the account that served an attempt is gone", { id: row.id, reference: attempt.reference, accountId: attempt.accountId });
    return null;
  }
  return checkStatus(kind, row, onClock(found, now), attempt.reference, attempt);
}

/** An operator's answer after which nothing is left to ask about a reference. */
const FINAL_ANSWERS: string[] = ["success", "failed", "not_found", "reversed"];

/**
 * How long a collect failed on our window is asked about while its operator keeps it open. Past
 * it the poll job stops: no money of ours moved (a collect credits nothing until paid), and a
 * payment the operator completes later shows in the daily reconciliation of its statement
 * (docs/design/reconciliation.md), which flags it for ops to apply. Operators keep a status
 * queryable for weeks, not for ever; asking daily without end would leave a job per such
 * collect alive for good (docs/design/order-lifecycle.md, "Collects may still fail on our window").
 */
export const LATE_COLLECT_ASKED_FOR_MS = 90 * 24 * 3600_000;

/**
 * When to ask again about a collect failed on our window whose operator has not given its final
 * answer: the review's slow cadence from when it was sent (hourly for 7 days, every 6 hours to 30
 * days, then daily), while the operator says it is still open, for LATE_COLLECT_ASKED_FOR_MS.
 */
function lateCollectAskAt<Row extends OrderRow>(kind: OrderKind<Row>, row: Row, now: Date): Date | null {
  return slowAskAt(sinceOf(kind, row, now), now, { id: row.id });
}

/**
 * The late collect's slow cadence for a reference sent at `since` (the review's: hourly for 7
 * days, every 6 hours to 30 days, then daily), null past LATE_COLLECT_ASKED_FOR_MS (logged).
 */
function slowAskAt(since: Date, now: Date, about: { id: string; reference?: string }): Date | null {
  const next = nextReviewAskAt(since, now);
  if (next.getTime() - since.getTime() <= LATE_COLLECT_ASKED_FOR_MS) return next;
  log.warn("a collect failed on our window is still open at its operator after 90 days: no longer asked, left to reconciliation", about);
  return null;
}

/** How often an attempt other than the order's current one is asked while its outcome is unknown, within the long window. */
const OTHER_ATTEMPTS_EVERY_MS = 5 * 60_000;

/**
 * Asks the attempts of an order other than its current one whose outcome is unknown, and applies
 * what they say (an earlier attempt's success: applyAttemptAnswer). Returns when to ask again
 * while one stays unknown: every 5 minutes within the long window from when it was sent, then on
 * the late collect's slow cadence (slowAskAt) for as long as the current attempt of a collect
 * failed on our window would be asked. An operator may take the money under an attempt that is
 * no longer the payment's current one a day after it was sent, and its callback may be lost.
 */
async function askOtherAttempts<Row extends OrderRow>(kind: OrderKind<Row>, row: Row, now: Date, only?: OrderAttempt): Promise<Date | null> {
  const current = kind.snapshot(row).requestRef;
  const others = only ? [only] : (await attemptsOf(row.id)).filter((a) => a.reference !== current && isOpen(a));
  let next: Date | null = null;
  for (const attempt of others) {
    const latest = (await kind.load(row.id)) ?? row;
    const outcome = await askAttempt(kind, latest, attempt, now);
    if (outcome) await applyAttemptAnswer(kind, latest, attempt, outcome, { note: "provider answered a status check of an earlier attempt", now });
    const stillOpen = outcome === null || !FINAL_ANSWERS.includes(outcome.status);
    if (!stillOpen) continue;
    const age = now.getTime() - attempt.sentAt.getTime();
    const slow = () => (isPlanted("late-success-ignored") ? null : slowAskAt(attempt.sentAt, now, { id: row.id, reference: attempt.reference }));
    const again = age < ambiguousWindowMs() ? new Date(now.getTime() + OTHER_ATTEMPTS_EVERY_MS) : slow();
    if (again && (!next || again < next)) next = again;
  }
  return next;
}

/**
 * A status check, or a resubmit under the same reference when the operator never got it. From
 * the poll job it returns when to run again; from elsewhere (`schedule`: a re-run submit, an ops
 * re-check, a callback's hint) it makes sure a poll job exists instead.
 */
export async function poll<Row extends OrderRow>(kind: OrderKind<Row>, id: string, options: DriveOptions & { schedule?: boolean; hintedOperatorReference?: string | null } = {}): Promise<JobResult> {
  const now = options.now ?? new Date();
  const row = await kind.load(id);
  if (!row) return;
  const order = kind.snapshot(row);
  // A final order the operator may still change: a late success still wins over a failure, and
  // a paid payout may have been reversed since. A re-check (callback hint, ops) asks for either;
  // the poll job itself keeps asking about a collect failed on our window (lateCollect): the
  // operator may take the money after it, and its callback may never come.
  const final = !kind.isAwaitingAnswer(row) && !kind.isSubmittable(row);
  const lateCollect = !isPlanted("late-success-ignored") && final && kind.direction === "collect" && (kind.mayStillSucceed?.(row) ?? false);
  const late =
    lateCollect ||
    (!isPlanted("late-success-ignored") && options.schedule === true && final && ((kind.mayStillSucceed?.(row) ?? false) || (kind.mayBeReversed?.(row) ?? false)));
  if (!order.requestRef || !(kind.isAwaitingAnswer(row) || kind.isSubmittable(row) || late)) {
    // Nothing to ask under the current reference; another attempt may still be open (sent
    // before an earlier one was found paid): asked on its own cadence until it is known.
    if (kind.direction !== "collect") return;
    const next = await askOtherAttempts(kind, row, now);
    if (!next) return;
    if (options.schedule) return void (await kind.schedulePoll(row, next));
    return { rescheduleAt: next };
  }
  const found = await servingAccount(order.accountId, order.environment);
  const serving = found && onClock(found, now);
  // The operator id an unsigned callback named for the current attempt (Daraja's B2C receipt, its
  // STK CheckoutRequestID) helps the operator find it: every ask sends it, not only the one the
  // callback itself caused (its answer may be lost; a review's slow asks come days later).
  const hinted = options.hintedOperatorReference ?? (serving ? ((await attemptByReference(id, order.requestRef))?.hintedOperatorReference ?? null) : null);
  if (late) {
    const outcome = serving ? await checkStatus(kind, row, serving, order.requestRef, undefined, hinted) : null;
    if (outcome) await noteAttemptAnswer(id, order.requestRef, outcome, now);
    if (outcome?.status === "success" && kind.mayStillSucceed?.(row)) await applyOrderStatus(kind, row, outcome, { note: "provider confirmed after our timeout", now });
    if (outcome?.status === "reversed" && kind.mayBeReversed?.(row)) await applyOrderStatus(kind, row, outcome, { note: "provider reports the paid order returned", now });
    if (!lateCollect) return;
    // A collect failed on our window: asked again on the slow cadence until the operator's final
    // answer (its other attempts on their own cadence, as for any payment no longer waiting).
    const others = await askOtherAttempts(kind, (await kind.load(id)) ?? row, now);
    const again = outcome === null || !FINAL_ANSWERS.includes(outcome.status) ? lateCollectAskAt(kind, row, now) : null;
    const next = [again, others].filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0];
    if (!next) return;
    if (options.schedule) return void (await kind.schedulePoll(row, next));
    return { rescheduleAt: next };
  }
  let after: Row | null = row;
  let review = await openReview(id);
  let outcome: ConnectorOutcome | null = null;
  if (!serving) {
    log.error("the account that served an order is gone", { id, accountId: order.accountId });
  } else {
    outcome = await checkStatus(kind, row, serving, order.requestRef, undefined, hinted);
    if (isPlanted("release-on-ambiguous") && outcome.status === "processing" && outcome.ambiguous) outcome = { status: "failed", reason: "provider_error", message: "The provider is reconciling (taken for a failure)." };
    await noteAttemptAnswer(id, order.requestRef, outcome, now);
    if (review) await noteAnswer(review, answerOf(outcome, now), now);
    if (outcome.status === "processing" && outcome.ambiguous) {
      log.warn("the operator says the outcome is unclear to it: the long window applies", { id, direction: kind.direction, raw: outcome.raw });
      metrics().orderAmbiguousAnswers.inc({ direction: kind.direction });
    }
    if (outcome.status === "not_found") {
      const unknown = await whenUnknownToOperator(kind, row, serving, order.requestRef, review, outcome, now);
      after = unknown.row;
      review = unknown.review;
    } else after = await settle(kind, row, outcome, "provider answered a status check", now);
  }
  if (!after) return;
  const next = await timeoutOrNext(kind, after, now, outcome, review);
  if (!next) return;
  if (options.schedule) {
    await kind.schedulePoll(after, next);
    return;
  }
  return { rescheduleAt: next };
}

/**
 * Re-checks one order now (ops, callbacks' hints): the poll, without waiting for its turn. With
 * `reference` (a callback named one attempt), that attempt is asked, whichever it is; without,
 * the current one — or, for a payment no longer waiting on it, any other attempt whose outcome
 * is unknown (the poll does both).
 */
export async function recheck<Row extends OrderRow>(kind: OrderKind<Row>, id: string, options: DriveOptions & { reference?: string } = {}): Promise<void> {
  const now = options.now ?? new Date();
  const row = await kind.load(id);
  if (!row) return;
  const current = kind.snapshot(row).requestRef;
  const named = options.reference && options.reference !== current ? await attemptByReference(id, options.reference) : null;
  if (named) {
    await askOtherAttempts(kind, row, now, named);
    return;
  }
  // The operator id an unsigned callback named for the current attempt is read by the poll itself.
  await poll(kind, id, { now, schedule: true });
}

/** The serving account with its connector reading the engine's clock. */
export function onClock<S extends ServingAccount>(serving: S, now: Date): S {
  return { ...serving, context: { ...serving.context, now: () => now } };
}

/**
 * How an operator call names an order sent under `reference` (a status check, a cancel): its
 * current reference, or `attempt` (an earlier one: its own provider, destination and time).
 * `hinted`: an operator id an unsigned callback named for it.
 */
export function orderRefOf<Row extends OrderRow>(kind: OrderKind<Row>, row: Row, reference: string, attempt?: OrderAttempt, hinted?: string | null): OrderRef {
  const o = kind.snapshot(row);
  return {
    direction: kind.direction,
    id: o.id,
    reference,
    operatorReference: attempt ? attempt.operatorReference : o.operatorReference,
    provider: (attempt ? attempt.provider : o.provider) ?? "",
    country: o.country ?? "",
    currency: o.currency,
    submittedAt: attempt ? attempt.sentAt : (o.acceptedAt ?? o.submittedAt),
    destination: attempt ? attempt.destination : o.destination,
    amountMinor: o.amountMinor,
    ...((attempt?.hintedOperatorReference ?? hinted) ? { hintedOperatorReference: attempt?.hintedOperatorReference ?? hinted } : {}),
  };
}

/**
 * For a refund: the collect it refunds, as it was sent (the kind's, completed from the payment's
 * attempts); null for other kinds. Wave's refund status re-sends the refund for the collect's
 * session; Airtel's reads the collection's enquiry: neither can ask without it.
 */
export async function refundedCollectOf<Row extends OrderRow>(kind: OrderKind<Row>, row: Row): Promise<RefundedCollect | null> {
  if (!kind.refundedCollect) return null;
  const collect = await kind.refundedCollect(row);
  return collect && completeRefundedCollect(collect);
}

/** orderRefOf, with a refund's collect (refundedCollectOf): what every operator call about an order is given. */
export async function orderRefFor<Row extends OrderRow>(kind: OrderKind<Row>, row: Row, reference: string, attempt?: OrderAttempt, hinted?: string | null): Promise<OrderRef> {
  const ref = orderRefOf(kind, row, reference, attempt, hinted);
  const collect = await refundedCollectOf(kind, row);
  return collect ? { ...ref, collect } : ref;
}

async function checkStatus<Row extends OrderRow>(
  kind: OrderKind<Row>,
  row: Row,
  serving: ServingAccount,
  reference: string,
  attempt?: OrderAttempt,
  hinted?: string | null,
): Promise<ConnectorOutcome> {
  return call(async () => serving.connector.status(serving.context, await orderRefFor(kind, row, reference, attempt, hinted)), kind.snapshot(row).id, "status");
}

/** A connector call whose failure to answer is "outcome unknown", never a failure (rule 2). */
async function call(run: () => Promise<ConnectorOutcome>, id: string, what: string): Promise<ConnectorOutcome> {
  try {
    return await run();
  } catch (err) {
    const level = err instanceof ConnectorNetworkError ? "warn" : "error";
    log[level](`connector ${what} gave no answer`, { id, error: (err as Error).message });
    return { status: "pending", message: (err as Error).message };
  }
}

/** Applies a final or accepted outcome; returns the row if it still waits for an answer. */
async function settle<Row extends OrderRow>(kind: OrderKind<Row>, row: Row, outcome: ConnectorOutcome, note: string, now: Date): Promise<Row | null> {
  if (outcome.status !== "processing" && outcome.status !== "success" && outcome.status !== "failed" && outcome.status !== "reversed") return row;
  const applied = await applyOrderStatus(kind, row, outcome, { note, now });
  // Null: changed meanwhile (a callback, a cancel, another run); read where it stands now.
  const current = applied ?? (await kind.load(row.id));
  return current && kind.isAwaitingAnswer(current) ? current : null;
}

/** Whether the window has passed for an order: the long one while the operator says the outcome is unclear to it. */
function pastWindow(since: Date, now: Date, outcome: ConnectorOutcome | null): boolean {
  const ambiguous = outcome?.status === "processing" && outcome.ambiguous === true;
  return now.getTime() - since.getTime() >= (ambiguous ? ambiguousWindowMs() : answerWindowMs());
}

const sinceOf = <Row extends OrderRow>(kind: OrderKind<Row>, row: Row, now: Date) => {
  const o = kind.snapshot(row);
  return o.acceptedAt ?? o.submittedAt ?? now;
};

/**
 * An order the operator does not know, for an operator that takes a reference once only
 * (`capabilities.singleUseReference`: Orange WebPay refuses an order_id it has seen, even when its
 * answer never reached us): sent again under the order's next attempt reference, never the same
 * one. The new reference replaces the old on the order, and its attempt is recorded, in one
 * transaction before the call; the old attempt keeps the operator's `not_found`. Null when another
 * run replaced it first (that run sends), or when the kind cannot replace a reference (nothing is
 * sent: the operator would refuse the same one).
 */
async function sendUnderNextReference<Row extends OrderRow>(kind: OrderKind<Row>, row: Row, serving: ServingAccount, from: string, now: Date): Promise<Row | null> {
  const id = kind.snapshot(row).id;
  if (!kind.replaceReference) {
    log.error("the operator takes a reference once only and this order kind cannot take a new one: not sent again", { id, direction: kind.direction, reference: from });
    return row;
  }
  const attempts = await attemptsOf(id);
  const number = attempts.length + 1;
  const reference = mintReference(serving.connector, id, number);
  const accountId = isBuiltIn(serving.account) ? null : serving.account.id;
  const stored = await (await getPrisma()).$transaction(async (tx) => {
    const sent = await kind.replaceReference!(tx, row, from, reference, accountId, now);
    if (sent) await recordAttempt(tx, kind.direction, kind.snapshot(sent), number, reference, accountId, now);
    return sent;
  });
  if (!stored) return null;
  log.info("the operator does not know a single-use reference: sent again under the next attempt's", { id, from, reference });
  return send(kind, stored, serving, reference, now);
}

/**
 * The operator says it does not know the reference (`not_found`):
 * - within the window, an order never accepted is sent again, under the same reference (it
 *   never reached the operator) — or under its next attempt reference where the operator takes a
 *   reference once only (sendUnderNextReference);
 * - past it our retries have stopped. A collect is left to the give-up policy. A payout or
 *   refund is released only when the operator says so twice in a row, at least
 *   OPERATOR_UNAWARE_CONFIRM_MS apart (so an hour at least after our last send): the first time
 *   it is noted on the review. `review` is the review as it was before this answer.
 */
async function whenUnknownToOperator<Row extends OrderRow>(
  kind: OrderKind<Row>,
  row: Row,
  serving: ServingAccount,
  reference: string,
  review: OrderReview | null,
  outcome: ConnectorOutcome,
  now: Date,
): Promise<{ row: Row | null; review: OrderReview | null }> {
  const retriesStopped = review !== null || pastWindow(sinceOf(kind, row, now), now, null);
  if (!retriesStopped) {
    if (!kind.isSubmittable(row)) return { row, review };
    if (serving.connector.capabilities.singleUseReference) return { row: await sendUnderNextReference(kind, row, serving, reference, now), review };
    return { row: await send(kind, row, serving, reference, now), review };
  }
  if (kind.direction === "collect" || review === null) return { row, review };
  const previous = review.lastAnswer as OperatorAnswer | null;
  const confirmed = review.reason === "operator_unaware" && previous?.status === "not_found" && now.getTime() - Date.parse(previous.at) >= OPERATOR_UNAWARE_CONFIRM_MS;
  if (!confirmed) {
    const o = kind.snapshot(row);
    const flagged = await flagForReview(await getPrisma(), { orderId: o.id, direction: kind.direction, merchantId: o.merchantId, environment: o.environment, reason: "operator_unaware", answer: answerOf(outcome, now), now });
    return { row, review: flagged };
  }
  const failed: ConnectorOutcome = { status: "failed", reason: "provider_error", message: "The provider confirmed it never received the order; nothing was paid." };
  await applyOrderStatus(kind, row, failed, { note: "the provider does not know the reference (asked again after our retries stopped)", now });
  return { row: null, review };
}

/**
 * When to ask next, or null when the order is no longer ours to ask about. Past the window a
 * collect is given up; a payout or refund is held for review (a pending one with a reference
 * moves to `processing`: it was sent), and an order in review is asked on the review's cadence.
 */
async function timeoutOrNext<Row extends OrderRow>(kind: OrderKind<Row>, row: Row, now: Date, outcome: ConnectorOutcome | null, review: OrderReview | null): Promise<Date | null> {
  if (review) {
    const next = nextReviewAskAt(review.since, now);
    await noteAnswer(review, null, now, next);
    return next;
  }
  const since = sinceOf(kind, row, now);
  if (!pastWindow(since, now, outcome)) return new Date(since.getTime() + nextPollOffsetMs(kind.direction, now.getTime() - since.getTime()));
  // A collect the operator cannot be asked about (its answer, which carried the operator's only
  // key for it, was lost): failing it would say the customer did not pay, which nobody knows. Held
  // for review instead, until its callback names it or ops resolve it from the operator's records.
  if (kind.direction === "collect" && outcome?.status === "pending" && outcome.unaskable) return holdForReview(kind, row, "outcome_unaskable", outcome, now);
  if (kind.direction === "collect" || isPlanted("timer-releases-payout")) {
    await kind.giveUp(row, now);
    // A collect failed on our window may still be paid: its poll job keeps asking, slowly, until
    // the operator's final answer (a late success is applied; docs/design/order-lifecycle.md).
    const failed = kind.direction === "collect" && !isPlanted("late-success-ignored") ? await kind.load(row.id) : null;
    return failed && kind.mayStillSucceed?.(failed) ? lateCollectAskAt(kind, failed, now) : null;
  }
  const ambiguous = outcome?.status === "processing" && outcome.ambiguous === true;
  return holdForReview(kind, row, ambiguous ? "ambiguous_window_passed" : "window_passed", outcome, now);
}

/** Escalates a payout or refund past its window: `processing` for the merchant, funds held, flagged — in one transaction. */
async function holdForReview<Row extends OrderRow>(kind: OrderKind<Row>, row: Row, reason: ReviewReason, outcome: ConnectorOutcome | null, now: Date): Promise<Date> {
  const o = kind.snapshot(row);
  const prisma = await getPrisma();
  const held = await prisma.$transaction(async (tx) => {
    if (kind.isSubmittable(row)) {
      const sent = await kind.transition(tx, row, "processing", {}, "sent, no answer from the provider within the window: held for its answer");
      if (!sent) return false; // changed meanwhile: looked at again on the next ask
    }
    await flagForReview(tx, { orderId: o.id, direction: kind.direction, merchantId: o.merchantId, environment: o.environment, reason, answer: outcome ? answerOf(outcome, now) : null, now });
    return true;
  });
  return held ? nextReviewAskAt(now, now) : new Date(now.getTime() + 10_000);
}

/**
 * The planted bug `resend-new-reference` (lib/config/planted-bugs.ts), for the simulation to
 * find: exactly what rule 1 above forbids — a submit with no answer sent again at once under a
 * reference of its own, the first one forgotten.
 */
async function resendUnderNewReference<Row extends OrderRow>(kind: OrderKind<Row>, row: Row, serving: ServingAccount): Promise<ConnectorOutcome> {
  const id = kind.snapshot(row).id;
  const reference = serving.connector.capabilities.uuidReference ? randomUUID() : `${id}-r`;
  const table = { collect: "payments", payout: "payouts", refund: "refunds" }[kind.direction];
  await (await getPrisma()).$executeRawUnsafe(`UPDATE ${table} SET provider_request_ref = $1 WHERE id = $2`, reference, id);
  return call(() => kind.send(serving.connector, serving.context, row, reference), id, "submit");
}
