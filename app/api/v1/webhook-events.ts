import { paymentStatusSchema } from "@/lib/payments/payment-schemas";
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
  "payout.pending": "A payout was created; its total debit is held.",
  "payout.processing": "The provider accepted the payout.",
  "payout.success": "The beneficiary was paid.",
  "payout.failed": "The payout failed; the held debit is back in your balance.",
  "payout.cancelled": "The payout was cancelled before submission; the held debit is back.",
  "refund.pending": "A refund was created; its amount is held from collect.available.",
  "refund.processing": "The provider accepted the refund.",
  "refund.success": "The customer got the money back.",
  "refund.failed": "The refund failed (errorCode says why); the amount is back in your balance.",
};

/**
 * Every webhook event, for the OpenAPI document's `webhooks` and /docs (DESIGN §10): the body is
 * `{id, type, createdAt, environment, data}` where `data` is the object named here.
 */
export const webhookEventDocs: WebhookEventDoc[] = WEBHOOK_EVENT_TYPES.map((type) => ({
  type,
  description: WHEN[type],
  data: type.startsWith("payment.") ? paymentStatusSchema : type.startsWith("payout.") ? payoutSchema : refundSchema,
  dataName: type.startsWith("payment.") ? "the payment status (GET /payments/status/{transactionId})" : type.startsWith("payout.") ? "the payout (GET /payouts/status/{payoutId})" : "the refund (as POST /payments/{transactionId}/refund returns it)",
}));
