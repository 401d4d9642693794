import { getPrisma } from "@/lib/db/client";
import { Prisma, type WebhookEndpoint, type WebhookEvent, type WebhookEventStatus } from "@/lib/db/generated/client";
import { runSql } from "@/lib/db/run-sql";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import { observeWebhookDelivery } from "@/lib/observability/observe";
import { postWebhook, type WebhookHttpResult } from "./post-webhook";
import { readEventForDelivery } from "./read-event-for-delivery";
import type { LookupAll } from "./resolve-webhook-target";
import { signWebhook } from "./sign-webhook";
import { signingSecrets } from "./signing-secrets";
import { MAX_SCHEDULED_ATTEMPTS, RETRY_DELAYS_MS, RETRY_JITTER, webhookConfig, webhookUrlPolicy } from "./webhook-config";

/**
 * Delivery of one event: pick the target, POST the signed body, record the attempt.
 *
 * Invariants
 * - The event row is never deleted nor lost: a crash between the POST and the record leaves
 *   the event `pending` and its job leased; the job runs again after the lease and POSTs again
 *   (at least once; the receiver dedupes on webhook-id = event id).
 * - Every POST that got an answer or failed is one attempt row, numbered by an atomic
 *   increment of `webhook_events.attempts` under the row lock, so concurrent deliveries
 *   (a resend during a scheduled retry) never collide.
 * - Scheduled attempts follow RETRY_DELAYS_MS with ±10 % jitter; the 10th failure makes the
 *   event `failed`. 2xx makes it `delivered`. 410 stops it (`disabled`) and, when the target
 *   was the merchant's webhook URL, disables that endpoint until re-enabled.
 * - A manual attempt (resend) never shortens nor extends the automatic schedule.
 */
export type DeliveryTarget = { url: string; source: "callback" | "endpoint" };

export type DeliveryOptions = {
  /** Per-attempt timeout; WEBHOOK_TIMEOUT_MS (15 s) by default. */
  timeoutMs?: number;
  lookup?: LookupAll;
  random?: () => number;
};

/** The transaction's callbackUrl, else the merchant's webhook URL, else nothing. */
export function deliveryTarget(event: Pick<WebhookEvent, "targetUrl">, endpoint: Pick<WebhookEndpoint, "url">): DeliveryTarget | null {
  if (event.targetUrl) return { url: event.targetUrl, source: "callback" };
  if (endpoint.url) return { url: endpoint.url, source: "endpoint" };
  return null;
}

export function retryDelayWithJitter(scheduledAttempts: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_MS[scheduledAttempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 + (random() * 2 - 1) * RETRY_JITTER));
}

/** POSTs the event's frozen body, signed with the endpoint's current (and previous) secret. */
export async function sendWebhookEvent(
  event: Pick<WebhookEvent, "id" | "payload">,
  endpoint: WebhookEndpoint,
  url: string,
  options: DeliveryOptions = {},
): Promise<WebhookHttpResult> {
  const body = JSON.stringify(event.payload);
  const headers = signWebhook({ id: event.id, body, secrets: signingSecrets(endpoint) });
  const result = await postWebhook({
    url,
    headers,
    body,
    timeoutMs: options.timeoutMs ?? webhookConfig.timeoutMs(),
    policy: webhookUrlPolicy(),
    lookup: options.lookup,
  });
  observeWebhookDelivery(result);
  return result;
}

const isSuccess = (code: number | null) => code !== null && code >= 200 && code < 300;

/**
 * Records one attempt and moves the event on, in one transaction. Returns the event after it.
 */
export async function recordDeliveryAttempt(
  eventId: string,
  target: DeliveryTarget,
  result: WebhookHttpResult,
  options: { manual: boolean; random?: () => number },
): Promise<WebhookEvent> {
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    // The increment takes the row lock: concurrent recorders of the same event queue here.
    const event = await tx.webhookEvent.update({ where: { id: eventId }, data: { attempts: { increment: 1 } } });
    const now = new Date();
    let status: WebhookEventStatus = event.status;
    let nextAttemptAt = event.nextAttemptAt;
    let deliveredAt = event.deliveredAt;

    if (isSuccess(result.statusCode)) {
      status = "delivered";
      deliveredAt = now;
      nextAttemptAt = null;
    } else if (result.statusCode === 410) {
      if (target.source === "endpoint") {
        // Only if the URL is still the one that answered 410 (the merchant may have changed it).
        await tx.webhookEndpoint.updateMany({
          where: { merchantId: event.merchantId, environment: event.environment, url: target.url, disabledAt: null },
          data: { disabledAt: now, disabledReason: `The webhook URL answered 410 Gone to event ${event.id}.` },
        });
      }
      if (status !== "delivered") status = "disabled";
      nextAttemptAt = null;
    } else if (!options.manual) {
      if (status === "pending") {
        const scheduled = (await tx.webhookDeliveryAttempt.count({ where: { eventId, manual: false } })) + 1;
        const delay = scheduled < MAX_SCHEDULED_ATTEMPTS ? retryDelayWithJitter(scheduled, options.random) : null;
        if (delay === null) {
          status = "failed";
          nextAttemptAt = null;
        } else nextAttemptAt = new Date(now.getTime() + delay);
      } else nextAttemptAt = null; // delivered or stopped meanwhile (a resend): nothing more to schedule
    } else if (status === "skipped") {
      status = "failed"; // it has now been tried
    }

    const updated = await tx.webhookEvent.update({ where: { id: eventId }, data: { status, nextAttemptAt, deliveredAt } });
    await tx.webhookDeliveryAttempt.create({
      data: {
        id: newId("whd"),
        eventId,
        attempt: event.attempts,
        manual: options.manual,
        url: target.url,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error: result.error,
        responseBodyExcerpt: result.responseBodyExcerpt,
        nextAttemptAt: updated.status === "pending" ? nextAttemptAt : null,
      },
    });
    return updated;
  });
}

