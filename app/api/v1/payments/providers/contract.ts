import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { paymentMethodSchema, referenceQuery } from "../../providers/payment-methods/contract";

export const paymentProvidersContract = defineContract({
  operationId: "listPaymentProviders",
  method: "GET",
  path: "/payments/providers",
  summary: "Providers available for collect",
  description:
    "Active collect channels, one per provider, country and currency, ordered by priority. Use `providerCode` in POST /payments/initiate " +
    "and respect `minAmount`/`maxAmount`. Unknown country or currency: 400.",
  tags: ["Reference"],
  auth: "public",
  cacheSeconds: 60,
  request: {
    query: z.object({
      country: referenceQuery.countryCode("country", true).optional().describe("ISO 3166-1 alpha-2 country (default: all)."),
      currency: referenceQuery.currencyCode("currency").optional().describe("XOF, XAF, EUR, USD…"),
    }),
  },
  success: {
    status: 200,
    description: "Payment methods",
    schema: z.object({ data: z.array(paymentMethodSchema.omit({ conversion: true })) }),
  },
});
