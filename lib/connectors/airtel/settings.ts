import { z } from "zod";
import { isCurrency } from "@/lib/money";

/**
 * The non-secret settings of an Airtel Money account (README.md): one account serves one
 * country and currency (the X-Country / X-Currency headers), with the API version and the
 * per-country options Airtel turns on (message signing, callback authentication).
 */
export const AIRTEL_PRODUCTION_BASE_URL = "https://openapi.airtel.africa";
export const AIRTEL_STAGING_BASE_URL = "https://openapiuat.airtel.africa";

export const AIRTEL_PRODUCTS = ["collection", "disbursement"] as const;
export type AirtelProduct = (typeof AIRTEL_PRODUCTS)[number];

const productList = z.preprocess(
  (value) => (typeof value === "string" ? value.split(",").map((p) => p.trim()).filter(Boolean) : value),
  z.array(z.enum(AIRTEL_PRODUCTS)).min(1, "at least one product").transform((list) => [...new Set(list)]),
);
const flag = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean());

/**
 * Country calling codes of the Airtel markets: the API wants the national number without it.
 * The platform's catalogue has Airtel in NE, GA, CG, TD (collect, payout) and CD (payout).
 */
export const AIRTEL_CALLING_CODES: Record<string, string> = {
  NE: "227", GA: "241", CG: "242", TD: "235", CD: "243", UG: "256", KE: "254", TZ: "255", ZM: "260", RW: "250", MW: "265", NG: "234", MG: "261", SC: "248",
};

export const airtelSettingsSchema = z.object({
  /** ISO-2 country this account serves (`X-Country`). */
  country: z.string().refine((c) => c in AIRTEL_CALLING_CODES, `one of the Airtel markets: ${Object.keys(AIRTEL_CALLING_CODES).join(", ")}`),
  /** The currency it moves (`X-Currency`). */
  currency: z.string().refine(isCurrency, "a currency lib/money knows"),
  /** v1 or v2 of the payment and disbursement paths (OpCos differ). */
  apiVersion: z.enum(["v1", "v2"]).default("v1"),
  /**
   * The refund path: `/standard/v2/payments/refund` in Airtel's current docs, v1 in older copies
   * and many clients; which one an OpCo serves is confirmed in its sandbox (README "Refunds").
   */
  refundApiVersion: z.enum(["v1", "v2"]).default("v2"),
  /** The disbursement PIN's RSA padding: PKCS#1 v1.5 (the docs' wording) or OAEP with SHA-256 (some OpCos' newer docs). */
  pinEncryption: z.enum(["pkcs1", "oaep-sha256"]).default("pkcs1"),
  /** Countries with message signing (e.g. Zambia): x-signature / x-key on every money call. */
  messageSigning: flag.default(false),
  /** Callback authentication on: a callback without a valid `hash` is refused (CALLBACK_SECRET). */
  callbackAuth: flag.default(false),
  products: productList.default(["collection", "disbursement"]),
  /**
   * Which wallet `GET /standard/v1/users/balance` reports for this app (README "Balance"): the
   * collection wallet (collects land in it, refunds leave it) as the one copy of the answer we
   * found says, or the disbursement wallet (payouts leave it). Unconfirmed: check it against the
   * account's statement before relying on the float check.
   */
  balanceWallet: z.enum(AIRTEL_PRODUCTS).default("collection"),
});

export type AirtelSettings = z.output<typeof airtelSettingsSchema>;

/** CLIENT_*: the app's OAuth pair; DISBURSEMENT_PIN and PIN_PUBLIC_KEY make the encrypted `pin`; CALLBACK_SECRET checks callback hashes. */
export const AIRTEL_SECRET_NAMES = ["CLIENT_ID", "CLIENT_SECRET", "DISBURSEMENT_PIN", "PIN_PUBLIC_KEY", "CALLBACK_SECRET"] as const;

export function requiredSecrets(settings: Pick<AirtelSettings, "products" | "callbackAuth">): string[] {
  const names = ["CLIENT_ID", "CLIENT_SECRET"];
  if (settings.products.includes("disbursement")) names.push("DISBURSEMENT_PIN", "PIN_PUBLIC_KEY");
  if (settings.callbackAuth) names.push("CALLBACK_SECRET");
  return names;
}
