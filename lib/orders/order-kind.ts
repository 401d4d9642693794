import type { AppEnvironment } from "@/lib/config";
import type { Connector, ConnectorContext, ConnectorOutcome, Direction, OrderRef } from "@/lib/connectors/connector";
import type { Db, Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";

/**
 * What a domain (payments, payouts, refunds) gives the order engine: ONE OrderKind, and nothing
 * else. The engine (lib/orders) drives every order the same way through it — submit, poll,
 * callbacks, re-checks, the give-up policy, review — and the kind only knows its own rows: how to
 * load and find them, what they look like to an operator, how to send one, and how one moves
 * (its transition: conditional UPDATE + timeline + ledger + event, in the caller's transaction).
 * The lifecycle rule the engine applies is docs/design/order-lifecycle.md.
 */
export type OrderRow = { id: string; status: string; updatedAt: Date };

/** The statuses an operator's answer can move an order to. */
export type Answered = "processing" | "success" | "failed";

/** What an operator's answer may change on an order; each domain keeps the fields it has. */
export type AnsweredChanges = {
  providerReference?: string;
  providerRawStatus?: Prisma.InputJsonObject;
  /** Where the customer approves it (a redirect operator: Wave, Orange), from an accepted answer. */
  providerRedirectUrl?: string;
  /** When the operator accepted it (processing). */
  processedAt?: Date;
  completedAt?: Date;
  /** When the operator said a paid order's money came back (a reversed payout). */
  reversedAt?: Date;
  errorCode?: string;
  errorMessage?: string;
};

/** An order as the engine and the operators see it, whatever its domain. */
export type OrderSnapshot = {
  id: string;
  merchantId: string;
  environment: AppEnvironment;
  status: string;
  provider: string | null;
  country: string | null;
  currency: string;
  /** The stored operator-facing reference and the account it went to (null before the first submit). */
  requestRef: string | null;
  accountId: string | null;
  /** When the current reference was sent; when the operator accepted it (payout processedAt). */
  submittedAt: Date | null;
  acceptedAt: Date | null;
  operatorReference: string | null;
  destination: string | null;
  /** Minor units of `currency`: what the operator is asked to move. */
  amountMinor: bigint;
  /** Where the merchant hears of it, for events the engine itself raises (a duplicate charge). */
  callbackUrl?: string | null;
};

/** A refund's collect, as it was sent to the operator (OrderRef.collect). */
export type RefundedCollect = NonNullable<OrderRef["collect"]>;

/** What an earlier attempt went out as (lib/orders/attempts.ts): what its late success gives back to the order. */
export type AttemptSent = { reference: string; accountId: string | null; provider: string | null; destination: string | null; sentAt: Date; operatorReference: string | null };

export interface OrderKind<Row extends OrderRow> {
  direction: Direction;
  /** Our ids of this kind start with it (`txn_`, `po_`, `rf_`). */
  idPrefix: string;
  load(id: string, db?: Db): Promise<Row | null>;
  snapshot(row: Row): OrderSnapshot;
  /** Whether the row is waiting to be sent (pending, with everything a submit needs). */
  isSubmittable(row: Row): boolean;
  /** Whether the row is out with an operator and waits for its answer. */
  isAwaitingAnswer(row: Row): boolean;
  /** Whether a final row may still change on the operator's word (a collect failed by our own timeout). */
  mayStillSucceed?(row: Row): boolean;
  /** Whether a paid row may still come back on the operator's word (a payout the operator may reverse). */
  mayBeReversed?(row: Row): boolean;
  /**
   * Stores reference, account and submittedAt, only if no reference is stored yet; null when
   * another run did. In `tx`: the engine records the attempt in the same transaction.
   */
  storeReference(tx: Tx, row: Row, reference: string, accountId: string | null, now: Date): Promise<Row | null>;
  /**
   * Replaces the stored reference `from` of an order never accepted (still submittable) by a new
   * one, with the account that serves it, only if `from` is still the one stored; null when
   * another run changed it. For operators that take a reference once only, even after a lost
   * answer (`capabilities.singleUseReference`: Orange WebPay's order_id): after their `not_found`
   * the order goes out again under its next attempt reference. In `tx`: the engine records the
   * attempt in the same transaction. Kinds no such connector serves leave it out.
   */
  replaceReference?(tx: Tx, row: Row, from: string, reference: string, accountId: string | null, now: Date): Promise<Row | null>;
  /**
   * Sends the order (the connector's collect / payout / refund). `collect`: for a refund, the
   * collect it refunds as the engine found it sent (refundedCollect, then its attempts).
   */
  send(connector: Connector, context: ConnectorContext, row: Row, reference: string, collect?: RefundedCollect | null): Promise<ConnectorOutcome>;
  /**
   * For refund kinds: the collect the order refunds, as the domain knows it — the payment, and
   * the reference and operator id it was paid under (a duplicate charge: the attempt that
   * charged). The engine completes it from that payment's attempts (lib/orders/attempts.ts
   * `completeRefundedCollect`) and gives it to every operator call about the order: the submit,
   * every status check (poll, re-check, review) and a cancel. Wave reads a refund's state through
   * the collect's checkout session, Airtel through an enquiry of the collection.
   */
  refundedCollect?(row: Row): Promise<RefundedCollect | null>;
  /** The domain's transition on an operator's answer, in `tx`; null when it does not apply (conditional). */
  transition(tx: Tx, row: Row, to: Answered, changes: AnsweredChanges, note: string): Promise<Row | null>;
  /**
   * An earlier attempt's success, for an order that sent another reference since (a checkout
   * payment retried with another method): the order takes that attempt back — its reference,
   * account, method — and becomes `success`, in `tx`. Null when the row cannot take it: paid
   * already (by another attempt) or ended; the engine then records a duplicate charge. Kinds
   * whose orders never send a second reference leave it out.
   */
  adoptAttempt?(tx: Tx, row: Row, attempt: AttemptSent, changes: AnsweredChanges, note: string): Promise<Row | null>;
  /**
   * A failure leaves money held that someone must place (a duplicate charge the operator would
   * not refund): the order is flagged for review with this reason instead of its review ending.
   */
  failureNeedsReview?: "duplicate_refund_failed";
  /**
   * An operator's audited resolution that the order failed (`orders:resolve --outcome failed`),
   * where that is not what an operator's failure does (a held duplicate charge: left to the
   * merchant). Absent: the kind's failed transition.
   */
  resolveFailed?(tx: Tx, row: Row, note: string, now: Date): Promise<Row | null>;
  /**
   * For kinds whose paid orders an operator may return (payouts): success → reversed, with its
   * ledger entry and event, in `tx`; null when it does not apply (conditional).
   */
  reverse?(tx: Tx, row: Row, changes: AnsweredChanges, note: string): Promise<Row | null>;
  /** No account can take it now: payment → failed; payout → queued; refund → failed. */
  whenUnavailable(row: Row, reason: string, now: Date): Promise<void>;
  /** No final answer within the window, where our timer may decide (collects only: no money left us). */
  giveUp(row: Row, now: Date): Promise<void>;
  /** Schedules the poll job at `runAt` (deduplicated per reference: a no-op if it exists). */
  schedulePoll(row: Row, runAt: Date): Promise<void>;
  /** Our order sent under `reference` to `accountId` (null: the built-in sandbox simulator). */
  findByReference(db: Db, reference: string, accountId: string | null, environment: AppEnvironment): Promise<Row | null>;
  /** Orders waiting for their provider to come back (queued payouts), oldest first. */
  queuedIds?(limit: number): Promise<string[]>;
}
