import type { WebhookDeliveryAttempt, WebhookEvent } from "@/lib/db/generated/client";

/**
 * The API shape of an event and its attempts (GET /webhooks/events…, resend). Secrets and
 * the signing headers are never part of it. Lists carry the latest LIST_ATTEMPTS attempts of
 * each event without the receivers' answers; the detail carries all of it and the payload.
 */
export const LIST_ATTEMPTS = 20;
export const DETAIL_ATTEMPTS = 100;

export type WebhookAttemptView = {
  attempt: number;
  manual: boolean;
  url: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  createdAt: string;
  nextAttemptAt: string | null;
  responseBodyExcerpt?: string | null;
};

export type WebhookEventView = {
  id: string;
  type: string;
  status: string;
  transactionId: string | null;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
  attemptCount: number;
  attempts: WebhookAttemptView[];
  payload?: unknown;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toAttemptView(a: WebhookDeliveryAttempt, detail: boolean): WebhookAttemptView {
  return {
    attempt: a.attempt,
    manual: a.manual,
    url: a.url,
    statusCode: a.statusCode,
    durationMs: a.durationMs,
    error: a.error,
    createdAt: a.createdAt.toISOString(),
    nextAttemptAt: iso(a.nextAttemptAt),
    ...(detail ? { responseBodyExcerpt: a.responseBodyExcerpt } : {}),
  };
}

/** `attempts` as loaded newest first (so `take` keeps the latest); shown oldest first. */
export function toWebhookEventView(event: WebhookEvent & { deliveryAttempts: WebhookDeliveryAttempt[] }, detail = false): WebhookEventView {
  return {
    id: event.id,
    type: event.type,
    status: event.status,
    transactionId: event.transactionId,
    createdAt: event.createdAt.toISOString(),
    deliveredAt: iso(event.deliveredAt),
    nextAttemptAt: iso(event.nextAttemptAt),
    attemptCount: event.attempts,
    attempts: [...event.deliveryAttempts].sort((a, b) => a.attempt - b.attempt).map((a) => toAttemptView(a, detail)),
    ...(detail ? { payload: event.payload } : {}),
  };
}
