import { reconcileLedger, type ReconcileReport } from "@/lib/ledger/reconcile-ledger";
import { observeReconcile } from "./observe";

/**
 * The hourly ledger reconcile (a periodic task, lib/platform/periodic-tasks.ts): the whole ledger
 * recomputed from its postings in one snapshot; the result goes to the ledger_reconcile_*
 * gauges of the process that ran it and to the log (an error line when it finds differences).
 * `ops ledger:reconcile` remains the way to see the differences themselves.
 */
export async function runLedgerReconcile(): Promise<ReconcileReport> {
  const report = await reconcileLedger();
  observeReconcile({ ok: report.ok, problems: reconcileProblems(report) });
  return report;
}

export function reconcileProblems(r: ReconcileReport): Record<string, number> {
  return {
    unbalanced_entries: r.unbalancedEntries.length,
    malformed_entries: r.malformedEntries.length,
    account_differences: r.accountDifferences.length,
    settlement_differences: r.settlementDifferences.length,
    hold_differences: r.holdDifferences.length,
  };
}
