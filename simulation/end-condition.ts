import { nextReviewAskAt } from "@/lib/orders/review";
import type { OperatorUnderTest } from "./operators/operator";

/** Time for the ask itself once due: the claim of its job, the call, the webhook job it writes. */
const ASK_MARGIN_MS = 60_000;

/**
 * The operators' side of a seed's end (docs/design/simulation.md, "The loop"). Our orders being
 * final or in review is not enough: an operator may still be settling — a pawaPay collect we
 * failed on our window while pawaPay said IN_RECONCILIATION, completed after — and the platform
 * only learns it on its next slow-cadence ask (a collect failed on our window, an order in
 * review: nextReviewAskAt). Stopping before that ask would report a late success the platform
 * was about to apply as lost money. So the loop also waits until every reference is final at its
 * operator, and until the platform has had one full slow-cadence period since the operators'
 * last change to ask once more.
 *
 * The period is the review cadence's step for the oldest possible order (one sent at the start
 * of the world): its age is the largest, so its step is the longest any order's ask can have
 * been given (hourly for 7 days, then every 6 hours, then daily). An ask scheduled before the
 * change therefore runs by then. Deterministic: the truth is read at the same simulated instants
 * on every replay.
 */
export class OperatorsSettling {
  private print = "";
  private changedAt: number;
  private pending: string[] = [];

  constructor(
    private readonly operators: readonly OperatorUnderTest[],
    private readonly worldStart: number,
  ) {
    this.changedAt = worldStart;
  }

  /**
   * Reads every operator's truth; notes when it last changed (a reference added, a state moved).
   * Called right after the operators settled at this instant: some simulators settle what is due
   * when their truth is read (Wave, Airtel, Orange), and by then nothing more is due.
   */
  observe(now: number): void {
    const rows = this.operators.flatMap((o) => o.truth().map((t) => ({ key: `${o.accountId}|${t.direction}|${t.reference}`, state: t.state })));
    const print = rows
      .map((r) => `${r.key}=${r.state}`)
      .sort()
      .join("\n");
    if (print !== this.print) {
      this.print = print;
      this.changedAt = now;
    }
    this.pending = rows.filter((r) => r.state === "pending").map((r) => r.key);
  }

  /** When the operators last changed what they hold (simulated ms). */
  lastChangeAt(): number {
    return this.changedAt;
  }

  /** By when the platform will have asked again on its slow cadence about anything the last change touched. */
  askedAgainBy(): number {
    return nextReviewAskAt(new Date(this.worldStart), new Date(this.changedAt)).getTime() + ASK_MARGIN_MS;
  }

  /** Every reference final at its operator, and the platform's next slow ask since the last change come. */
  settledAndAsked(now: number): boolean {
    return this.pending.length === 0 && now >= this.askedAgainBy();
  }

  /** The instant the loop must wake at even when nothing else is due (Infinity when it has passed). */
  wakeAt(now: number): number {
    const at = this.askedAgainBy();
    return at > now ? at : Number.POSITIVE_INFINITY;
  }

  /** References still pending at their operator. */
  open(): string[] {
    return this.pending;
  }
}
