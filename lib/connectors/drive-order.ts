import { randomUUID } from "node:crypto";
import { log } from "@/lib/log";
import type { JobResult } from "@/lib/jobs/job-handlers";
import type { AppEnvironment } from "@/lib/config";
import { type Connector, type ConnectorContext, type ConnectorOutcome, ConnectorNetworkError, type Direction, type OrderRef } from "./connector";
import { isBuiltIn } from "./connector-accounts";
import { getRoute, servingAccount, type ServingAccount } from "./get-route";

/**
 * The submit / poll engine, written once for every direction (payment, payout, refund). OPERATORS §1.1 rules:
 * 1. The operator-facing reference is stored before the call (a UUID v4 for connectors that
 *    demand one, our id otherwise), with the account that serves it. A submit whose answer is
 *    unclear is followed by status checks under that reference, never by a second submit under
 *    a new one; only an operator saying it does not know the reference (`not_found`) makes us
 *    send it again, under the same reference.
 * 2. No answer, a timeout or a 5xx on submit is `pending`, never a failure.
 * 3. `duplicate` (the operator already has the reference) → ask for its status.
 * 4. Poll as well as listen (callbacks get lost): OPERATORS' cadence (collect 5 s, 10 s, 20 s,
 *    then every 30 s to 5 min, then every 5 min; payout 10 s, 30 s, 1 min, then every 5 min),
 *    except that an answer already due (the sandbox simulator with no delay) is asked for at once.
 * 5. Past PROVIDER_TIMEOUT_SECONDS with no final answer: failed (`timeout` / `provider_error`);
 *    a late success still wins where the domain allows it (collect).
 * What an outcome does to the order is the domain's one apply-…-status function.
 */
export type OrderSnapshot = {
  id: string;
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
  /** Minor units (Orange's status query repeats it; refunds: the sandbox simulator picks their outcome by it). */
  amountMinor?: bigint;
};

export interface OrderKind<Row> {
  direction: Direction;
  load(id: string): Promise<Row | null>;
  snapshot(row: Row): OrderSnapshot;
  /** Whether the row is waiting to be sent (pending, with everything a submit needs). */
  isSubmittable(row: Row): boolean;
  /** Whether the row is out with an operator and waits for its answer. */
  isAwaitingAnswer(row: Row): boolean;
  /** Whether a final row may still change on the operator's word (a collect failed by our own timeout). */
  mayStillSucceed?(row: Row): boolean;
  /** Stores reference, account and submittedAt, only if no reference is stored yet; null when another run did. */
  storeReference(row: Row, reference: string, accountId: string | null, now: Date): Promise<Row | null>;
  /** Sends the order (the connector's collect / payout / refund). */
  send(connector: Connector, context: ConnectorContext, row: Row, reference: string): Promise<ConnectorOutcome>;
  /** The domain's apply-…-status: transition + ledger + event, conditional. */
  apply(row: Row, outcome: ConnectorOutcome, note: string, now: Date): Promise<Row | null>;
  /** No account can take it now: payment → failed; payout → queued. */
  whenUnavailable(row: Row, reason: string): Promise<void>;
  /** No final answer within the provider timeout. */
  giveUp(row: Row, now: Date): Promise<void>;
  /** Schedules the poll job at `runAt` (deduplicated per reference: a no-op if it exists). */
  schedulePoll(row: Row, runAt: Date): Promise<void>;
  /** The provider timeout for this domain, in ms. */
  timeoutMs(): number;
}

/** Our reference towards the operator: a fresh UUID v4 where demanded, else our id (+ attempt). */
export function mintReference(connector: Connector, id: string, attempt = 1): string {
  if (connector.capabilities.uuidReference) return randomUUID();
  return attempt > 1 ? `${id}-${attempt}` : id;
}

export async function submitOrder<Row>(kind: OrderKind<Row>, id: string, options: { attempt?: number; now?: Date } = {}): Promise<void> {
  const now = options.now ?? new Date();
  const row = await kind.load(id);
  if (!row || !kind.isSubmittable(row)) return;
  const order = kind.snapshot(row);

  // A reference already stored: an earlier run sent it, and its outcome is unknown. Ask first.
  if (order.requestRef) {
    await pollOrder(kind, id, { now, schedule: true });
    return;
  }
  const route = await getRoute(order.environment, order.country ?? "", order.provider ?? "", kind.direction);
  if (!route.available) {
    log.warn("provider unavailable at submit", { id, provider: order.provider, country: order.country, reason: route.reason });
    await kind.whenUnavailable(row, route.reason);
    return;
  }
  const reference = mintReference(route.connector, id, options.attempt);
  const stored = await kind.storeReference(row, reference, isBuiltIn(route.account) ? null : route.account.id, now);
  if (!stored) return; // another run stored one first, and sends it
  const after = await send(kind, stored, route, reference, now);
  if (!after) return;
  // The first status check in this same job rather than a poll job of its own: a fast operator
  // (or the simulator with no delay) has answered already, the merchant hears it a job cycle
  // sooner, and every order costs one job fewer (issue 17). Still open: pollOrder schedules the
  // poll job at OPERATORS' cadence. Should the check itself fail, the poll job is scheduled
  // anyway, so an order sent is never left without one.
  try {
    await pollOrder(kind, id, { now: new Date(), schedule: true });
  } catch (err) {
    log.warn("first status check failed; the poll job will ask", { id, error: err instanceof Error ? err.message : String(err) });
    await kind.schedulePoll(after, now);
  }
}

