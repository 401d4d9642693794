import { z } from "zod";
import { metadataSchema } from "@/lib/payments/initiate-payment-input";
import { MAX_AMOUNT_MAJOR } from "@/lib/money/to-minor";
import { countryEnumMeta, currencyEnumMeta, PAYOUT_METHODS, wholeUnitAmountRule } from "@/lib/reference/catalogue-codes";
import { PAYOUT_OPERATORS } from "@/lib/reference/provider-codes";

/**
 * Request bodies of POST /payouts/quote and POST /payouts/initiate (spec "Payout request
 * objects"). The shapes and formats are checked here (field-level 400 validation_error); what is
 * required depends on the quote (method, international, b2b) and is checked in
 * validate-beneficiary.ts.
 */
const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
/** ISO 3166-1 alpha-2, upper case, a code that names a real region. */
export const isoCountry = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => /^[A-Z]{2}$/.test(s) && regionNames.of(s) !== s && s !== "ZZ", "must be an ISO 3166-1 alpha-2 country code")
  .meta({ pattern: "^[A-Za-z]{2}$", maxLength: 2, description: "ISO 3166-1 alpha-2 country code (case-insensitive)." });

const currencyCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, "must be a 3-letter currency code")
  .transform((s) => s.toUpperCase());

/** A currency the API handles (getCurrency refuses any other with 400 invalid_currency), as the document shows it. */
const servedCurrency = currencyCode.meta({ ...currencyEnumMeta(), description: "ISO 4217 code this API handles (case-insensitive)." });

/** A destination the catalogue serves (any other: 400 corridor_unsupported or invalid_country). */
const servedCountry = isoCountry.meta({ ...countryEnumMeta(), pattern: "^[A-Za-z]{2}$", maxLength: 2, description: "ISO 3166-1 alpha-2 country this API serves (case-insensitive)." });

/**
 * An amount as a JSON number (or, tolerated, a decimal string): > 0, at most 10^12, no more
 * decimals than the currency has (toMinor: 400 invalid_amount otherwise).
 */
const payoutAmount = z
  .union([z.number().meta({ exclusiveMinimum: 0, maximum: Number(MAX_AMOUNT_MAJOR) }), z.string().meta({ pattern: "^([0-9]*[1-9][0-9]*(\\.[0-9]+)?|[0-9]+\\.[0-9]*[1-9][0-9]*)$", maxLength: 32 })])
  .describe("In the major unit of `currency`, > 0; whole units in XOF, XAF, UGX and RWF, at most 2 decimals in the others; whole units to a payout channel with `wholeUnits` (GET /providers/payment-methods?method=payout), else 400 invalid_amount.");

