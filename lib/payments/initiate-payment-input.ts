import { z } from "zod";
import { MAX_AMOUNT_MAJOR } from "@/lib/money/to-minor";
import { countryEnumMeta, currencyEnumMeta, PROVIDER_CODES, wholeUnitAmountRule } from "@/lib/reference/catalogue-codes";

/**
 * POST /payments/initiate body (spec). Strict: unknown fields are refused, so a typo never
 * silently drops data. Business checks (bounds, provider, phone) happen in initiatePayment.
 */
const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .max(2048);

export const MAX_METADATA_KEYS = 50;
export const MAX_METADATA_BYTES = 8 * 1024;

export const metadataSchema = z
  .record(z.string(), z.unknown())
  .refine((m) => Object.keys(m).length <= MAX_METADATA_KEYS, `metadata may have at most ${MAX_METADATA_KEYS} keys`)
  .refine((m) => Buffer.byteLength(JSON.stringify(m)) <= MAX_METADATA_BYTES, `metadata may be at most ${MAX_METADATA_BYTES / 1024} KB of JSON`)
  .describe("Free JSON object (at most 50 keys and 8 KB), echoed back and in webhooks.");

const upper = (len: number, what: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^[A-Za-z]{${len}}$`), `must be a ${len}-letter ${what} code`)
    .transform((s) => s.toUpperCase());

export const initiatePaymentBody = z
  .strictObject({
    type: z.enum(["direct", "checkout"]).describe("`direct`: push to one provider; `checkout`: hosted page where the customer picks."),
    // exclusiveMinimum: documents initiatePayment's own check (400 invalid_amount at ≤ 0).
    amount: z.number().meta({ exclusiveMinimum: 0, maximum: Number(MAX_AMOUNT_MAJOR) }).describe("Amount in the currency's major unit (XOF, XAF, UGX and RWF have no decimals); > 0, within the provider's bounds; whole units for a provider whose channel has `wholeUnits` (GET /providers/payment-methods: M-Pesa Kenya…), else 400 invalid_amount."),
    externalReference: z.string().trim().min(1).max(100).describe("Your unique reference for this payment."),
    provider: z.string().trim().min(1).max(32).meta({ enum: [...PROVIDER_CODES] }).optional().describe("Provider code (direct). See GET /providers/payment-methods."),
    country: upper(2, "ISO 3166-1 country").meta(countryEnumMeta()).optional().describe("ISO 3166-1 alpha-2 (direct; checkout defaults to your account's country)."),
    customerPhone: z.string().trim().min(1).max(32).optional().describe("E.164 phone of the paying wallet (direct)."),
    currency: upper(3, "currency").meta(currencyEnumMeta()).default("XOF").describe("Default XOF."),
    customerName: z.string().trim().max(200).optional(),
    customerEmail: z.email().max(254).optional(),
    description: z.string().trim().max(500).optional(),
    callbackUrl: httpUrl.optional().describe("Webhook URL for this payment's events (else your account's webhook URL)."),
    returnUrl: httpUrl.optional().describe("Where the hosted page sends the customer after success."),
    cancelUrl: httpUrl.optional().describe("Where the hosted page sends the customer after a cancel."),
    metadata: metadataSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.type !== "direct") return;
    for (const field of ["provider", "country", "customerPhone"] as const) {
      if (!body[field]) ctx.addIssue({ code: "custom", path: [field], message: `${field} is required for direct payments` });
    }
  })
  // What the refinement above checks, said in the document's own terms: a direct
  // payment names its provider, country and phone; a checkout needs none of them.
  .meta({
    // XOF (the default), XAF, UGX, RWF: whole units only (toMinor refuses decimals with 400 invalid_amount).
    ...wholeUnitAmountRule(),
    oneOf: [
      { title: "Direct payment", properties: { type: { const: "direct" } }, required: ["type", "provider", "country", "customerPhone"] },
      { title: "Checkout payment", properties: { type: { const: "checkout" } }, required: ["type"] },
    ],
    examples: [
      { type: "direct", amount: 5000, currency: "XOF", externalReference: "order-1042", provider: "orange", country: "SN", customerPhone: "+221770000012", customerName: "Awa Diop", callbackUrl: "https://merchant.example/webhooks/payments" },
      { type: "direct", amount: 1500, currency: "KES", externalReference: "order-2201", provider: "mpesa", country: "KE", customerPhone: "+254712345678", customerName: "Wanjiru Kamau" },
      { type: "checkout", amount: 15000, currency: "XOF", externalReference: "order-1043", description: "Order #1043", returnUrl: "https://merchant.example/orders/1043/paid", cancelUrl: "https://merchant.example/orders/1043" },
    ],
  });

export type InitiatePaymentInput = z.output<typeof initiatePaymentBody>;
