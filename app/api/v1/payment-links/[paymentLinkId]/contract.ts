import { defineContract } from "@/lib/http/contract";
import { paymentLinkIdParams, paymentLinkSchema } from "@/lib/payment-links/payment-link-schemas";

export const getPaymentLinkContract = defineContract({
  operationId: "getPaymentLink",
  method: "GET",
  path: "/payment-links/{paymentLinkId}",
  summary: "A payment link",
  description: "With its status and totals. Its payments: GET /payments/transactions?paymentLinkId={paymentLinkId}.",
  tags: ["Payment links"],
  auth: "apiKey",
  request: { params: paymentLinkIdParams },
  success: { status: 200, description: "The payment link", schema: paymentLinkSchema },
  errors: [404],
});
