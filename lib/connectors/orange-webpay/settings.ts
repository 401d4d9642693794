import { z } from "zod";

/**
 * An Orange Money Web Payment account's non-secret settings (README.md). One merchant key
 * belongs to one country: `countryPath` is the `{cc}` of Orange's paths, `dev` in Orange's
 * sandbox (where the currency on the wire is `OUV`).
 */
export const ORANGE_BASE_URL = "https://api.orange.com";

export const orangeWebpaySettingsSchema = z
  .object({
    /** `dev` (sandbox) or the country code of the production path: sn, ci, cm, ml, bf, gn… */
    countryPath: z.string().regex(/^(dev|[a-z]{2})$/, "dev, or a two-letter country code in lower case (sn, ci, cm…)"),
    /** The currency this account takes (sent as is in production; `OUV` is sent in dev). */
    currency: z.enum(["XOF", "XAF"]).default("XOF"),
    /** The label shown on Orange's page (`reference`, at most 30 characters). */
    merchantLabel: z.string().min(1).max(30).default("Payment"),
    lang: z.enum(["fr", "en"]).default("fr"),
  })
  .strict();

export type OrangeWebpaySettings = z.infer<typeof orangeWebpaySettingsSchema>;

export const ORANGE_SECRET_NAMES = ["CLIENT_ID", "CLIENT_SECRET", "MERCHANT_KEY"] as const;
