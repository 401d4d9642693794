import { availabilityRefreshSeconds, refreshAllProviderAvailability } from "@/lib/connectors/provider-availability";
import { deleteExpiredIdempotencyRecords } from "@/lib/http/idempotency";
import type { PeriodicTask } from "@/lib/jobs/periodic-task";
import { runSettlement } from "@/lib/ledger/settle-due-pending";
import { runLedgerReconcile } from "@/lib/observability/reconcile-task";
import { withOpenAttempts } from "@/lib/orders/attempts";
import { askOverdueReviews, submitQueuedOrders } from "@/lib/orders/orders";
import { expireDuePayments } from "@/lib/payments/expire-payments";
import { reconcilePreviousDay } from "@/lib/reconciliation/sweep";
import { purgeApiRequestLogs } from "@/lib/request-log/purge-api-request-logs";
import { recoverStrandedWebhookEvents } from "@/lib/webhooks/recover-stranded-webhook-events";

/**
 * The platform's sweeps, in ONE list the composition root hands to the runners: the in-process
 * runner calls each every `everyMs`, and Inngest runs each as a cron function (inngest/functions).
 * Each is idempotent.
 */
export const periodicTasks: readonly PeriodicTask[] = [
  { id: "cleanup-idempotency-records", everyMs: 10 * 60_000, cron: "*/10 * * * *", run: () => deleteExpiredIdempotencyRecords() },
  // The merchant's API request log keeps 7 days.
  { id: "purge-api-request-logs", everyMs: 10 * 60_000, cron: "*/10 * * * *", run: () => purgeApiRequestLogs() },
  // Collect credits become available once due (lib/ledger/README.md); Inngest cron cannot go below a minute.
  { id: "settle-due-collections", everyMs: 10_000, cron: "* * * * *", run: () => runSettlement() },
  // Pending payments past expiresAt; processing ones are left to the provider, and so are those
  // whose earlier attempt may still be paid (lib/orders/attempts.ts).
  { id: "expire-due-payments", everyMs: 15_000, cron: "* * * * *", run: () => expireDuePayments(new Date(), 200, withOpenAttempts) },
  // Payouts queued while their provider was unavailable, sent in order once it is back (lib/orders).
  { id: "submit-queued-payouts", everyMs: 30_000, cron: "* * * * *", run: () => submitQueuedOrders() },
  // Orders in review whose next ask is overdue are asked now: none is left unasked (lib/orders).
  { id: "ask-overdue-reviews", everyMs: 10 * 60_000, cron: "*/10 * * * *", run: () => askOverdueReviews() },
  // Operator-reported provider outages (pawaPay availability), read on a cadence for getRoute (production only).
  { id: "refresh-provider-availability", everyMs: availabilityRefreshSeconds() * 1000, cron: "* * * * *", run: () => refreshAllProviderAvailability() },
  // Webhook events whose delivery job died on our own crashes: revived, or failed past their window.
  { id: "recover-stranded-webhook-events", everyMs: 5 * 60_000, cron: "*/5 * * * *", run: () => recoverStrandedWebhookEvents() },
  // The whole ledger recomputed from its postings: its result is a metric and, when wrong, an error line.
  { id: "reconcile-ledger", everyMs: 60 * 60_000, cron: "17 * * * *", run: () => runLedgerReconcile() },
  // Yesterday (UTC) reconciled against every connector account's operator, once per account and
  // day whichever worker gets there first; tried hourly so a worker down at 01:00 still does it.
  { id: "reconcile-previous-day", everyMs: 60 * 60_000, cron: "41 * * * *", run: () => reconcilePreviousDay() },
];
