import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { paymentStatusSchema } from "@/lib/payments/payment-schemas";

export const paymentStatusContract = defineContract({
  operationId: "getPaymentStatus",
  method: "GET",
  path: "/payments/status/{transactionId}",
  summary: "Status of a collect payment",
  description: "The same object is the `data` of every payment.* webhook.",
  tags: ["Collect"],
  auth: "apiKey",
  request: { params: z.object({ transactionId: z.string().max(64) }) },
  success: { status: 200, description: "Payment status", schema: paymentStatusSchema },
  errors: [404],
});
