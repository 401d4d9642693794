import { z } from "zod";
import { isCurrency } from "@/lib/money";

/**
 * The non-secret settings of an M-Pesa Daraja account (README.md) and the secrets each
 * product needs. Settings arrive as strings from `connector:add --setting key=value`.
 */
export const MPESA_PRODUCTION_BASE_URL = "https://api.safaricom.co.ke";
export const MPESA_SANDBOX_BASE_URL = "https://sandbox.safaricom.co.ke";

export const MPESA_PRODUCTS = ["collection", "payout"] as const;
export type MpesaProduct = (typeof MPESA_PRODUCTS)[number];

const productList = z.preprocess(
  (value) => (typeof value === "string" ? value.split(",").map((p) => p.trim()).filter(Boolean) : value),
  z.array(z.enum(MPESA_PRODUCTS)).min(1, "at least one product").transform((list) => [...new Set(list)]),
);
const shortcode = z.string().regex(/^\d{5,7}$/, "a paybill, till or B2C shortcode (5 to 7 digits)");

export const mpesaDarajaSettingsSchema = z
  .object({
    /** STK push `BusinessShortCode` (the paybill or store number the Password is made with). */
    shortcode: shortcode.optional(),
    /** `CustomerPayBillOnline` (paybill) or `CustomerBuyGoodsOnline` (till). */
    transactionType: z.enum(["CustomerPayBillOnline", "CustomerBuyGoodsOnline"]).default("CustomerPayBillOnline"),
    /** STK `PartyB`: the till for Buy Goods; defaults to `shortcode`. */
    partyB: shortcode.optional(),
    /** Shown on the customer's prompt (AccountReference, at most 12 characters). */
    accountReference: z.string().min(1).max(12).optional(),
    /** B2C `PartyA`: the disbursement shortcode. */
    b2cShortcode: shortcode.optional(),
    /** B2C `InitiatorName`, whose password is the INITIATOR_PASSWORD secret. */
    initiatorName: z.string().min(1).optional(),
    commandId: z.enum(["BusinessPayment", "SalaryPayment", "PromotionPayment"]).default("BusinessPayment"),
    /** `v3` (current) or `v1` B2C path. */
    b2cVersion: z.enum(["v1", "v3"]).default("v3"),
    /** Kenyan shillings; Daraja moves whole units only. */
    currency: z.string().refine(isCurrency, "a currency lib/money knows").default("KES"),
    products: productList.default(["collection", "payout"]),
  })
  .superRefine((s, ctx) => {
    if (s.products.includes("collection") && !s.shortcode) ctx.addIssue({ code: "custom", path: ["shortcode"], message: "collection needs the STK shortcode" });
    if (s.products.includes("payout")) {
      if (!s.b2cShortcode) ctx.addIssue({ code: "custom", path: ["b2cShortcode"], message: "payout needs the B2C shortcode" });
      if (!s.initiatorName) ctx.addIssue({ code: "custom", path: ["initiatorName"], message: "payout needs the B2C initiator name" });
    }
  });

export type MpesaDarajaSettings = z.output<typeof mpesaDarajaSettingsSchema>;

/** CONSUMER_*: the app's OAuth pair; PASSKEY: the STK passkey; INITIATOR_PASSWORD and SAFARICOM_CERTIFICATE make the B2C SecurityCredential. */
export const MPESA_SECRET_NAMES = ["CONSUMER_KEY", "CONSUMER_SECRET", "PASSKEY", "INITIATOR_PASSWORD", "SAFARICOM_CERTIFICATE"] as const;

export function requiredSecrets(settings: Pick<MpesaDarajaSettings, "products">): string[] {
  const names = ["CONSUMER_KEY", "CONSUMER_SECRET"];
  if (settings.products.includes("collection")) names.push("PASSKEY");
  if (settings.products.includes("payout")) names.push("INITIATOR_PASSWORD", "SAFARICOM_CERTIFICATE");
  return names;
}