/**
 * recordDeliveryAttempt for the common case, a 2xx: the event becomes `delivered` and the
 * attempt row is written by ONE statement (atomic by itself, sent through the driver:
 * lib/db/run-sql.ts), instead of an interactive transaction of five round trips. Same rows and
 * numbering: the attempt is the incremented count, taken under the UPDATE's row lock. At 30 payments/s the pipeline makes ~90 deliveries
 * a second, so this is most of the job runner's statements (docs/performance.md).
 */
export async function recordDelivered(eventId: string, target: DeliveryTarget, result: WebhookHttpResult, options: { manual: boolean }): Promise<{ attempts: number }> {
  const now = new Date();
  const rows = await runSql<{ attempts: number }>(Prisma.sql`
    WITH event AS (
      UPDATE webhook_events
      SET attempts = attempts + 1, status = 'delivered', delivered_at = ${now}::timestamptz, next_attempt_at = NULL, updated_at = ${now}::timestamptz
      WHERE id = ${eventId}
      RETURNING id, attempts
    ), attempt AS (
      INSERT INTO webhook_delivery_attempts (id, event_id, attempt, manual, url, status_code, duration_ms, error, response_body_excerpt, next_attempt_at, created_at)
      SELECT ${newId("whd")}, event.id, event.attempts, ${options.manual}::boolean, ${target.url}, ${result.statusCode}::int, ${result.durationMs}::int,
             ${result.error}::text, ${result.responseBodyExcerpt}::varchar, NULL, ${now}::timestamptz
      FROM event
    )
    SELECT attempts FROM event`);
  if (!rows[0]) throw new Error(`Webhook event ${eventId} vanished while its delivery was recorded.`);
  return { attempts: Number(rows[0].attempts) };
}

/**
 * The job step: one scheduled attempt for a pending event. Returns when to run again, or null
 * when the event is settled. Idempotent: a settled event is left alone.
 */
export async function deliverScheduledAttempt(eventId: string, options: DeliveryOptions = {}): Promise<{ rescheduleAt: Date } | null> {
  const step = await runScheduledAttempt(eventId, options);
  return step.rescheduleAt ? { rescheduleAt: step.rescheduleAt } : null;
}

/**
 * deliverScheduledAttempt, saying also whether a POST was made and whether the receiver
 * timed out: the delivery job tells the job runner, which backs off a merchant whose endpoint
 * hangs (lib/jobs/job-lanes).
 */
export type ScheduledAttemptStep = { rescheduleAt: Date | null; posted: boolean; timedOut: boolean };

export async function runScheduledAttempt(eventId: string, options: DeliveryOptions = {}): Promise<ScheduledAttemptStep> {
  const none: ScheduledAttemptStep = { rescheduleAt: null, posted: false, timedOut: false };
  const read = await readEventForDelivery(eventId);
  if (!read || read.event.status !== "pending") return none;
  const { event, endpoint } = read;
  const target = deliveryTarget(event, endpoint);
  if (!target || (target.source === "endpoint" && endpoint.disabledAt)) {
    // Nothing to send to: the event stays recorded and visible, and can be resent later.
    await (await getPrisma()).webhookEvent.updateMany({
      where: { id: eventId, status: "pending" },
      data: { status: target ? "disabled" : "skipped", nextAttemptAt: null },
    });
    return none;
  }
  const result = await sendWebhookEvent(event, endpoint, target.url, options);
  if (isSuccess(result.statusCode)) {
    const { attempts } = await recordDelivered(eventId, target, result, { manual: false });
    log.info("webhook attempt", { eventId, attempt: attempts, statusCode: result.statusCode, durationMs: result.durationMs, outcome: "delivered" });
    return { rescheduleAt: null, posted: true, timedOut: false };
  }
  const updated = await recordDeliveryAttempt(eventId, target, result, { manual: false, random: options.random });
  log.info("webhook attempt", {
    eventId,
    attempt: updated.attempts,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    outcome: updated.status,
  });
  const rescheduleAt = updated.status === "pending" && updated.nextAttemptAt ? updated.nextAttemptAt : null;
  return { rescheduleAt, posted: true, timedOut: result.timedOut };
}
