import { availabilityRefreshSeconds, refreshAllProviderAvailability } from "@/lib/connectors/provider-availability";
import { deleteExpiredIdempotencyRecords } from "@/lib/http/idempotency";
import { runSettlement } from "@/lib/ledger/settle-due-pending";
import { runLedgerReconcile } from "@/lib/observability/reconcile-task";
import { expireDuePayments } from "@/lib/payments/expire-payments";
import { submitQueuedPayouts } from "@/lib/payouts/payout-jobs";
import { purgeApiRequestLogs } from "@/lib/request-log/purge-api-request-logs";
import { recoverStrandedWebhookEvents } from "@/lib/webhooks/recover-stranded-webhook-events";

/**
 * Sweeps that run on a schedule rather than from a row: the in-process runner calls them every
 * `everyMs`, and Inngest runs each as a cron function (inngest/functions). Each is idempotent.
 */
export type PeriodicTask = { id: string; everyMs: number; cron: string; run: () => Promise<unknown> };

export const periodicTasks: PeriodicTask[] = [
  { id: "cleanup-idempotency-records", everyMs: 10 * 60_000, cron: "*/10 * * * *", run: () => deleteExpiredIdempotencyRecords() },
  // The merchant's API request log keeps 7 days (issue 18).
  { id: "purge-api-request-logs", everyMs: 10 * 60_000, cron: "*/10 * * * *", run: () => purgeApiRequestLogs() },
  // Collect credits become available once due (DESIGN §7); Inngest cron cannot go below a minute.
  { id: "settle-due-collections", everyMs: 10_000, cron: "* * * * *", run: () => runSettlement() },
  // Pending payments past expiresAt (DESIGN §6); processing ones are left to the provider.
  { id: "expire-due-payments", everyMs: 15_000, cron: "* * * * *", run: () => expireDuePayments() },
  // Payouts queued while their provider was unavailable (DESIGN §13), sent in order once it is back.
  { id: "submit-queued-payouts", everyMs: 30_000, cron: "* * * * *", run: () => submitQueuedPayouts() },
  // Operator-reported provider outages (pawaPay availability), read on a cadence for getRoute (production only).
  { id: "refresh-provider-availability", everyMs: availabilityRefreshSeconds() * 1000, cron: "* * * * *", run: () => refreshAllProviderAvailability() },
  // Webhook events whose delivery job died on our own crashes: revived, or failed past their window.
  { id: "recover-stranded-webhook-events", everyMs: 5 * 60_000, cron: "*/5 * * * *", run: () => recoverStrandedWebhookEvents() },
  // The whole ledger recomputed from its postings: its result is a metric and, when wrong, an error line.
  { id: "reconcile-ledger", everyMs: 60 * 60_000, cron: "17 * * * *", run: () => runLedgerReconcile() },
];
