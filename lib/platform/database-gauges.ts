import { appEnv } from "@/lib/config";
import { isBreakerOpen } from "@/lib/connectors/circuit-breaker";
import { listBreakerStates } from "@/lib/connectors/connector-records";
import { getPrisma } from "@/lib/db/client";
import { readJobBacklog } from "@/lib/jobs/job-backlog";
import { type Metrics, metrics } from "@/lib/observability/metrics";
import { countOpenReviews } from "@/lib/orders/open-reviews";
import { countPaymentsByStatus } from "@/lib/payments/payment-records";
import { countPayoutsByStatus } from "@/lib/payouts/payout-records";
import { countOpenMismatches, lastFinishedRuns } from "@/lib/reconciliation/list-mismatches";

/**
 * Sets the gauges that describe the business from the database, at scrape
 * (lib/observability/metrics.ts says why; lib/observability/metrics-endpoint.ts serves them, handed
 * this function by the route, app/api/metrics/route.ts). Each table is read through its owner's
 * function, which is why this lives here, above every owner, and not in lib/observability. A few
 * GROUP BYs over indexed columns; a scrape every 15–60 s costs little next to the traffic. Each
 * gauge is reset first, so a status or job type that is gone stops being reported.
 */
export async function refreshDatabaseGauges(m: Metrics = metrics()): Promise<void> {
  const prisma = await getPrisma();
  const [payments, payouts, backlog, accounts, reviews, mismatches, runs] = await Promise.all([
    countPaymentsByStatus(prisma),
    countPayoutsByStatus(prisma),
    readJobBacklog(prisma),
    listBreakerStates(appEnv(), prisma),
    countOpenReviews(prisma),
    countOpenMismatches(prisma),
    lastFinishedRuns(prisma),
  ]);
  m.payments.reset();
  for (const p of payments) m.payments.set({ environment: p.environment, status: p.status, provider: p.provider ?? "none" }, p._count._all);
  m.payouts.reset();
  for (const p of payouts) m.payouts.set({ environment: p.environment, status: p.status, provider: p.provider }, p._count._all);
  m.jobsBacklog.reset();
  m.jobsOldestDue.reset();
  for (const row of backlog) {
    for (const state of ["due", "scheduled", "running", "failed"] as const) m.jobsBacklog.set({ type: row.type, state }, row[state]);
    m.jobsOldestDue.set({ type: row.type }, row.oldestDueAgeSeconds);
  }
  m.ordersInReview.reset();
  m.ordersInReviewOldestAge.reset();
  const oldest = new Map<string, { environment: string; direction: string; since: Date }>();
  for (const r of reviews) {
    m.ordersInReview.set({ environment: r.environment, direction: r.direction, reason: r.reason }, r._count._all);
    const key = `${r.environment}:${r.direction}`;
    const since = r._min.since!;
    if (!oldest.has(key) || since < oldest.get(key)!.since) oldest.set(key, { environment: r.environment, direction: r.direction, since });
  }
  for (const o of oldest.values()) m.ordersInReviewOldestAge.set({ environment: o.environment, direction: o.direction }, Math.max(0, Math.round((Date.now() - o.since.getTime()) / 1000)));
  m.reconciliationMismatches.reset();
  for (const r of mismatches) m.reconciliationMismatches.set({ environment: r.environment, account: r.accountId, kind: r.kind }, r._count._all);
  m.reconciliationLastRun.reset();
  for (const r of runs) if (r._max.finishedAt) m.reconciliationLastRun.set({ environment: r.environment, account: r.accountId }, Math.floor(r._max.finishedAt.getTime() / 1000));
  m.breakerOpen.reset();
  m.breakerFailures.reset();
  const now = new Date();
  for (const a of accounts) {
    m.breakerOpen.set({ account: a.id, type: a.type }, isBreakerOpen(a, now) ? 1 : 0);
    m.breakerFailures.set({ account: a.id, type: a.type }, a.consecutiveFailures);
  }
}
