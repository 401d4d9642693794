import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { paymentPublicSchema } from "@/lib/payments/payment-schemas";

export const publicPaymentStatusContract = defineContract({
  operationId: "getPublicPaymentStatus",
  method: "GET",
  path: "/payments/public/status/{transactionId}",
  summary: "Public status of a payment",
  description: "For customer-facing confirmation pages: only transactionId, status, amount and currency. No credentials.",
  tags: ["Collect"],
  auth: "public",
  request: { params: z.object({ transactionId: z.string().max(64) }) },
  success: { status: 200, description: "Public status", schema: paymentPublicSchema },
  errors: [404],
});
