import { expect, it } from "vitest";
import { failures, formatSummary, runSeeds, startProcess } from "@/simulation/cli";
import { CI_SEEDS } from "./simulation-seeds";

/**
 * The deterministic simulation of money movement in CI (docs/design/simulation.md): a fixed set
 * of seeds, every operator and fault kind, each invariant checked at the end of each seed. The
 * known bugs put back are in simulation-planted-bugs.test.ts (a file of its own, so the two run
 * side by side). Long runs: `npm run simulate -- --seeds 10000`.
 */

// On PGlite with `npm test`, on PostgreSQL with `npm run test:pg` (each seed a database of its own).
it("fixed seeds: every invariant holds, reconciliation included", async () => {
  const proc = await startProcess();
  try {
    const summary = await runSeeds(proc, CI_SEEDS);
    console.log(formatSummary(summary).join("\n"));
    expect(failures(summary).map((v) => `seed ${v.seed} invariant ${v.invariant} ${v.subject}: ${v.message}`)).toEqual([]);
    expect(summary.orders.collect).toBeGreaterThan(10);
    expect(summary.orders.payout).toBeGreaterThan(3);
    // Invariant 6: the platform's reconciliation ran against every operator of each seed, and found nothing unexplained.
    expect(summary.reconciliation.runs).toBeGreaterThanOrEqual(3);
    expect(summary.reconciliation.agreed).toBeGreaterThan(20);
  } finally {
    await proc.close();
  }
}, 600_000);
