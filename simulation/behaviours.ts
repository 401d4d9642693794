import type { Direction } from "@/lib/connectors/connector";
import type { ScenarioStep } from "@/simulators/kit/truth";
import type { Prng } from "./prng";

/**
 * What operators (and our own platform) do at their worst, as the harness draws it. Every kind
 * here is injected by some seed; the summary counts each one injected (docs/design/simulation.md
 * says what each means and which operators honour it).
 *
 * Per order (drawn when it is created, imposed on its operator's simulator as scenario steps
 * matched by the order's unique destination):
 * - `answer_instant` / `answer_delayed` / `answer_late`: the operator's final answer at once,
 *   after seconds to hours, or after our window (a late success or failure);
 * - `outcome_failed`: the operator refuses or fails the order (else it succeeds);
 * - `lost_answer_after_commit`: the operator commits the order and the HTTP answer is lost
 *   (connection reset or a 5xx);
 * - `error_before_commit`: a 5xx before the operator records anything;
 * - `reconciliation_hold`: the operator itself is unsure for a while (pawaPay IN_RECONCILIATION,
 *   Airtel TA), then settles;
 * - `enqueued_hold`: a payout or refund held (pawaPay ENQUEUED, MTN PENDING) for hours to days;
 * - `operator_duplicate_callbacks`, `operator_out_of_order_callbacks`: the simulator itself sends
 *   its callback twice, or a stale state after the final one;
 * - `payout_reversed`: a paid payout whose money the operator later returns.
 *
 * Per callback (drawn as each is captured, applied by the harness between operator and platform):
 * `callback_delayed`, `callback_lost`, `callback_duplicated`, `callback_reordered`,
 * `callback_forged` (a success the operator never sent, next to the real one).
 *
 * Platform faults (drawn per seed and per job run): `runner_stopped` (the job runner down for
 * minutes to hours between two steps), `job_run_twice` (a run whose runner died before it was
 * marked done: its lease passes and it runs again), `webhook_receiver_down` (the merchant's
 * endpoint answers 503 for hours), `token_expired` (the operator forgets its access tokens
 * mid-flight), `operator_outage` (an operator answers 5xx to its next calls: the account's
 * circuit breaker opens, routes fall back or payouts queue).
 */
export const FAULT_KINDS = [
  "answer_instant",
  "answer_delayed",
  "answer_late",
  "outcome_failed",
  "lost_answer_after_commit",
  "error_before_commit",
  "reconciliation_hold",
  "enqueued_hold",
  "operator_duplicate_callbacks",
  "operator_out_of_order_callbacks",
  "payout_reversed",
  "callback_delayed",
  "callback_lost",
  "callback_duplicated",
  "callback_reordered",
  "callback_forged",
  "runner_stopped",
  "job_run_twice",
  "webhook_receiver_down",
  "token_expired",
  "operator_outage",
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export class FaultCounter {
  readonly counts = new Map<FaultKind, number>();
  add(kind: FaultKind, n = 1): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + n);
  }
  merge(other: FaultCounter): void {
    for (const [k, n] of other.counts) this.add(k, n);
  }
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export type OrderBehaviour = { steps: ScenarioStep[]; kinds: FaultKind[]; settlesAt: number };

/**
 * The operator's behaviour for one order, as scenario steps its simulator honours. `now` is the
 * simulated time the order is created; `settlesAt` when the operator will have decided (the
 * harness runs at least that long).
 */
