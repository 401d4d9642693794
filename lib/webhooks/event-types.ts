/**
 * The webhook event types (docs/design/webhooks.md). The body of every event is
 * `{id, type, createdAt, environment, data}` where `data` is the object the status endpoint
 * of the transaction returns at the moment of the change.
 */
export const WEBHOOK_EVENT_TYPES = [
  "payment.pending",
  "payment.processing",
  "payment.success",
  "payment.failed",
  "payment.cancelled",
  "payment.expired",
  "payment.refunded",
  // The customer was charged again for a payment (an earlier attempt of a retried checkout went
  // through after all, or one for a payment that had ended): `data` is the duplicate charge, whose
  // money is held for the customer and refunded where the operator can (docs/design/order-lifecycle.md).
  "payment.duplicate_charge",
  "payout.pending",
  "payout.processing",
  "payout.success",
  "payout.failed",
  "payout.cancelled",
  // A paid payout the operator returned: the principal is back in the wallet (fees kept).
  "payout.reversed",
  "refund.pending",
  "refund.processing",
  "refund.success",
  "refund.failed",
  // A bulk payout (docs/design/bulk-payouts.md) once every one of its payouts is final: `data` is the bulk's
  // summary (GET /payouts/bulk/{bulkId} without its items).
  "payout.bulk.completed",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_STATUSES = ["pending", "delivered", "failed", "disabled", "skipped"] as const;

export type WebhookEventStatus = (typeof WEBHOOK_EVENT_STATUSES)[number];

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}
