import { getPrisma } from "@/lib/db/client";
import { reconcileAccount } from "@/lib/reconciliation";
import type { Violation } from "./invariants";
import type { OperatorUnderTest } from "./operators/operator";
import type { TrackedOrder } from "./run-seed";

/**
 * Invariant 6, at the end of a seed once the others are checked (docs/design/simulation.md):
 * the platform's own reconciliation (lib/reconciliation, as `ops recon:run` runs it) over every
 * operator account and the whole seed reports no difference the operators' truth does not show.
 * A mismatch is explained when the invariants found something wrong with its order (a violation,
 * known gap or not) or with its reference (money under a reference no order carries); any other
 * mismatch is a violation: reconciliation would send a person after money that is where it
 * should be. The other way round, how many of the orders invariant 1 found disagreeing with
 * their operator reconciliation reported too is counted (`found`), not required: some
 * operators cannot be read one reference at a time (docs/design/reconciliation.md).
 */
export type ReconciliationTally = { runs: number; compared: number; agreed: number; inFlight: number; unanswered: number; mismatches: number; explained: number; found: number; disagreeing: number; floatsJudged: number; floatsAgreed: number };

export const emptyTally = (): ReconciliationTally => ({ runs: 0, compared: 0, agreed: 0, inFlight: 0, unanswered: 0, mismatches: 0, explained: 0, found: 0, disagreeing: 0, floatsJudged: 0, floatsAgreed: 0 });

export async function checkReconciliation(input: { operators: OperatorUnderTest[]; orders: TrackedOrder[]; violations: Violation[]; from: number; now: number }): Promise<{ tally: ReconciliationTally; violations: Violation[] }> {
  const prisma = await getPrisma();
  const tally = emptyTally();
  const violations: Violation[] = [];
  const flagged = new Set(input.violations.map((v) => v.subject));
  const found = new Set<string>();
  const DAY = 86_400_000;
  for (const operator of input.operators) {
    const result = await reconcileAccount(prisma, {
      accountId: operator.accountId,
      from: new Date(input.from - DAY),
      to: new Date(input.now + DAY),
      now: new Date(input.now),
      trigger: "simulation",
    });
    tally.runs++;
    tally.compared += result.compared;
    tally.agreed += result.agreed;
    tally.inFlight += result.inFlight;
    tally.unanswered += result.unanswered;
    tally.floatsJudged += result.floats.judged;
    tally.floatsAgreed += result.floats.agreed;
    for (const m of result.mismatches) {
      tally.mismatches++;
      if (m.orderId) found.add(m.orderId);
      // A float difference names no order: any money the invariants found misplaced in the seed
      // moves a float too, so it explains one; with none, the float must agree.
      const explained = (m.orderId !== null && flagged.has(m.orderId)) || flagged.has(`${operator.accountId}|${m.reference}`) || (m.kind === "float_differs" && flagged.size > 0);
      if (explained) {
        tally.explained++;
        continue;
      }
      const order = input.orders.find((o) => o.id === m.orderId);
      violations.push({
        invariant: 6,
        subject: m.orderId ?? `${operator.accountId}|${m.reference}`,
        message: `reconciliation of ${operator.accountId} reports ${m.kind} for ${order?.label ?? m.orderId ?? "no order of ours"} under ${m.reference} (ours: ${describe(m.ours)}; the operator: ${describe(m.theirs)}), which the operators' truth does not show`,
      });
    }
  }
  const disagreeing = new Set(input.violations.filter((v) => v.invariant === 1 && /the operator (moved|reversed|says|still holds)/.test(v.message)).map((v) => v.subject));
  tally.disagreeing = disagreeing.size;
  tally.found = [...disagreeing].filter((id) => found.has(id)).length;
  return { tally, violations };
}

function describe(side: unknown): string {
  if (!side || typeof side !== "object") return "nothing";
  const s = side as { status?: string; state?: string; amountMinor?: string | null; amount?: string | null; currency?: string | null };
  return [s.status ?? s.state, s.amountMinor ?? s.amount, s.currency].filter(Boolean).join(" ") || JSON.stringify(side).slice(0, 80);
}
