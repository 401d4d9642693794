import { expect, it } from "vitest";
import { failures, runSeeds, startProcess } from "@/simulation/cli";
import { CI_SEEDS } from "./simulation-seeds";

/**
 * A simulator that cannot find a known bug proves nothing: three known money bugs put back, each
 * of which the harness must find on the seed known to expose it (docs/design/simulation.md,
 * "Planted bugs"). The fixed seeds without them are simulation.test.ts.
 */
it("three planted bugs are found", async () => {
  const proc = await startProcess();
  try {
    // A submit whose answer was lost, sent again under a new reference: seed 2 loses such an answer.
    const planted = await runSeeds(proc, { ...CI_SEEDS, seeds: [2], plant: ["resend-new-reference"] });
    expect(failures(planted).length).toBeGreaterThan(0);
    // A payout held past our window, released by our timer: seed 6 holds an M-Pesa payout (invariant 1).
    const timer = await runSeeds(proc, { ...CI_SEEDS, seeds: [6], plant: ["timer-releases-payout"] });
    expect(failures(timer).map((v) => v.message).join("\n")).toMatch(/released: provider timeout\) though the operator never failed it/);
    // An operator's "reconciling" taken for a failure: pawaPay alone (Senegal), seed 14 holds a
    // payout IN_RECONCILIATION and then pays it — its funds were released while pawaPay could still
    // pay (invariant 1) — and a collect, failed for good while the customer was still being charged.
    const ambiguous = await runSeeds(proc, { ...CI_SEEDS, seeds: [14], operators: ["pawapay"], plant: ["release-on-ambiguous"] });
    const found = failures(ambiguous).map((v) => `${v.invariant} ${v.message}`).join("\n");
    expect(found).toMatch(/^1 payout .*failed here \(released: .*\) though the operator never failed it/m);
    expect(found).toMatch(/^1 collect .*failed here, but the operator moved the money/m);
  } finally {
    await proc.close();
  }
}, 600_000);
