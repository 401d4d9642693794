import { z } from "zod";
import { defineContract } from "@/lib/http/contract";

export const predictProviderContract = defineContract({
  operationId: "predictProvider",
  method: "POST",
  path: "/providers/predict",
  summary: "Predict the mobile-money provider of a phone number",
  description:
    "Reads the national numbering plan of the number's country (mobile prefixes per operator, kept in the reference data) and answers the " +
    "provider code to send in POST /payments/initiate. Accepts +CC…, 00CC…, CC… and national forms (national needs `country`); spaces, dots " +
    "and dashes are ignored. A ported number follows its block's original operator: in countries with number portability (`portability` " +
    "true: CM, BJ, GH, KE) the provider is a best guess the customer may correct, and `confidence` says how current the plan is. Errors: 400 invalid_phone (malformed, wrong length, " +
    "a country this API does not serve, or a `country` that contradicts the number), 400 invalid_country, 404 not_found when no operator " +
    "with a method on this platform owns the prefix.",
  tags: ["Reference"],
  auth: "apiKey",
  request: {
    body: z.object({
      phoneNumber: z
        .string({ error: "phoneNumber is required and must be a string" })
        .max(40, "phoneNumber is at most 40 characters")
        .describe("The number in any common form: +221 77 000 00 12, 00221770000012, 221770000012, or national 77 000 00 12 with country."),
      country: z
        .string({ error: "country must be a string" })
        .trim()
        .regex(/^[A-Za-z]{2}$/, "country must be an ISO 3166-1 alpha-2 code such as SN")
        .optional()
        .describe("ISO 3166-1 alpha-2; required for a national number, else checked against the number's calling code."),
    }),
  },
  success: {
    status: 200,
    description: "The predicted provider",
    schema: z.object({
      success: z.literal(true),
      data: z.object({
        phoneNumber: z.string().describe("The number in E.164 form."),
        country: z.string().describe("ISO 3166-1 alpha-2 country of the number."),
        provider: z.string().describe("Provider code of the operator that owns the number's prefix."),
        confidence: z.enum(["high", "medium", "low"]).describe("How far the country's numbering plan can be trusted: high = a regulator's notice confirmed by a second source; low = thin or stale data."),
        portability: z.boolean().describe("True where numbers can move between operators: the provider is then the block's first owner, a best guess."),
        wholeUnits: z
          .boolean()
          .describe(
            "True when the predicted provider takes whole units only in the country's currency: its collect channel's `wholeUnits` in GET /providers/payment-methods (its payout channel's where it does not collect there, as in CD). An amount with cents to it is refused at initiate with 400 invalid_amount.",
          ),
      }),
    }),
  },
  errors: [404],
});