/** YYYY-MM-DD and a real calendar day. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, "is not a real date");

const text = (max = 200) => z.string().trim().min(1).max(max);
const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).max(2048);

export const identitySchema = z.strictObject({
  type: z.enum(["passport", "national_id", "driving_license"]),
  number: text(64),
  issuingCountry: isoCountry,
  issueDate: isoDate,
  expiryDate: isoDate,
});

export const companySchema = z.strictObject({
  name: text(),
  legalForm: text().optional(),
  businessType: text().optional(),
  countryOfTrade: text().optional(),
  currencies: z.array(currencyCode).max(20).optional(),
});

export const senderSchema = z.strictObject({
  firstName: text(100),
  lastName: text(100),
  phone: text(32).optional(),
  email: z.email().max(254).optional(),
  address: text(500),
  dateOfBirth: isoDate,
  nationality: isoCountry,
  sourceOfIncome: text().optional(),
  relationWithRecipient: text().optional(),
  identity: identitySchema,
  company: companySchema.optional(),
});

export const recipientSchema = z.strictObject({
  phone: text(32).optional().describe("E.164; required for mobile money."),
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  name: text().optional(),
  email: z.email().max(254).optional(),
  nationality: isoCountry.optional(),
  address: z
    .strictObject({ line1: text(200).optional(), city: text(100).optional(), postalCode: text(20).optional(), country: isoCountry.optional() })
    .optional(),
});

export const bankAccountSchema = z.strictObject({
  accountNumber: text(64).describe("Account number or IBAN."),
  swiftBic: text(11).optional(),
  bankName: text().optional(),
  bankBranch: text().optional(),
  bankAddress: text(500).optional(),
  bankCode: text(32).optional(),
  accountName: text().optional(),
});

export const correspondentBankSchema = z.strictObject({
  bankName: text().optional(),
  swiftBic: text(11).optional(),
  accountNumber: text(64).optional(),
});

export const quoteBody = z
  .strictObject({
    amount: payoutAmount,
    currency: servedCurrency,
    destinationCountry: servedCountry,
    destinationCurrency: servedCurrency.optional(),
    method: text(32).meta({ enum: [...PAYOUT_METHODS] }).describe(`A payout provider code (${PAYOUT_OPERATORS.join(", ")}) or bank_transfer; GET /payouts/reference/corridors says which a destination takes.`),
    type: z.enum(["c2c", "b2b"]).default("c2c"),
    allowFxFrom: servedCurrency.optional().describe("A currency the merchant allows a floating-rate top-up from."),
  })
  .meta({ ...wholeUnitAmountRule({ currencyRequired: true, decimalString: true }) });

export type QuoteBody = z.output<typeof quoteBody>;

/** Quoted (quoteId) and legacy (amount + method) initiate share one body; initiatePayout tells them apart. */
export const initiatePayoutBody = z
  .strictObject({
    quoteId: text(64).optional(),
    externalReference: text(100).optional(),
    purpose: text(64).optional(),
    international: z.strictObject({ purpose: text(64).optional() }).optional(),
    sender: senderSchema.optional(),
    recipient: recipientSchema,
    bankAccount: bankAccountSchema.optional(),
    correspondentBank: correspondentBankSchema.optional(),
    description: text(500).optional(),
    // Legacy flow
    amount: payoutAmount.optional(),
    method: z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .pipe(z.enum(["MOBILE_MONEY", "BANK_TRANSFER"]))
      .meta({ enum: ["MOBILE_MONEY", "BANK_TRANSFER"], description: "Legacy: MOBILE_MONEY or BANK_TRANSFER (case-insensitive)." })
      .optional(),
    country: servedCountry.optional().describe("Legacy: destination country, default SN."),
    currency: servedCurrency.optional().describe("Legacy: default XOF."),
    type: z.enum(["c2c", "b2b"]).optional().describe("Legacy: default c2c."),
    mobileWallet: z.strictObject({ provider: text(32).meta({ enum: [...PAYOUT_OPERATORS] }).describe(`A payout operator: ${PAYOUT_OPERATORS.join(", ")}.`) }).optional(),
    callbackUrl: httpUrl.optional(),
    metadata: metadataSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.quoteId) {
      for (const field of ["amount", "method", "country", "currency", "mobileWallet", "type"] as const) {
        if (body[field] !== undefined) ctx.addIssue({ code: "custom", path: [field], message: `${field} comes from the quote; do not send it with quoteId` });
      }
      return;
    }
    if (body.amount === undefined) ctx.addIssue({ code: "custom", path: ["amount"], message: "amount is required without quoteId" });
    if (body.method === undefined) ctx.addIssue({ code: "custom", path: ["method"], message: "method is required without quoteId (MOBILE_MONEY or BANK_TRANSFER)" });
  })
  // The refinement above in the document's terms: quoted (the quote fixes amount,
  // method, country, currency, wallet and type) or legacy (amount and method in the body).
  .meta({
    // Legacy: XOF (the default), XAF, UGX, RWF amounts are whole units.
    ...wholeUnitAmountRule({ decimalString: true }),
    oneOf: [
      // `false`: the property must be absent in this shape.
      {
        title: "Quoted payout",
        required: ["quoteId", "recipient"],
        properties: Object.fromEntries(["amount", "method", "country", "currency", "mobileWallet", "type"].map((field) => [field, false])),
      },
      {
        title: "Legacy payout",
        required: ["amount", "method", "recipient"],
        properties: { quoteId: false },
        // MOBILE_MONEY names its operator (initiatePayout: 400 validation_error on mobileWallet.provider).
        if: { properties: { method: { const: "MOBILE_MONEY" } }, required: ["method"], unevaluatedProperties: true },
        then: { required: ["mobileWallet"], properties: { mobileWallet: { type: "object" } }, unevaluatedProperties: true },
      },
    ],
    examples: [
      { quoteId: "qt_01j9x7k2m3", externalReference: "payout-2001", recipient: { phone: "+221770000012", name: "Awa Diop" } },
      { amount: 10000, currency: "XOF", country: "SN", method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, externalReference: "payout-2002", recipient: { phone: "+221770000012", name: "Awa Diop" } },
    ],
  });

export type InitiatePayoutBody = z.output<typeof initiatePayoutBody>;
