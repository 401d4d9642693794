import { z } from "zod";
import { paginationMeta, paginationQuery } from "@/lib/http/pagination";
import { MAX_AMOUNT_MAJOR } from "@/lib/money/to-minor";
import { metadataSchema } from "@/lib/payments/initiate-payment-input";
import { currencyEnumMeta } from "@/lib/reference/catalogue-codes";

/**
 * The wire shapes of /payment-links (request bodies, query, responses), used by the contracts
 * (and so by the OpenAPI document) and by the dashboard's form, which builds the same body.
 * Business checks (currency, countries, methods, bounds against the checkout's channels) are in
 * createPaymentLink.
 */
export const LINK_FIELD_MODES = ["off", "optional", "required"] as const;
export const LINK_STATUSES = ["active", "deactivated", "expired", "completed"] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** Lower-case letters and digits, single dashes between them: what reads well in a URL and on a poster. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_LINK_IMAGE_BYTES = 200 * 1024;

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).max(2048);
const upper = (len: number, what: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^[A-Za-z]{${len}}$`), `must be a ${len}-letter ${what} code`)
    .transform((s) => s.toUpperCase());
const amount = z.number().meta({ exclusiveMinimum: 0, maximum: Number(MAX_AMOUNT_MAJOR) });
const mode = z.enum(LINK_FIELD_MODES);

export const createPaymentLinkBody = z
  .strictObject({
    title: z.string().trim().min(1).max(120).describe("What the customer pays for: the page's heading and the shared preview's title."),
    description: z.string().trim().max(1000).optional().describe("A few lines under the title, also the shared preview's description."),
    currency: upper(3, "currency").meta(currencyEnumMeta()).default("XOF").describe("ISO 4217; default XOF. Amounts follow its minor unit (XOF: whole francs)."),
    amount: amount.optional().describe("A fixed amount in major units; whole units when every offered method that takes the amount has `wholeUnits`. Leave it out to let the customer type the amount (then `minAmount`/`maxAmount` bound it)."),
    minAmount: amount.optional().describe("Customer-chosen amount only: the smallest accepted (default: the smallest any offered method takes); whole units when every offered method has `wholeUnits`."),
    maxAmount: amount.optional().describe("Customer-chosen amount only: the largest accepted (default: the largest any offered method takes); whole units when every offered method has `wholeUnits`."),
    slug: z
      .string()
      .trim()
      .min(3)
      .max(48)
      .regex(SLUG_PATTERN, "must be lower-case letters and digits, with single dashes between them")
      .optional()
      .describe("The readable part of `/pay/<slug>`. Default: made from the title plus 4 random characters. 422 slug_taken when another link has it."),
    countries: z
      .array(upper(2, "ISO 3166-1 country"))
      .min(1)
      .max(20)
      .optional()
      .describe("Where customers may pay from (ISO 3166-1 alpha-2); each must offer a checkout method in `currency`. Default: your account's country."),
    methods: z
      .array(z.string().trim().min(1).max(32))
      .max(20)
      .optional()
      .describe("Provider codes the checkout offers for this link (GET /providers/payment-methods); default: every mobile-money method it would offer."),
    collect: z
      .strictObject({
        name: mode.default("off"),
        phone: mode.default("off").describe("A contact number; it is also put in the checkout's wallet-number field."),
        email: mode.default("off"),
        customField: z
          .strictObject({ label: z.string().trim().min(1).max(60), required: z.boolean().default(false) })
          .optional()
          .describe("One question of yours (\"Size\", \"Table number\"); the answer is in the payment's metadata as `customField`."),
      })
      .optional()
      .describe("What the first step asks the customer: each detail `off` (default), `optional` or `required`."),
    successMessage: z.string().trim().min(1).max(500).optional().describe("Shown to the customer after a successful payment. Not with `redirectUrl`."),
    redirectUrl: httpUrl.optional().describe("Where the customer is sent after a successful payment (with `transactionId` and `status` in the query). Not with `successMessage`."),
    expiresAt: z.iso.datetime({ offset: true }).optional().describe("After this instant (ISO 8601) the link takes no new payment."),
    maxPayments: z.number().int().min(1).max(1_000_000).optional().describe("At most this many successful payments; payments in progress hold a place until they end."),
    metadata: metadataSchema.optional().describe("Free JSON object (at most 50 keys and 8 KB), copied to every payment made through the link."),
    image: z
      .string()
      .max(Math.ceil((MAX_LINK_IMAGE_BYTES * 4) / 3) + 4)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, "must be base64")
      .optional()
      .describe("A product picture: base64 of a PNG, JPEG or WebP file of at most 200 KB and 2048 px a side. Shown on the page and in the shared preview."),
  })
  .superRefine((body, ctx) => {
    if (body.amount !== undefined && (body.minAmount !== undefined || body.maxAmount !== undefined)) {
      ctx.addIssue({ code: "custom", path: ["minAmount"], message: "minAmount and maxAmount are for a customer-chosen amount: leave them out with a fixed amount" });
    }
    if (body.successMessage !== undefined && body.redirectUrl !== undefined) {
      ctx.addIssue({ code: "custom", path: ["redirectUrl"], message: "give successMessage or redirectUrl, not both" });
    }
  })
  .meta({
    examples: [
      { title: "Robe wax, taille unique", description: "Livraison à Dakar sous 48 h.", amount: 15000, currency: "XOF", collect: { name: "required", phone: "required" }, maxPayments: 20 },
      { title: "Don à l'association", currency: "XOF", minAmount: 500, maxAmount: 100000, collect: { name: "optional", email: "optional" }, successMessage: "Merci pour votre soutien !" },
    ],
  });

export type CreatePaymentLinkInput = z.output<typeof createPaymentLinkBody>;

// Strict like every paged list: an unknown parameter (a misspelt filter) is 400, never ignored.
export const listPaymentLinksQuery = z.strictObject({
  ...paginationQuery,
  status: z.enum(LINK_STATUSES).optional().describe("Only links in this state."),
});
export type ListPaymentLinksQuery = z.output<typeof listPaymentLinksQuery>;

const LINK_ID_EXAMPLE = "plink_01j9x7k2m3";
export const paymentLinkIdParams = z.object({ paymentLinkId: z.string().max(64).meta({ examples: [LINK_ID_EXAMPLE] }) });

const nullableString = z.string().nullable();
const nullableNumber = z.number().nullable();

export const paymentLinkSchema = z
  .object({
    id: z.string().meta({ examples: [LINK_ID_EXAMPLE] }),
    slug: z.string().meta({ examples: ["robe-wax-k3x9"] }),
    url: z.string().describe("The page to share: `<origin>/pay/<slug>`.").meta({ examples: ["https://pay.example/pay/robe-wax-k3x9"] }),
    qrCode: z
      .object({ png: z.string().meta({ examples: ["https://pay.example/pay/robe-wax-k3x9/qr.png"] }), svg: z.string().meta({ examples: ["https://pay.example/pay/robe-wax-k3x9/qr.svg"] }) })
      .describe("The page's QR code as PNG and SVG (public URLs, no API key; add `?download=1` to save it as a file)."),
    status: z.enum(LINK_STATUSES).describe("`active`; `deactivated` (POST …/deactivate); `expired` (past `expiresAt`); `completed` (`maxPayments` reached)."),
    title: z.string().meta({ examples: ["Robe wax, taille unique"] }),
    description: nullableString,
    imageUrl: nullableString.describe("The picture on our origin (`/pay/<slug>/image/<sha256>.<ext>`), also the shared preview's image; null without one."),
    currency: z.string(),
    amount: nullableNumber.describe("The fixed amount; null when the customer chooses it."),
    minAmount: nullableNumber,
    maxAmount: nullableNumber,
    countries: z.array(z.string()),
    methods: z.array(z.string()).describe("Provider codes offered; empty: every method the checkout offers."),
    collect: z.object({
      name: mode,
      phone: mode,
      email: mode,
      customField: z.object({ label: z.string(), required: z.boolean() }).nullable(),
    }),
    successMessage: nullableString,
    redirectUrl: nullableString,
    expiresAt: nullableString,
    maxPayments: z.number().int().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    paymentsCount: z.number().int().describe("Successful payments made through the link (refunded ones included)."),
    amountCollected: z.number().describe("What those payments brought in, less what was refunded, in `currency`."),
    createdAt: z.string(),
    updatedAt: z.string(),
    deactivatedAt: nullableString,
  })
  .meta({ id: "PaymentLink" });

export const paymentLinkListSchema = z.object({ data: z.array(paymentLinkSchema), meta: paginationMeta }).meta({ id: "PaymentLinkList" });
