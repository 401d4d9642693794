import { appEnv, setting } from "@/lib/config";

/**
 * Webhook settings (types, ranges and defaults in lib/config/variables.ts), read on each call
 * (tests and operators may change them without a restart).
 *   WEBHOOK_TIMEOUT_MS      per-attempt timeout, DNS included (default 15000)
 *   WEBHOOK_ALLOW_PRIVATE   allow private/loopback/link-local targets (default false in both
 *                           environments: any sign-up could otherwise make the server POST
 *                           into its own network; `npm start` on the embedded database and
 *                           the tests set it for local receivers)
 *   WEBHOOK_SECRET_GRACE_HOURS  how long the previous secret still signs after a rotation (24)
 */
export const WEBHOOK_DELIVER_JOB = "webhook.deliver";

/**
 * The delivery job's concurrency key: the merchant, so the job runner caps one merchant's
 * concurrent deliveries and backs off a merchant whose endpoint hangs (lib/jobs/job-lanes).
 * The job_lanes migration backfills the same form.
 */
export function webhookConcurrencyKey(merchantId: string): string {
  return `webhook:${merchantId}`;
}

/** Retry delays after attempt 1, 2, … 9 (docs/design/webhooks.md); attempt 10 failing makes the event failed. */
export const RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  5 * 3600_000,
  10 * 3600_000,
  14 * 3600_000,
  20 * 3600_000,
  24 * 3600_000,
] as const;

export const MAX_SCHEDULED_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** Jitter of ±10 % on every retry delay, so a receiver back from an outage is not stampeded. */
export const RETRY_JITTER = 0.1;

/**
 * From an event's creation to its last scheduled attempt at the latest (every delay at +10 %),
 * about 3.5 days: how long the platform keeps trying to deliver an event by itself, even when
 * its own delivery step keeps failing (recover-stranded-webhook-events).
 */
export const DELIVERY_WINDOW_MS = Math.ceil(RETRY_DELAYS_MS.reduce((sum, d) => sum + d, 0) * (1 + RETRY_JITTER));

export const RESPONSE_EXCERPT_BYTES = 1024;

export const MAX_WEBHOOK_URL_LENGTH = 2048;

export const webhookConfig = {
  timeoutMs: () => setting("WEBHOOK_TIMEOUT_MS"),
  secretGraceHours: () => setting("WEBHOOK_SECRET_GRACE_HOURS"),
};

export type WebhookUrlPolicy = {
  /** Production: only https. */
  requireHttps: boolean;
  /** WEBHOOK_ALLOW_PRIVATE=true (local development and tests): private and loopback receivers are fine. */
  allowPrivate: boolean;
};

export function webhookUrlPolicy(): WebhookUrlPolicy {
  const production = appEnv() === "production";
  return { requireHttps: production, allowPrivate: setting("WEBHOOK_ALLOW_PRIVATE") };
}
