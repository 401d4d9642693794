import type { Prng } from "./prng";

/**
 * A seed's workload: what merchants and their customers do, and when (offsets from the start, in
 * simulated milliseconds). Actions that name an earlier order (a refund, a cancel) name it by its
 * position among that merchant's orders of the kind; the harness finds it when the time comes and
 * skips the action when there is nothing to act on (a refund of a payment that failed).
 */
export type WorkloadAction =
  | { kind: "collect_direct"; at: number; merchant: number; amount: number }
  | { kind: "collect_checkout"; at: number; merchant: number; amount: number; payAfterMs: number; retryAfterMs: number }
  | { kind: "payout"; at: number; merchant: number; amount: number }
  | { kind: "bulk_payout"; at: number; merchant: number; amounts: number[] }
  | { kind: "refund"; at: number; merchant: number; pick: number; share: "full" | "partial" }
  | { kind: "cancel_payment"; at: number; merchant: number; pick: number }
  | { kind: "cancel_payout"; at: number; merchant: number; pick: number };

export type WorkloadOptions = { merchants: number; actionsPerMerchant: number; kinds: Set<WorkloadAction["kind"]> };

const MINUTE = 60_000;

export const ALL_ACTIONS: WorkloadAction["kind"][] = ["collect_direct", "collect_checkout", "payout", "bulk_payout", "refund", "cancel_payment", "cancel_payout"];

export function generateWorkload(random: Prng, options: WorkloadOptions): WorkloadAction[] {
  const actions: WorkloadAction[] = [];
  const allowed = (k: WorkloadAction["kind"]) => options.kinds.has(k);
  for (let m = 0; m < options.merchants; m++) {
    // Money first: three collects in the first minutes, so payouts find funds once they settle.
    for (let i = 0; i < 3 && allowed("collect_direct"); i++) actions.push({ kind: "collect_direct", at: random.int(0, 3 * MINUTE), merchant: m, amount: amount(random, 20_000, 200_000) });
    for (let i = 0; i < options.actionsPerMerchant; i++) {
      const at = random.int(1 * MINUTE, 120 * MINUTE);
      const weights: Partial<Record<WorkloadAction["kind"], number>> = {};
      const w = { collect_direct: 30, collect_checkout: 14, payout: 24, bulk_payout: 6, refund: 14, cancel_payment: 6, cancel_payout: 6 };
      for (const [k, v] of Object.entries(w)) if (allowed(k as WorkloadAction["kind"])) weights[k as WorkloadAction["kind"]] = v;
      if (Object.keys(weights).length === 0) break;
      const kind = random.weighted(weights);
      switch (kind) {
        case "collect_direct":
          actions.push({ kind, at, merchant: m, amount: amount(random, 1_000, 100_000) });
          break;
        case "collect_checkout":
          actions.push({ kind, at, merchant: m, amount: amount(random, 1_000, 100_000), payAfterMs: random.int(5_000, 3 * MINUTE), retryAfterMs: random.pick([2 * MINUTE, 20 * MINUTE, 50 * MINUTE]) });
          break;
        case "payout":
          actions.push({ kind, at: at + 30 * MINUTE, merchant: m, amount: amount(random, 500, 30_000) });
          break;
        case "bulk_payout":
          actions.push({ kind, at: at + 30 * MINUTE, merchant: m, amounts: Array.from({ length: random.int(2, 4) }, () => amount(random, 500, 15_000)) });
          break;
        case "refund":
          actions.push({ kind, at: at + 12 * MINUTE, merchant: m, pick: random.int(0, 99), share: random.chance(0.5) ? "full" : "partial" });
          break;
        case "cancel_payment":
        case "cancel_payout":
          actions.push({ kind, at, merchant: m, pick: random.int(0, 99) });
          break;
      }
    }
  }
  return actions.sort((a, b) => a.at - b.at || a.merchant - b.merchant);
}

/** A whole amount in XOF, a multiple of 5 (what people send). */
function amount(random: Prng, min: number, max: number): number {
  return Math.round(random.int(min, max) / 5) * 5;
}
