/**
 * Known money bugs, kept so that the deterministic simulation (simulation/, `npm run simulate --
 * --plant <bug>`; docs/design/simulation.md) can put each one back and show that its invariants
 * catch it: a harness that cannot find a known bug proves nothing.
 *
 * Off unless code running in the same process switches one on through `plantBugs` (the
 * simulation harness does): no environment variable or setting reaches them, so a deployed
 * platform cannot run with one. Each is one condition at the place where the correct code decides.
 */
export const PLANTED_BUGS = {
  "timer-releases-payout": "past the window, a payout or refund is failed and its funds released by our own timer, like a collect (lib/orders/drive-order.ts)",
  "release-on-ambiguous": "an operator's ambiguous answer (reconciling) is taken for a failure: a payout's or refund's funds released while the operator may still pay, a collect failed for good while the customer may still be charged (lib/orders/drive-order.ts)",
  "resend-new-reference": "a submit whose answer was lost is sent again at once under a new reference (lib/orders/drive-order.ts)",
  "late-success-ignored": "an operator's success after we gave up on a collect is not applied (lib/orders/drive-order.ts)",
  "callback-applied-twice": "a repeated success answer is applied again to a payment already successful (lib/payments/payment-lifecycle.ts)",
} as const;

export type PlantedBug = keyof typeof PLANTED_BUGS;

const KEY = Symbol.for("payments.plantedBugs");
type WithBugs = typeof globalThis & { [KEY]?: ReadonlySet<PlantedBug> };

export function isPlanted(bug: PlantedBug): boolean {
  return (globalThis as WithBugs)[KEY]?.has(bug) === true;
}

/** Switches the bugs on for this process; returns the switch back off. */
export function plantBugs(bugs: readonly PlantedBug[]): () => void {
  for (const bug of bugs) if (!(bug in PLANTED_BUGS)) throw new Error(`no planted bug ${bug} (${Object.keys(PLANTED_BUGS).join(", ")})`);
  const g = globalThis as WithBugs;
  g[KEY] = new Set(bugs);
  return () => void delete g[KEY];
}
