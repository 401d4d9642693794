import type { ConnectorOutcome, Direction, OperatorRecord } from "@/lib/connectors/connector";
import type { MismatchKind } from "./mismatch-kinds";

/**
 * The comparison itself, pure: where our order stands against where the operator says it stands
 * (docs/design/reconciliation.md, "How two sides are compared").
 */

/** Our side: the money moved, did not move (final), or the order is not final yet. */
export type OurState = "moved" | "not_moved" | "open";

/** The operator's side, as its status answer or its records say; `absent`: it does not know the reference. */
export type TheirState = "moved" | "not_moved" | "open" | "reversed" | "absent";

/** Our statuses by what they mean for the money, per direction (a refunded collect was paid). */
const MOVED: Record<Direction, readonly string[]> = { collect: ["success", "refunded"], payout: ["success"], refund: ["success"] };
const NOT_MOVED: Record<Direction, readonly string[]> = { collect: ["failed", "cancelled", "expired"], payout: ["failed", "cancelled"], refund: ["failed"] };

export function ourState(direction: Direction, status: string): OurState {
  if (MOVED[direction].includes(status)) return "moved";
  if (NOT_MOVED[direction].includes(status)) return "not_moved";
  return "open";
}

/**
 * A status answer as a side of the comparison; null when it is no answer (unknown outcome, or "ask
 * again"). An operator unsure of its own outcome (`ambiguous`: pawaPay reconciling, Airtel's
 * refund read from its collection still `TS`) neither confirms nor denies money we show moved:
 * no answer for such an order (asked again next run), not a difference. Where ours did not move,
 * it still is one: the operator may yet move the money.
 */
export function theirStateOfOutcome(outcome: ConnectorOutcome, ours?: OurState): TheirState | null {
  switch (outcome.status) {
    case "success":
      return "moved";
    case "failed":
      return "not_moved";
    case "processing":
      return outcome.ambiguous === true && ours === "moved" ? null : "open";
    case "reversed":
      return "reversed";
    case "not_found":
      return "absent";
    default:
      return null;
  }
}

export function theirStateOfRecord(record: OperatorRecord): TheirState {
  return record.state === "success" ? "moved" : record.state === "failed" ? "not_moved" : record.state === "processing" ? "open" : "reversed";
}

export type Side = { state: TheirState; amountMinor: bigint | null; currency: string | null };
export type Ours = { state: OurState; amountMinor: bigint; currency: string };

/**
 * `agree`, `in_flight` (our order is not final: the order engine is still asking, nothing to
 * judge yet), or the kind of difference. A paid payout the operator returned (`reversed`) agrees
 * with our failure (the merchant has the money back either way) and differs from our success.
 */
export function judge(ours: Ours, theirs: Side): MismatchKind | "agree" | "in_flight" {
  if (ours.state === "open") return "in_flight";
  if (ours.state === "moved") {
    if (theirs.state === "absent") return "missing_at_operator";
    if (theirs.state !== "moved") return "status_differs";
    const sameAmount = theirs.amountMinor === null || theirs.amountMinor === ours.amountMinor;
    const sameCurrency = theirs.currency === null || theirs.currency.toUpperCase() === ours.currency.toUpperCase();
    return sameAmount && sameCurrency ? "agree" : "amount_differs";
  }
  // Ours did not move: money the operator moved, or may still move, is a difference.
  return theirs.state === "moved" || theirs.state === "open" ? "status_differs" : "agree";
}
