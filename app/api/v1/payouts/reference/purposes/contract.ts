import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { countryEnumMeta } from "@/lib/reference/catalogue-codes";
import { referenceQuery } from "../../../providers/payment-methods/contract";

export const purposeSchema = z.object({
  code: z.string().describe("Send this code as the payout purpose (any case is accepted)."),
  label: z.string(),
  description: z.string(),
});

export const purposesContract = defineContract({
  operationId: "listPayoutPurposes",
  method: "GET",
  path: "/payouts/reference/purposes",
  summary: "Transfer purposes allowed on a corridor",
  description: "Both countries are required. Unknown country or no corridor between them: 400.",
  tags: ["Reference"],
  auth: "public",
  cacheSeconds: 60,
  request: {
    query: z.object({
      sourceCountry: z
        .string({ error: "sourceCountry is required" })
        .pipe(referenceQuery.countryCode("sourceCountry", false))
        .meta({ ...countryEnumMeta(), pattern: "^[A-Za-z]{2}$", maxLength: 2 })
        .describe("ISO 3166-1 alpha-2 country the payout leaves from. Required."),
      destinationCountry: z
        .string({ error: "destinationCountry is required" })
        .pipe(referenceQuery.countryCode("destinationCountry", false))
        .meta({ ...countryEnumMeta(), pattern: "^[A-Za-z]{2}$", maxLength: 2 })
        .describe("ISO 3166-1 alpha-2 country of the beneficiary. Required."),
    }),
  },
  success: { status: 200, description: "Purposes", schema: z.object({ purposes: z.array(purposeSchema) }) },
});
