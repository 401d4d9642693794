import { defineContract } from "@/lib/http/contract";
import { paymentLinkIdParams, paymentLinkSchema } from "@/lib/payment-links/payment-link-schemas";

export const deactivatePaymentLinkContract = defineContract({
  operationId: "deactivatePaymentLink",
  method: "POST",
  path: "/payment-links/{paymentLinkId}/deactivate",
  summary: "Deactivate a payment link",
  description:
    "From now on the link's page says it no longer takes payments; payments already started through it go on. Deactivating twice is harmless. " +
    "A deactivated link cannot be reactivated: create a new one.",
  tags: ["Payment links"],
  auth: "apiKey",
  idempotency: true,
  request: { params: paymentLinkIdParams },
  success: { status: 200, description: "The link, deactivated", schema: paymentLinkSchema },
  errors: [404],
});
