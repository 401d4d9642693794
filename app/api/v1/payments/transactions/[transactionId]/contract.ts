import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { paymentDetailSchema } from "@/lib/payments/payment-schemas";

export const transactionDetailContract = defineContract({
  operationId: "getTransaction",
  method: "GET",
  path: "/payments/transactions/{transactionId}",
  summary: "Transaction detail",
  tags: ["Collect"],
  auth: "apiKey",
  request: { params: z.object({ transactionId: z.string().max(64) }) },
  success: { status: 200, description: "Transaction detail", schema: paymentDetailSchema },
  errors: [404],
});
