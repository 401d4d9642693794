import type { Violation } from "./invariants";
import type { TrackedOrder } from "./run-seed";

/**
 * Money bugs the harness finds on the platform as it stands, already known and being fixed
 * elsewhere. A violation an open gap explains is reported apart ("known gaps", with the gap's
 * id) and does not fail the run; every other violation does. Remove a gap here when its fix
 * lands: its seeds must then pass (docs/design/simulation.md, "Known gaps").
 */
export type KnownGap = {
  id: string;
  /** What goes wrong, in money terms. */
  what: string;
  /** Whether this order's violation is this gap. */
  explains(order: TrackedOrder, violation: Violation): boolean;
};

/** None open (docs/design/simulation.md, "Known gaps", lists those fixed). */
export const KNOWN_GAPS: KnownGap[] = [];

export function knownGapOf(order: TrackedOrder | undefined, violation: Violation): KnownGap | undefined {
  return order ? KNOWN_GAPS.find((g) => g.explains(order, violation)) : undefined;
}
