import { setting } from "@/lib/config";
import type { Direction } from "@/lib/connectors/connector";

/**
 * When the engine asks an operator again, and for how long the first answers are awaited
 * (docs/design/order-lifecycle.md, "Asking").
 */

/** The window: how long we keep asking on the first cadence before the give-up policy decides. */
export function answerWindowMs(): number {
  return setting("PROVIDER_TIMEOUT_SECONDS") * 1000;
}

const COLLECT_OFFSETS = [5_000, 15_000, 35_000];
const PAYOUT_OFFSETS = [10_000, 40_000, 100_000];

/**
 * When to ask next, as an offset from the submission: collect 5 s, 10 s, 20 s apart, then every
 * 30 s until 5 min, then every 5 min; payout and refund 10 s, 30 s, 1 min apart, then every 5 min.
 */
export function nextPollOffsetMs(direction: Direction, elapsedMs: number): number {
  const offsets = direction === "collect" ? COLLECT_OFFSETS : PAYOUT_OFFSETS;
  const fixed = offsets.find((o) => o > elapsedMs);
  if (fixed !== undefined) return fixed;
  const last = offsets[offsets.length - 1];
  const step = direction === "collect" && elapsedMs < 5 * 60_000 ? 30_000 : 5 * 60_000;
  return last + (Math.floor((elapsedMs - last) / step) + 1) * step;
}

/** The window while the operator's last answer says the outcome is unclear to it (reconciling). */
export function ambiguousWindowMs(): number {
  return setting("ORDER_AMBIGUOUS_WINDOW_SECONDS") * 1000;
}
