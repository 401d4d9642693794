import type { AppEnvironment } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { Prisma } from "@/lib/db/generated/client";
import { insertJobsSelectSql, newJobRow, wakeAfterCommit } from "@/lib/jobs/enqueue-job";
import { isWebhookEventType, type WebhookEventType } from "./event-types";
import { WEBHOOK_DELIVER_JOB, webhookConcurrencyKey } from "./webhook-config";

/**
 * Records a webhook event and, when it has somewhere to go, its delivery job (transactional
 * outbox, docs/design/webhooks.md).
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
  const [recorded] = await recordWebhookEvents(tx, [input]);
  return recorded;
}

/** Rows per statement: far below PostgreSQL's 65,535 bind parameters. */
const CHUNK = 500;

/**
 * recordWebhookEvent for many events of one merchant and environment (a bulk payout's
 * payout.pending events): the same rows, in one statement per 500 events instead of one each.
 */
export async function recordWebhookEvents(tx: Db, inputs: RecordWebhookEventInput[]): Promise<RecordedWebhookEvent[]> {
  if (inputs.length === 0) return [];
  const events = webhookEventRows(inputs);
  let jobs = 0;
  for (let i = 0; i < events.rows.length; i += CHUNK) {
    const inserted = await tx.$queryRaw<{ id: string }[]>`
      WITH ${webhookEventsSql({ ...events, rows: events.rows.slice(i, i + CHUNK) })}
      SELECT id FROM event_jobs`;
    jobs += inserted.length;
  }
  if (jobs > 0) wakeAfterCommit(tx, events.createdAt);
  return events.rows.map((r) => ({ id: r.id, type: r.type, createdAt: events.createdAt }));
}

/** A delivery is tried on this many scheduled attempts (the backoff spans about three hours: recover-stranded-webhook-events.ts). */
const DELIVERY_MAX_ATTEMPTS = 25;

/** The events and delivery jobs recordWebhookEvents writes (types checked, one merchant and environment). */
export function webhookEventRows(inputs: RecordWebhookEventInput[]) {
  const { merchantId, environment } = inputs[0];
  for (const input of inputs) {
    if (!isWebhookEventType(input.type)) throw new Error(`Unknown webhook event type "${input.type}"`);
    if (input.merchantId !== merchantId || input.environment !== environment) throw new Error("recordWebhookEvents takes the events of one merchant and environment.");
  }
  const createdAt = new Date();
  const rows = inputs.map((input) => {
    const id = newId("evt", createdAt.getTime());
    const payload = { id, type: input.type, createdAt: createdAt.toISOString(), environment: input.environment, data: input.data };
    const transactionId = typeof input.data.transactionId === "string" ? input.data.transactionId : null;
    const job = newJobRow(WEBHOOK_DELIVER_JOB, { eventId: id }, {
      dedupeKey: deliveryJobKey(id),
      runAt: createdAt,
      maxAttempts: DELIVERY_MAX_ATTEMPTS,
      concurrencyKey: webhookConcurrencyKey(input.merchantId),
    });
    return { id, type: input.type, payload, transactionId, callbackUrl: input.callbackUrl || null, job };
  });
  return { merchantId, environment, createdAt, rows };
}

/**
 * The CTEs that write events and their delivery jobs (at most 500), the last one `event_jobs`
 * (RETURNING the id of each job written): recordWebhookEvents runs them alone, payout initiate
 * inside its one statement of new rows. `when`, a condition on that statement's other parts,
 * writes nothing unless it holds. A caller that writes jobs calls wakeAfterCommit.
 */
export function webhookEventsSql(events: ReturnType<typeof webhookEventRows> & { when?: Prisma.Sql }): Prisma.Sql {
  const { merchantId, environment, createdAt, rows } = events;
  // Each event and its delivery job in one statement (a data-modifying CTE) instead of two
  // inserts: every state change that emits an event saves a round trip, and the two rows cannot
  // be split even by a caller that passed no transaction. The job insert is lib/jobs'
  // (insertJobsSelectSql: same row, same dedupe rule); the columns left out take their defaults.
  // With nowhere to send it (no callbackUrl, no merchant URL) the event is recorded `skipped`
  // and gets no job (a delivery job would only find that out); with the merchant's endpoint
  // disabled by a 410 it is `disabled`, as delivery would make it. Both stay listed and can be
  // resent. A URL set meanwhile is the delivery step's concern, which looks again.
  return Prisma.sql`endpoint AS (
        SELECT url, disabled_at FROM webhook_endpoints WHERE merchant_id = ${merchantId} AND environment = ${environment}::"Environment"
      ), event_input AS (
        -- One parameter for the whole chunk (lib/db/insert-rows explains why); the payload travels
        -- as text so the json column keeps its key order.
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(
          rows.map((r, n) => ({
            n,
            id: r.id,
            type: r.type,
            transaction_id: r.transactionId,
            payload: JSON.stringify(r.payload),
            target_url: r.callbackUrl,
            job_id: r.job.id,
            job_payload: r.job.payload,
            dedupe_key: r.job.dedupeKey,
          })),
        )}::jsonb) AS v(n int, id text, type text, transaction_id text, payload text, target_url text, job_id text, job_payload jsonb, dedupe_key text)
        WHERE ${events.when ?? Prisma.sql`TRUE`}
      ), outcome AS (
        SELECT v.*, CASE WHEN v.target_url IS NOT NULL THEN 'pending'
                         WHEN NOT EXISTS (SELECT 1 FROM endpoint WHERE url IS NOT NULL) THEN 'skipped'
                         WHEN EXISTS (SELECT 1 FROM endpoint WHERE disabled_at IS NOT NULL) THEN 'disabled'
                         ELSE 'pending' END AS status
        FROM event_input AS v
      ), event AS (
        INSERT INTO webhook_events (id, merchant_id, environment, type, transaction_id, payload, target_url, status, next_attempt_at, created_at, updated_at)
        SELECT id, ${merchantId}, ${environment}::"Environment", type, transaction_id, payload::json, target_url, status::"WebhookEventStatus",
               CASE WHEN status = 'pending' THEN ${createdAt}::timestamptz END, ${createdAt}, ${createdAt}
        FROM outcome ORDER BY n
      ), event_jobs AS (
        ${insertJobsSelectSql(
          WEBHOOK_DELIVER_JOB,
          { id: Prisma.sql`job_id`, payload: Prisma.sql`job_payload`, dedupeKey: Prisma.sql`dedupe_key` },
          Prisma.sql`FROM outcome WHERE status = 'pending' ORDER BY n`,
          { createdAt, maxAttempts: DELIVERY_MAX_ATTEMPTS, concurrencyKey: webhookConcurrencyKey(merchantId) },
        )}
      )`;
}
