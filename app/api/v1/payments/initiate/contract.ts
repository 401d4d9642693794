import { defineContract } from "@/lib/http/contract";
import { initiatePaymentBody } from "@/lib/payments/initiate-payment-input";
import { initiatedPaymentSchema } from "@/lib/payments/payment-schemas";

export const initiatePaymentContract = defineContract({
  operationId: "initiatePayment",
  method: "POST",
  path: "/payments/initiate",
  summary: "Create a collect payment",
  description:
    "`direct` pushes a prompt to the customer's phone through one provider; `checkout` returns a hosted page (`redirectUrl`) where the customer picks a method. " +
    "The payment starts `pending`; follow it by webhook or GET /payments/status/{transactionId}. Errors: 400 invalid_amount (outside the provider's bounds), " +
    "400 provider_unavailable, 400 invalid_phone, 422 duplicate_reference (externalReference already used; details name the transaction).",
  tags: ["Collect"],
  auth: "apiKey",
  idempotency: true,
  idempotencyInStatement: true,
  request: { body: initiatePaymentBody },
  success: { status: 201, description: "Payment created, pending", schema: initiatedPaymentSchema },
  errors: [404, 413, 422],
});
