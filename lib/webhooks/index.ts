/**
 * lib/webhooks — signed webhook events for merchants (docs/design/webhooks.md).
 *
 * Owns: event types, recording (outbox), Standard Webhooks signing, delivery with retries and
 * SSRF rules, resend, the per-merchant endpoint configuration and its secret (sealed at rest
 * with WEBHOOK_SECRET_KEYS, shown once; only signingSecrets() opens it for signing).
 *
 * For the code that changes a transaction's state (collect, payouts), the whole API is:
 *   recordWebhookEvent(tx, { merchantId, environment, type, data, callbackUrl })
 *     in the same transaction as the state change;
 *   assertWebhookUrlAllowed(callbackUrl, { field: "callbackUrl" }) / checkWebhookUrl(url)
 *     when a callbackUrl is accepted.
 * Delivery then happens through the `webhook.deliver` outbox job (none for an event with no
 * URL to go to: it is recorded `skipped`), in the job runner's webhook lane, at most
 * JOBS_WEBHOOK_PER_MERCHANT at a time per merchant (lib/jobs/job-lanes). An event whose job died on
 * our own crashes is revived, or failed past its delivery window, by a periodic sweep
 * (recoverStrandedWebhookEvents).
 */
export { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_STATUSES, isWebhookEventType, type WebhookEventType, type WebhookEventStatus } from "./event-types";
export { recordWebhookEvent, recordWebhookEvents, deliveryJobKey, type RecordWebhookEventInput, type RecordedWebhookEvent, webhookEventRows, webhookEventsSql } from "./record-webhook-event";
export { assertWebhookUrlAllowed, checkWebhookUrl, type WebhookUrlCheck } from "./check-webhook-url";
export { signWebhook, type WebhookHeaders } from "./sign-webhook";
export { getOrCreateEndpoint } from "./get-or-create-endpoint";
export { setWebhookUrl } from "./set-webhook-url";
export { rotateWebhookSecret } from "./rotate-webhook-secret";
export { revealWebhookSecret } from "./reveal-webhook-secret";
export { enableWebhookEndpoint } from "./enable-webhook-endpoint";
export { describeWebhookEndpoint, getWebhookEndpointView, type WebhookEndpointView } from "./describe-webhook-endpoint";
export { listWebhookEvents, type WebhookEventFilters } from "./list-webhook-events";
export { getWebhookEvent } from "./get-webhook-event";
export { resendWebhookEvent } from "./resend-webhook-event";
export { recoverStrandedWebhookEvents } from "./recover-stranded-webhook-events";
export { reencryptWebhookSecrets } from "./reencrypt-webhook-secrets";
export { WEBHOOK_DELIVER_JOB } from "./webhook-config";