async function send<Row>(kind: OrderKind<Row>, row: Row, serving: ServingAccount, reference: string, now: Date): Promise<Row | null> {
  let outcome = await call(() => kind.send(serving.connector, serving.context, row, reference), kind.snapshot(row).id, "submit");
  if (outcome.status === "duplicate") outcome = await checkStatus(kind, row, serving, reference);
  return settle(kind, row, outcome, "provider answered the submit", now);
}

/**
 * A status check, or a resubmit under the same reference when the operator never got it. From
 * the poll job it returns when to run again; from elsewhere (`schedule`: a re-run submit, an ops
 * re-check, a callback's hint) it makes sure a poll job exists instead.
 */
export async function pollOrder<Row>(kind: OrderKind<Row>, id: string, options: { now?: Date; schedule?: boolean } = {}): Promise<JobResult> {
  const now = options.now ?? new Date();
  const row = await kind.load(id);
  if (!row) return;
  const order = kind.snapshot(row);
  // A re-check (callback hint, ops) of an order we gave up on: a late success still wins.
  const late = options.schedule === true && !kind.isAwaitingAnswer(row) && !kind.isSubmittable(row) && (kind.mayStillSucceed?.(row) ?? false);
  if (!order.requestRef || !(kind.isAwaitingAnswer(row) || kind.isSubmittable(row) || late)) return;
  const serving = await servingAccount(order.accountId, order.environment);
  if (late) {
    const outcome = serving ? await checkStatus(kind, row, serving, order.requestRef) : null;
    if (outcome?.status === "success") await kind.apply(row, outcome, "provider confirmed after our timeout", now);
    return;
  }
  let after: Row | null = row;
  if (!serving) {
    log.error("the account that served an order is gone", { id, accountId: order.accountId });
  } else {
    const outcome = await checkStatus(kind, row, serving, order.requestRef);
    // It never reached the operator: send it again, under the same reference.
    if (outcome.status === "not_found" && kind.isSubmittable(row)) after = await send(kind, row, serving, order.requestRef, now);
    else after = await settle(kind, row, outcome, "provider answered a status check", now);
  }
  if (!after) return;
  const next = await timeoutOrNext(kind, after, now);
  if (!next) return;
  if (options.schedule) {
    await kind.schedulePoll(after, next);
    return;
  }
  return { rescheduleAt: next };
}

/** Re-checks one order now (ops, callbacks' hints): the poll, without waiting for its turn. */
export const recheckOrder = <Row>(kind: OrderKind<Row>, id: string) => pollOrder(kind, id, { schedule: true });

async function checkStatus<Row>(kind: OrderKind<Row>, row: Row, serving: ServingAccount, reference: string): Promise<ConnectorOutcome> {
  const o = kind.snapshot(row);
  const ref: OrderRef = {
    direction: kind.direction,
    id: o.id,
    reference,
    operatorReference: o.operatorReference,
    provider: o.provider ?? "",
    country: o.country ?? "",
    currency: o.currency,
    submittedAt: o.acceptedAt ?? o.submittedAt,
    destination: o.destination,
    amountMinor: o.amountMinor ?? null,
  };
  return call(() => serving.connector.status(serving.context, ref), o.id, "status");
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
async function settle<Row>(kind: OrderKind<Row>, row: Row, outcome: ConnectorOutcome, note: string, now: Date): Promise<Row | null> {
  if (outcome.status !== "processing" && outcome.status !== "success" && outcome.status !== "failed") return row;
  const applied = await kind.apply(row, outcome, note, now);
  // Null: changed meanwhile (a callback, a cancel, another run); read where it stands now.
  const current = applied ?? (await kind.load(kind.snapshot(row).id));
  return current && kind.isAwaitingAnswer(current) ? current : null;
}

/** Past the provider timeout: given up (null). Otherwise when to ask next. */
async function timeoutOrNext<Row>(kind: OrderKind<Row>, row: Row, now: Date): Promise<Date | null> {
  const o = kind.snapshot(row);
  const since = o.acceptedAt ?? o.submittedAt ?? now;
  const elapsed = now.getTime() - since.getTime();
  if (elapsed >= kind.timeoutMs()) {
    await kind.giveUp(row, now);
    return null;
  }
  return new Date(since.getTime() + nextPollOffsetMs(kind.direction, elapsed));
}

const COLLECT_OFFSETS = [5_000, 15_000, 35_000];
const PAYOUT_OFFSETS = [10_000, 40_000, 100_000];

/**
 * When to ask next, as an offset from the submission (OPERATORS §1.1 rule 4): collect 5 s, 10 s,
 * 20 s apart, then every 30 s until 5 min, then every 5 min; payout 10 s, 30 s, 1 min apart,
 * then every 5 min.
 */
export function nextPollOffsetMs(direction: Direction, elapsedMs: number): number {
  const offsets = direction === "collect" ? COLLECT_OFFSETS : PAYOUT_OFFSETS;
  const fixed = offsets.find((o) => o > elapsedMs);
  if (fixed !== undefined) return fixed;
  const last = offsets[offsets.length - 1];
  const step = direction === "collect" && elapsedMs < 5 * 60_000 ? 30_000 : 5 * 60_000;
  return last + (Math.floor((elapsedMs - last) / step) + 1) * step;
}