export function drawOrderBehaviour(random: Prng, direction: Direction, honours: readonly ScenarioStep["kind"][], now: number, allows: (kind: FaultKind) => boolean): OrderBehaviour {
  const kinds: FaultKind[] = [];
  const steps: ScenarioStep[] = [];
  const can = (k: ScenarioStep["kind"]) => honours.includes(k);
  // Every draw is made whether or not its kind is allowed, so that removing one kind (the
  // shrinker) leaves the seed's other draws where they were.
  const failed = random.chance(direction === "collect" ? 0.25 : 0.15) && allows("outcome_failed");
  if (failed) kinds.push("outcome_failed");
  const then = failed ? "failed" : "succeeded";

  // Money leaving us is held past our window more often than a collect is late: the holds are
  // where a payout or refund released on our own timer would show (planted bug timer-releases-payout).
  let timing = random.weighted(direction === "collect" ? { instant: 55, delayed: 30, late: 10, enqueued: 0 } : { instant: 45, delayed: 25, late: 15, enqueued: 15 });
  const timingKind = { instant: "answer_instant", delayed: "answer_delayed", late: "answer_late", enqueued: "enqueued_hold" } as const;
  if (!allows(timingKind[timing])) timing = "instant";
  // Days are rare: most late answers come within hours.
  // "At once" is a second: an operator whose customer confirms on its page (Wave, Orange) lands
  // a held payment only once the hold's time is ahead of it.
  const delays = { instant: [SECOND], delayed: [2 * SECOND, 20 * SECOND, 90 * SECOND, 5 * MINUTE, 20 * MINUTE], late: [40 * MINUTE, 40 * MINUTE, 3 * HOUR, 3 * HOUR, 26 * HOUR], enqueued: [2 * HOUR, 2 * HOUR, 6 * HOUR, 30 * HOUR, 3 * 24 * HOUR] };
  const delay = random.pick(delays[timing]);
  kinds.push(timingKind[timing]);
  let settlesAt = now + delay;

  // An operator unsure of its own outcome (pawaPay IN_RECONCILIATION): often enough that an
  // ambiguous answer taken for a failure shows (planted bug release-on-ambiguous).
  const reconcile = random.chance(0.15);
  const reconcileFor = random.pick([10 * MINUTE, 5 * HOUR, 30 * HOUR]);
  const reconcileFails = random.chance(0.2) && allows("outcome_failed");
  if (can("reconcile") && !failed && timing !== "enqueued" && reconcile && allows("reconciliation_hold")) {
    const until = now + delay + reconcileFor;
    steps.push({ kind: "reconcile", until: new Date(until), then: reconcileFails ? "failed" : "succeeded" });
    kinds.push("reconciliation_hold");
    settlesAt = until;
  } else steps.push({ kind: "hold", until: new Date(now + delay), then });

  const submitFault = random.weighted({ none: 80, lost: 12, before: 8 });
  const how = random.chance(0.5) ? "reset" : "server_error";
  if (submitFault === "lost" && can("lose_answer") && allows("lost_answer_after_commit")) {
    steps.push({ kind: "lose_answer", how });
    kinds.push("lost_answer_after_commit");
  } else if (submitFault === "before" && can("fail_before_commit") && allows("error_before_commit")) {
    steps.push({ kind: "fail_before_commit" });
    kinds.push("error_before_commit");
  }
  if (random.chance(0.08) && can("duplicate_callbacks") && allows("operator_duplicate_callbacks")) {
    steps.push({ kind: "duplicate_callbacks" });
    kinds.push("operator_duplicate_callbacks");
  }
  if (random.chance(0.08) && can("out_of_order_callbacks") && allows("operator_out_of_order_callbacks")) {
    steps.push({ kind: "out_of_order_callbacks" });
    kinds.push("operator_out_of_order_callbacks");
  }
  const reverse = random.chance(0.05);
  const after = random.pick([10 * MINUTE, 6 * HOUR]);
  if (reverse && direction === "payout" && !failed && can("reverse_after") && allows("payout_reversed")) {
    steps.push({ kind: "reverse_after", ms: after });
    kinds.push("payout_reversed");
    settlesAt += after;
  }
  return { steps, kinds, settlesAt };
}

/** What the harness does with one callback on its way from an operator to the platform. */
export type CallbackFate =
  | { kind: "deliver"; afterMs: number }
  | { kind: "lost" }
  | { kind: "duplicated"; afterMs: number; againAfterMs: number }
  | { kind: "reordered" }
  | { kind: "forged"; afterMs: number };

export function drawCallbackFate(random: Prng, allows: (kind: FaultKind) => boolean): CallbackFate {
  const fate = random.weighted({ deliver: 70, delayed: 8, lost: 8, duplicated: 6, reordered: 4, forged: 4 });
  const later = random.pick([3 * SECOND, 40 * SECOND, 4 * MINUTE, 2 * HOUR]);
  const again = random.pick([0, 5 * SECOND, 10 * MINUTE]);
  if (fate === "delayed" && allows("callback_delayed")) return { kind: "deliver", afterMs: later };
  if (fate === "lost" && allows("callback_lost")) return { kind: "lost" };
  if (fate === "duplicated" && allows("callback_duplicated")) return { kind: "duplicated", afterMs: 0, againAfterMs: again };
  if (fate === "reordered" && allows("callback_reordered")) return { kind: "reordered" };
  if (fate === "forged" && allows("callback_forged")) return { kind: "forged", afterMs: 0 };
  return { kind: "deliver", afterMs: 0 };
}
