import { duplicateChargeSchema } from "@/lib/orders/duplicate-charge-schemas";
import { paymentStatusSchema } from "@/lib/payments/payment-schemas";
import { bulkSummarySchema } from "@/lib/payouts/payout-bulk-schemas";
import { payoutSchema } from "@/lib/payouts/payout-schemas";
import { refundSchema } from "@/lib/refunds/refund-schemas";
import type { WebhookEventDoc } from "@/lib/http/openapi";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";

const WHEN: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  "payment.pending": "A payment was created.",
  "payment.processing": "The provider accepted the payment; the customer has a prompt.",
  "payment.success": "The customer paid; the net amount is in collect.pending until settlement.",
  "payment.failed": "The payment failed (errorCode says why).",
  "payment.cancelled": "The payment was cancelled before the customer paid.",
  "payment.expired": "The payment expired before the customer paid.",
  "payment.refunded": "Successful refunds now cover the whole amount (`refunds[]` lists them).",
  "payment.duplicate_charge":
    "The customer was charged again for a payment: an earlier attempt of a retried checkout went through after another attempt had paid, or a charge went through for a payment that had ended unpaid. The money is not added to your balance: it is refunded to the customer automatically where the provider allows refunds, else held while our operations follow it up. Sent once per duplicate charge.",
  "payout.pending": "A payout was created; its total debit is held.",
  "payout.processing": "The provider accepted the payout.",
  "payout.success": "The beneficiary was paid.",
  "payout.failed": "The payout failed; the held debit is back in your balance.",
  "payout.cancelled": "The payout was cancelled before submission; the held debit is back.",
  "payout.reversed": "The beneficiary was paid, then the operator returned the money: the amount is back in your balance (`reversal.credited`); the fees are not refunded. Follows payout.success.",
  "refund.pending": "A refund was created; its amount is held from collect.available.",
  "refund.processing": "The provider accepted the refund.",
  "refund.success": "The customer got the money back.",
  "refund.failed": "The refund failed (errorCode says why); the amount is back in your balance.",
  "payout.bulk.completed":
    "Every payout of a bulk (POST /payouts/bulk) is final (success, failed or cancelled); sent once. Read the items with GET /payouts/bulk/{bulkId}; each payout also has its own payout.* events.",
};

/** What `data` is, per event type (its schema and how /docs names it). */
function dataOf(type: (typeof WEBHOOK_EVENT_TYPES)[number]): { data: WebhookEventDoc["data"]; dataName: string } {
  if (type === "payout.bulk.completed") return { data: bulkSummarySchema, dataName: "the bulk's summary (GET /payouts/bulk/{bulkId} without `items`)" };
  if (type === "payment.duplicate_charge") return { data: duplicateChargeSchema, dataName: "the duplicate charge" };
  if (type.startsWith("payment.")) return { data: paymentStatusSchema, dataName: "the payment status (GET /payments/status/{transactionId})" };
  if (type.startsWith("payout.")) return { data: payoutSchema, dataName: "the payout (GET /payouts/status/{payoutId})" };
  return { data: refundSchema, dataName: "the refund (as POST /payments/{transactionId}/refund returns it)" };
}

/**
 * Every webhook event, for the OpenAPI document's `webhooks` and /docs (docs/design/webhooks.md): the body is
 * `{id, type, createdAt, environment, data}` where `data` is the object named here.
 */
export const webhookEventDocs: WebhookEventDoc[] = WEBHOOK_EVENT_TYPES.map((type) => ({
  type,
  description: WHEN[type],
  ...dataOf(type),
}));
