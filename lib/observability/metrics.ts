import { Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics (prom-client), served at GET /api/metrics (app/api/metrics).
 * Two kinds, chosen per question (docs/decisions/observability.md):
 * - events this process saw (requests, operator calls, job runs, webhook deliveries, the last
 *   ledger reconcile it ran): counters and histograms, per instance, summed by Prometheus;
 * - the state of the business (payments and payouts by status and provider, the job backlog,
 *   circuit breakers): gauges read from the database at scrape (lib/platform/database-gauges.ts),
 *   so every instance reports the same truth, across restarts, whichever process made the change.
 * The registry lives on globalThis: Next may evaluate this module in several bundles, and all
 * must count into the one registry the metrics route reads.
 */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({ name: "http_requests_total", help: "API requests answered, by route (the contract's path), method and status", labelNames: ["route", "method", "status"], registers }),
    httpDuration: new Histogram({ name: "http_request_duration_seconds", help: "API request latency", labelNames: ["route", "method", "status"], buckets: SECONDS, registers }),
    operatorCalls: new Counter({ name: "operator_calls_total", help: "Calls to operators, by connector account, operation and outcome (ok, http_error, timeout, network_error)", labelNames: ["account", "operation", "outcome"], registers }),
    operatorErrors: new Counter({ name: "operator_call_errors_total", help: "Operator calls that failed on the operator's side (no answer, timeout, 5xx, 429): what opens a circuit breaker", labelNames: ["account", "operation"], registers }),
    operatorDuration: new Histogram({ name: "operator_call_duration_seconds", help: "Operator call latency, by connector account and operation", labelNames: ["account", "operation"], buckets: SECONDS, registers }),
    jobRuns: new Counter({ name: "job_runs_total", help: "Job runs in this process, by type and outcome (succeeded, rescheduled, retry, failed)", labelNames: ["type", "outcome"], registers }),
    jobDuration: new Histogram({ name: "job_run_duration_seconds", help: "Job run duration, by type", labelNames: ["type"], buckets: SECONDS, registers }),
    webhookDeliveries: new Counter({ name: "webhook_deliveries_total", help: "Webhook POSTs to merchants, by result (success: 2xx; failure: other status; error: no answer)", labelNames: ["result"], registers }),
    webhookDuration: new Histogram({ name: "webhook_delivery_duration_seconds", help: "Webhook POST latency", labelNames: ["result"], buckets: SECONDS, registers }),
    reconcileOk: new Gauge({ name: "ledger_reconcile_ok", help: "1 when the last ledger reconcile run by this process found no difference, 0 when it found some", registers }),
    reconcileProblems: new Gauge({ name: "ledger_reconcile_problems", help: "Differences the last ledger reconcile found, by kind", labelNames: ["kind"], registers }),
    reconcileLastRun: new Gauge({ name: "ledger_reconcile_last_run_timestamp_seconds", help: "When this process last finished a ledger reconcile (Unix time)", registers }),
    payments: new Gauge({ name: "payments", help: "Payments by environment, status and provider (read from the database at scrape)", labelNames: ["environment", "status", "provider"], registers }),
    payouts: new Gauge({ name: "payouts", help: "Payouts by environment, status and provider (read from the database at scrape)", labelNames: ["environment", "status", "provider"], registers }),
    jobsBacklog: new Gauge({ name: "jobs", help: "Jobs in the outbox by type and state (due: pending and past run_at; scheduled: pending, later; running; failed)", labelNames: ["type", "state"], registers }),
    jobsOldestDue: new Gauge({ name: "jobs_oldest_due_age_seconds", help: "Age of the oldest due job per type (0 when none is due)", labelNames: ["type"], registers }),
    breakerOpen: new Gauge({ name: "connector_circuit_breaker_open", help: "1 while the connector account's circuit breaker is open", labelNames: ["account", "type"], registers }),
    breakerFailures: new Gauge({ name: "connector_consecutive_failures", help: "Consecutive failed calls counted by the account's circuit breaker", labelNames: ["account", "type"], registers }),
    ordersInReview: new Gauge({ name: "orders_in_review", help: "Orders held for review (our timer may not decide them: docs/design/order-lifecycle.md), by environment, direction and reason (read from the database at scrape)", labelNames: ["environment", "direction", "reason"], registers }),
    ordersInReviewOldestAge: new Gauge({ name: "orders_in_review_oldest_age_seconds", help: "Age of the oldest order in review, by environment and direction (0 when none): alert when it grows", labelNames: ["environment", "direction"], registers }),
    orderReviewFlags: new Counter({ name: "order_review_flags_total", help: "Orders this process flagged for review, by direction and reason", labelNames: ["direction", "reason"], registers }),
    orderAmbiguousAnswers: new Counter({ name: "order_ambiguous_answers_total", help: "Operator answers saying the outcome is unclear to the operator itself (reconciling), by direction", labelNames: ["direction"], registers }),
    orderDuplicateCharges: new Counter({ name: "order_duplicate_charges_total", help: "Payers charged twice (or for a payment that had ended) and the money held for them, by cause and whether its refund went out automatically", labelNames: ["cause", "refund"], registers }),
    orderAmountMismatches: new Counter({ name: "order_amount_mismatches_total", help: "Operator successes for another amount or currency than the order's: nothing settled, the order in review", labelNames: ["direction"], registers }),
    reconciliationMismatches: new Gauge({ name: "reconciliation_mismatches_open", help: "Open differences between our orders and an operator's records, by environment, connector account and kind (read from the database at scrape): alert when above 0 (docs/design/reconciliation.md)", labelNames: ["environment", "account", "kind"], registers }),
    reconciliationLastRun: new Gauge({ name: "reconciliation_last_run_timestamp_seconds", help: "When a reconciliation of the account last finished (Unix time, read from the database at scrape): alert when older than a day and a half", labelNames: ["environment", "account"], registers }),
    scrapeErrors: new Counter({ name: "metrics_database_read_errors_total", help: "Scrapes whose database gauges could not be read (they then keep their previous values)", registers }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const KEY = Symbol.for("payments.metrics");
type GlobalWithMetrics = typeof globalThis & { [KEY]?: Metrics };

export function metrics(): Metrics {
  const g = globalThis as GlobalWithMetrics;
  return (g[KEY] ??= createMetrics());
}
