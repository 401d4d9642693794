import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { paymentStatusSchema } from "@/lib/payments/payment-schemas";

export const cancelPaymentContract = defineContract({
  operationId: "cancelPayment",
  method: "POST",
  path: "/payments/{transactionId}/cancel",
  summary: "Cancel a pending payment",
  description: "Only while `pending` (the customer has not started paying); otherwise 422 invalid_state. Cancelling twice is harmless.",
  tags: ["Collect"],
  auth: "apiKey",
  request: { params: z.object({ transactionId: z.string().max(64) }) },
  success: { status: 200, description: "The cancelled payment's status", schema: paymentStatusSchema },
  errors: [404, 422],
});
