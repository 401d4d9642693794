import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { referenceQuery } from "../../../providers/payment-methods/contract";

export const corridorSchema = z.object({
  sourceCountry: z.string(),
  destinationCountry: z.string(),
  sourceCurrency: z.string(),
  destinationCurrency: z.string(),
  methods: z.array(z.string()).describe("Payout methods: mobile-money provider codes and/or bank_transfer."),
  minAmount: z.number().describe("Smallest payout, in sourceCurrency."),
  maxAmount: z.number().describe("Largest payout, in sourceCurrency."),
  isInternational: z.boolean().describe("True for every cross-border corridor (sender details and a purpose are required)."),
});

export const corridorsContract = defineContract({
  operationId: "listPayoutCorridors",
  method: "GET",
  path: "/payouts/reference/corridors",
  summary: "Payout corridors",
  description: "Active payout corridors, optionally filtered by source and/or destination country. Unknown country: 400.",
  tags: ["Reference"],
  auth: "public",
  cacheSeconds: 60,
  request: {
    query: z.object({
      sourceCountry: referenceQuery.countryCode("sourceCountry", false).optional().describe("ISO 3166-1 alpha-2 country the payout leaves from."),
      destinationCountry: referenceQuery.countryCode("destinationCountry", false).optional().describe("ISO 3166-1 alpha-2 country of the beneficiary."),
    }),
  },
  success: { status: 200, description: "Corridors", schema: z.object({ corridors: z.array(corridorSchema) }) },
});
