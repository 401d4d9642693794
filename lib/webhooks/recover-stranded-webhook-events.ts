import { getPrisma } from "@/lib/db/client";
import { failedJobsSql, reviveFailedJob } from "@/lib/jobs/revive-failed-job";
import { log } from "@/lib/log";
import { deliveryJobKey } from "./record-webhook-event";
import { DELIVERY_WINDOW_MS, WEBHOOK_DELIVER_JOB } from "./webhook-config";

/**
 * The sweep that keeps docs/design/webhooks.md's at-least-once promise when our own delivery step fails.
 *
 * A receiver's failures follow the event's schedule (deliver-webhook-event). A crash of the
 * delivery job itself (database unreachable, a bug, bad data) is retried by the job runner's
 * backoff, 25 times over about three hours; then the runner marks the job `failed` and nothing
 * would run the event again: it would stay `pending` for ever. Those failures are ours, not the
 * merchant's, so they must not cost the merchant the event, nor hide it:
 * - inside the event's delivery window (DELIVERY_WINDOW_MS from its creation, about 3.5 days)
 *   the job is revived with fresh attempts, due at the event's next scheduled attempt, and a
 *   warning is logged: once the cause is fixed, delivery resumes where it stopped;
 * - past the window, automatic delivery is over as it is after the 10th failed attempt: the
 *   event becomes `failed` (listed as such, resendable) and an error is logged.
 * Periodic (lib/platform/periodic-tasks: in-process runner, Inngest cron). Idempotent, and safe
 * when several instances sweep at once: each change is conditional on the state it found.
 */
const KEY_PREFIX = deliveryJobKey("");

type StrandedRow = { event_id: string; job_id: string; created_at: Date; next_attempt_at: Date | null };

export async function recoverStrandedWebhookEvents(options: { limit?: number } = {}): Promise<{ revived: number; failed: number }> {
  const { limit = 100 } = options;
  const prisma = await getPrisma();
  // From the jobs side: failed jobs are few and indexed by status; the events table is large.
  // The jobs side's parts come from lib/jobs (failedJobsSql), which owns the table.
  const jobs = failedJobsSql("j", WEBHOOK_DELIVER_JOB, KEY_PREFIX);
  const stranded = await prisma.$queryRaw<StrandedRow[]>`
    SELECT e.id AS event_id, ${jobs.id} AS job_id, e.created_at, e.next_attempt_at
    FROM ${jobs.from}
    JOIN webhook_events e ON e.id = ${jobs.keyRest}
    WHERE ${jobs.where}
      AND e.status = 'pending'
    ORDER BY ${jobs.finishedAt}
    LIMIT ${limit}::int`;

  let revived = 0;
  let failed = 0;
  const now = new Date();
  for (const row of stranded) {
    const fields = { eventId: row.event_id, jobId: row.job_id };
    if (now.getTime() - row.created_at.getTime() > DELIVERY_WINDOW_MS) {
      const { count } = await prisma.webhookEvent.updateMany({ where: { id: row.event_id, status: "pending" }, data: { status: "failed", nextAttemptAt: null } });
      if (count > 0) {
        failed++;
        log.error("webhook event failed: its delivery job kept crashing until the end of the delivery window", fields);
      }
      continue;
    }
    const runAt = row.next_attempt_at && row.next_attempt_at > now ? row.next_attempt_at : now;
    if (await reviveFailedJob(prisma, row.job_id, runAt)) {
      revived++;
      log.warn("webhook delivery job had used up its attempts on crashes; revived", fields);
    }
  }
  return { revived, failed };
}
