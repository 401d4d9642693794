/**
 * What every contract simulator exposes beside its HTTP API, so that tests and the deterministic
 * money simulation can drive operators at their worst and then check the platform against what
 * the operator really did.
 *
 * - `clock`: the simulator's own notion of time. Every delay, expiry, hold and token lifetime is
 *   measured on it, never on the wall clock, so a test can hold a payout for three hours in
 *   milliseconds and a seed replays exactly.
 * - `truth()`: the operator's ledger, one row per reference it ever accepted, saying where the money
 *   really went. The platform never reads it; only checks do.
 * - `scenario`: per-reference behaviour overrides (hold, lose the answer, answer late, reverse…),
 *   set by a test before or while an order is in flight.
 */

/** A clock a simulator reads instead of `Date.now()`. */
export interface SimClock {
  now(): Date;
}

/** A clock a test moves by hand; starts at `start` (default: the wall clock at creation). */
export class ManualClock implements SimClock {
  private ms: number;
  constructor(start: Date = new Date()) {
    this.ms = start.getTime();
  }
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    if (ms < 0) throw new Error("a clock does not run backwards");
    this.ms += ms;
  }
  set(to: Date): void {
    this.ms = to.getTime();
  }
}

/** The wall clock, for `npm run simulators` and tests that do not steer time. */
export const wallClock: SimClock = { now: () => new Date() };

/** The wall clock plus an offset a test adds to (time runs, and can be jumped forward). */
export class OffsetClock implements SimClock {
  private offsetMs = 0;
  constructor(private readonly base: SimClock = wallClock) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
  advance(ms: number): void {
    if (ms < 0) throw new Error("a clock does not run backwards");
    this.offsetMs += ms;
  }
}

/** A clock a simulator may move itself (its admin `advance…`): the ManualClock and OffsetClock above. */
export function movableClock(clock: SimClock): (SimClock & { advance(ms: number): void }) | null {
  return typeof (clock as { advance?: unknown }).advance === "function" ? (clock as SimClock & { advance(ms: number): void }) : null;
}

/**
 * An operator's decimal amount ("1500", "12.5") in minor units of `currency`, by ISO 4217's
 * digits as the runtime knows them (XOF 0, EUR 2…), exactly; null when it has more decimals.
 */
export function minorUnitsOf(amount: string, currency: string): bigint | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) return null;
  let digits: number;
  try {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return null;
  }
  const fraction = (m[2] ?? "").replace(/0+$/, "");
  if (fraction.length > digits) return null;
  return BigInt(m[1]!) * 10n ** BigInt(digits) + BigInt((fraction + "0".repeat(digits)).slice(0, digits) || "0");
}

/** Where money stands at the operator for one reference, as the operator knows it. */
export type TruthState =
  /** Accepted, not final (held, enqueued, in reconciliation, waiting for the customer's PIN). */
  | "pending"
  /** Money moved: the customer paid us (collect), the recipient was paid (payout), the customer got money back (refund). */
  | "succeeded"
  /** No money moved, final. */
  | "failed"
  /** A paid payout whose money came back to our float (Wave `reversed`). */
  | "reversed";

export type TruthDirection = "collect" | "payout" | "refund";

export type OperatorTruth = {
  /** The reference the platform sent (our id, an attempt id, or the UUID it minted). */
  reference: string;
  direction: TruthDirection;
  /** Minor units of `currency`, as the operator moved them. */
  amountMinor: bigint;
  currency: string;
  state: TruthState;
  /** The operator's own id for it, when it has one. */
  operatorReference?: string;
  /** For refunds: the collect's reference it refunds. */
  refundOf?: string;
};

/** Per-reference behaviour a test can impose on a simulator (each simulator documents which it honours). */
export type ScenarioStep =
  /** Keep the order pending at the operator (ENQUEUED, PENDING, TA…) until `releaseAt` on the simulator's clock, then settle it as `then`. */
  | { kind: "hold"; until: Date; then: "succeeded" | "failed" }
  /** Commit the order, then drop the HTTP answer (socket destroyed, or a 5xx after commit). */
  | { kind: "lose_answer"; how: "reset" | "server_error" }
  /** Answer 5xx before committing anything. */
  | { kind: "fail_before_commit" }
  /** Send the callback twice, or send an older state after a newer one. */
  | { kind: "duplicate_callbacks" }
  | { kind: "out_of_order_callbacks" }
  /** After paying, return the money (payouts only, where the operator has reversals). */
  | { kind: "reverse_after"; ms: number }
  /** Accept and process the order, then hold it in reconciliation (pawaPay IN_RECONCILIATION) until `until`, then settle it as `then`. */
  | { kind: "reconcile"; until: Date; then: "succeeded" | "failed" };

/** The surface a simulator offers to tests and the simulation harness. */
export interface OperatorSimulatorControl {
  readonly clock: SimClock;
  truth(): OperatorTruth[];
  /** Behaviour for the next order whose reference (or destination phone) matches `match`. */
  scenario(match: { reference?: string; destination?: string }, steps: ScenarioStep[]): void;
}
