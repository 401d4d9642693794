import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { refundRequestBody, refundSchema } from "@/lib/refunds/refund-schemas";

export const refundPaymentContract = defineContract({
  operationId: "refundPayment",
  method: "POST",
  path: "/payments/{transactionId}/refund",
  summary: "Refund a payment, in full or in part",
  description:
    "Only a `success` collect. Without `amount`, everything left is refunded. The amount is held from your `collect.available` balance at once (the collect " +
    "fee is not returned), then sent back to the customer's wallet through the provider: the refund goes `pending` → `processing` → `success` (funds gone) " +
    "or `failed` (funds back in your balance), with `refund.*` webhooks. Partial refunds may follow each other until their total reaches the payment's " +
    "amount; the payment then becomes `refunded` (`payment.refunded`). The payment's status and detail list its `refunds` and `refundedAmount`. " +
    "Sandbox: the last two digits of the refund amount in minor units pick the outcome as for payouts (…90 invalid_recipient, …91 provider_error, " +
    "…92 account_blocked, …93 insufficient_balance, …94 limit_exceeded, …99 no answer: it stays `processing`, its amount held, until resolved). " +
    "Some providers refund whole payments only (Airtel, Wave): a partial refund through them is refused with 400 invalid_amount. Errors: 400 " +
    "invalid_amount / validation_error; 404 unknown " +
    "payment; 422 invalid_state (not a successful payment, nothing left), invalid_amount (more than what is left), insufficient_balance (the available " +
    "balance cannot cover it), idempotency_key_reused.",
  tags: ["Collect"],
  auth: "apiKey",
  idempotency: true,
  request: { params: z.object({ transactionId: z.string().max(64) }), body: refundRequestBody },
  success: { status: 201, description: "Refund created, pending", schema: refundSchema },
  errors: [404, 413, 422],
});
