import type { AppEnvironment } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { newJobRow, wakeAfterCommit } from "@/lib/jobs/enqueue-job";
import { isWebhookEventType, type WebhookEventType } from "./event-types";
import { WEBHOOK_DELIVER_JOB, webhookConcurrencyKey } from "./webhook-config";

/**
 * Records a webhook event and, when it has somewhere to go, its delivery job (transactional
 * outbox, DESIGN §10).
 *
 * Pass the transaction that makes the state change the event reports: the event and its job
 * then exist if and only if the change committed (no lost event, no phantom event). Delivery
 * is at least once: receivers dedupe on `webhook-id`, which is the event id, the same on every
 * attempt and resend.
 *
 * The body sent is `{id, type, createdAt, environment, data}`, frozen here: `data` should be
 * the object the transaction's status endpoint returns at this moment. `callbackUrl` (the
 * transaction's own) wins over the merchant's webhook URL; validate it when the transaction is
 * created (assertWebhookUrlAllowed); delivery checks it again at send time.
 */
export type RecordWebhookEventInput = {
  merchantId: string;
  environment: AppEnvironment;
  type: WebhookEventType;
  data: Record<string, unknown>;
  callbackUrl?: string | null;
};

export type RecordedWebhookEvent = { id: string; type: WebhookEventType; createdAt: Date };

export function deliveryJobKey(eventId: string): string {
  return `${WEBHOOK_DELIVER_JOB}:${eventId}`;
}

export async function recordWebhookEvent(tx: Db, input: RecordWebhookEventInput): Promise<RecordedWebhookEvent> {
  if (!isWebhookEventType(input.type)) throw new Error(`Unknown webhook event type "${input.type}"`);
  const createdAt = new Date();
  const id = newId("evt", createdAt.getTime());
  const payload = { id, type: input.type, createdAt: createdAt.toISOString(), environment: input.environment, data: input.data };
  const transactionId = typeof input.data.transactionId === "string" ? input.data.transactionId : null;
  const job = newJobRow(WEBHOOK_DELIVER_JOB, { eventId: id }, {
    dedupeKey: deliveryJobKey(id),
    runAt: createdAt,
    maxAttempts: 25,
    concurrencyKey: webhookConcurrencyKey(input.merchantId),
  });
  // The event and its delivery job in one statement (a data-modifying CTE) instead of two
  // inserts: every state change that emits an event saves a round trip, and the two rows cannot
  // be split even by a caller that passed no transaction. The job insert is enqueueJob's
  // (same row, same dedupe rule); the columns left out take their defaults.
  // With nowhere to send it (no callbackUrl, no merchant URL) the event is recorded `skipped`
  // and gets no job (a delivery job would only find that out); with the merchant's endpoint
  // disabled by a 410 it is `disabled`, as delivery would make it. Both stay listed and can be
  // resent. A URL set meanwhile is the delivery step's concern, which looks again.
  const inserted = await tx.$queryRaw<{ id: string }[]>`
    WITH endpoint AS (
      SELECT url, disabled_at FROM webhook_endpoints WHERE merchant_id = ${input.merchantId} AND environment = ${input.environment}::"Environment"
    ), outcome AS (
      SELECT CASE WHEN ${input.callbackUrl || null}::text IS NOT NULL THEN 'pending'
                  WHEN NOT EXISTS (SELECT 1 FROM endpoint WHERE url IS NOT NULL) THEN 'skipped'
                  WHEN EXISTS (SELECT 1 FROM endpoint WHERE disabled_at IS NOT NULL) THEN 'disabled'
                  ELSE 'pending' END AS status
    ), event AS (
      INSERT INTO webhook_events (id, merchant_id, environment, type, transaction_id, payload, target_url, status, next_attempt_at, created_at, updated_at)
      SELECT ${id}, ${input.merchantId}, ${input.environment}::"Environment", ${input.type}, ${transactionId}, ${JSON.stringify(payload)}::json,
             ${input.callbackUrl || null}, outcome.status::"WebhookEventStatus",
             CASE WHEN outcome.status = 'pending' THEN ${createdAt}::timestamptz END, ${createdAt}, ${createdAt}
      FROM outcome
    )
    INSERT INTO jobs (id, type, payload, run_at, max_attempts, dedupe_key, concurrency_key, created_at, updated_at)
    SELECT ${job.id}, ${job.type}, ${JSON.stringify(job.payload)}::jsonb, ${job.runAt}, ${job.maxAttempts}, ${job.dedupeKey}, ${job.concurrencyKey},
           ${createdAt}, ${createdAt}
    FROM outcome WHERE outcome.status = 'pending'
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id`;
  if (inserted.length > 0) wakeAfterCommit(tx, job.runAt);
  return { id, type: input.type, createdAt };
}
