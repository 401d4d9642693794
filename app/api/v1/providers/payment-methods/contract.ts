import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { countryEnumMeta, currencyEnumMeta } from "@/lib/reference/catalogue-codes";

const countryCode = (name: string, allowAll: boolean) =>
  z
    .string()
    .trim()
    .regex(allowAll ? /^([A-Za-z]{2}|\*)$/ : /^[A-Za-z]{2}$/, `${name} must be an ISO 3166-1 alpha-2 code such as SN${allowAll ? ", or * for all" : ""}`)
    // The catalogue's countries (resolveCountry: any other is 400 invalid_country); case-insensitive.
    .meta(countryEnumMeta(allowAll ? ["*"] : []));

const currencyCode = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, `${name} must be a 3-letter currency code such as XOF`)
    .meta(currencyEnumMeta());

export const referenceQuery = { countryCode, currencyCode };

export const conversionSchema = z
  .object({
    merchantAmount: z.number().describe("The amount the merchant wants to receive (merchant_amount)."),
    merchantCurrency: z.string().describe("The merchant's currency (merchant_currency)."),
    payerAmount: z
      .number()
      .describe("The amount to ask the payer, in the channel's currency: the smallest amount whose conversion covers merchantAmount (rounded up; up to a whole unit where the channel has wholeUnits)."),
    payerCurrency: z.string().describe("The channel's (payer's) currency."),
    rate: z.number().describe("payerCurrency → merchantCurrency rate used, spread included: payerAmount × rate ≥ merchantAmount."),
    spreadPercent: z.number().describe("Spread applied to the mid rate, in percent (0 at parity or for the same currency)."),
    parity: z.boolean().describe("True for a fixed 1:1 conversion (same currency, or XOF↔XAF)."),
    withinLimits: z.boolean().describe("Whether payerAmount lies within this channel's minAmount and maxAmount."),
  })
  .describe("Present when merchant_amount, merchant_currency and currency are all given and the conversion succeeds.");

export const paymentMethodSchema = z.object({
  id: z.string().describe("Channel id: <provider>-<country>-<currency>-<direction>."),
  name: z.string(),
  logoUrl: z.string().nullable(),
  providerCode: z.string().describe("The code to send as `provider` (collect) or as the payout method."),
  color: z.string().describe("Brand colour, hex (#RRGGBB)."),
  minAmount: z.string().describe("Smallest amount accepted, decimal string in the channel's currency."),
  maxAmount: z.string().describe("Largest amount accepted, decimal string in the channel's currency."),
  currencies: z.array(z.string()).describe("The channel's currency (one per channel)."),
  country: z.string().describe("ISO 3166-1 alpha-2 country of the channel."),
  direction: z.enum(["collect", "payout"]).describe("Whether the channel collects payments or pays out."),
  wholeUnits: z
    .boolean()
    .describe(
      "True when the channel takes whole units only: its currency has no minor unit (XOF, XAF, UGX, RWF), or its operator takes no cents in a currency that has them (M-Pesa and Airtel in Kenya, the Tanzanian wallets, Orange Money DRC payouts in CDF). An amount with cents is then refused at initiate with 400 invalid_amount, and a conversion into the channel is rounded to a whole unit.",
    ),
  conversion: conversionSchema.optional(),
});

export const paymentMethodsContract = defineContract({
  operationId: "listPaymentMethods",
  method: "GET",
  path: "/providers/payment-methods",
  summary: "Payment methods of a country, with their bounds and an optional conversion",
  description:
    "Active channels (provider × country × currency) for collect or payout, ordered by priority. An operator can expose one channel per " +
    "currency in a country, so pass `currency` in multi-currency countries. With `merchant_amount`, `merchant_currency` and `currency`, " +
    "each channel carries a `conversion` telling what to ask the payer; a channel whose conversion fails is returned without it. " +
    "Unknown country, currency or method: 400.",
  tags: ["Reference"],
  auth: "public",
  cacheSeconds: 60,
  request: {
    query: z.object({
      country: countryCode("country", true).describe("ISO 3166-1 alpha-2 country, or * for every country. Required."),
      currency: currencyCode("currency").optional().describe("Only the channels of this currency (the payer's currency)."),
      method: z
        .enum(["collect", "payout"], { error: 'method must be "collect" or "payout"' })
        .optional()
        .describe("collect (default) or payout: different channels with their own bounds."),
      merchant_amount: z
        .string()
        .meta({ pattern: "^([0-9]*[1-9][0-9]*(\\.[0-9]+)?|[0-9]+\\.[0-9]*[1-9][0-9]*)$", maxLength: 32 })
        .optional()
        .describe("Amount the merchant wants to receive, in merchant_currency (decimal, > 0, at most the currency's decimals). merchant_amount, merchant_currency and currency go together: one without the others is 400 validation_error."),
      merchant_currency: currencyCode("merchant_currency").optional().describe("The merchant's settlement currency; only with merchant_amount and currency."),
    }),
  },
  success: { status: 200, description: "Payment methods", schema: z.object({ data: z.array(paymentMethodSchema) }) },
});
