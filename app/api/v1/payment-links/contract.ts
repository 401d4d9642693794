import { defineContract } from "@/lib/http/contract";
import { createPaymentLinkBody, listPaymentLinksQuery, paymentLinkListSchema, paymentLinkSchema } from "@/lib/payment-links/payment-link-schemas";

/** The image travels base64 in the JSON body: up to 200 KB of picture, with room for the rest. */
const MAX_CREATE_BODY_BYTES = 320 * 1024;

export const createPaymentLinkContract = defineContract({
  operationId: "createPaymentLink",
  method: "POST",
  path: "/payment-links",
  summary: "Create a payment link",
  description:
    "A reusable page at `url` (`/pay/<slug>`) to share by WhatsApp, SMS or a printed QR code: the customer confirms or types the amount, leaves the details you ask " +
    "for, then pays on the hosted checkout. Each payment made through it is an ordinary checkout payment carrying `paymentLinkId` (status, lists, webhooks, " +
    "`GET /payments/transactions?paymentLinkId=`). Errors: 400 invalid_amount (outside what the link's methods accept), 400 invalid_country or provider_unavailable " +
    "(a country or method without a checkout channel in `currency`), 400 validation_error, 422 slug_taken. Honours X-Idempotency-Key. Body up to 320 KB (the image).",
  tags: ["Payment links"],
  auth: "apiKey",
  idempotency: true,
  maxBodyBytes: MAX_CREATE_BODY_BYTES,
  request: { body: createPaymentLinkBody },
  success: { status: 201, description: "The link, active", schema: paymentLinkSchema },
  errors: [400, 413, 422],
});

export const listPaymentLinksContract = defineContract({
  operationId: "listPaymentLinks",
  method: "GET",
  path: "/payment-links",
  summary: "List payment links",
  description: "Newest first, each with its totals (`paymentsCount`, `amountCollected`). Pages of 20 by default, at most 100.",
  tags: ["Payment links"],
  auth: "apiKey",
  request: { query: listPaymentLinksQuery },
  success: { status: 200, description: "A page of payment links", schema: paymentLinkListSchema },
  errors: [400],
});
