import { z } from "zod";
import { isCurrency } from "@/lib/money";

/**
 * The non-secret settings of an MTN MoMo connector account, and which secrets each product needs.
 * Settings arrive as strings from `connector:add --setting key=value`, so lists accept
 * "collection,disbursement" as well as an array.
 */
export const MTN_PRODUCTS = ["collection", "disbursement"] as const;
export type MtnProduct = (typeof MTN_PRODUCTS)[number];

export const MTN_PRODUCTION_BASE_URL = "https://proxy.momoapi.mtn.com";
export const MTN_SANDBOX_BASE_URL = "https://sandbox.momodeveloper.mtn.com";

const productList = z.preprocess(
  (value) => (typeof value === "string" ? value.split(",").map((p) => p.trim()).filter(Boolean) : value),
  z.array(z.enum(MTN_PRODUCTS)).min(1, "at least one product").transform((list) => [...new Set(list)]),
);

export const mtnMomoSettingsSchema = z
  .object({
    /** `sandbox`, or `mtn<country>` in production (mtnivorycoast, mtncameroon…). */
    targetEnvironment: z.string().regex(/^(sandbox|mtn[a-z]+)$/, "sandbox or mtn<country> (e.g. mtnivorycoast)"),
    /** The one currency this account moves; MTN refuses any other for its target environment. */
    currency: z.string().refine(isCurrency, "a currency lib/money knows (add the market currency there first)"),
    /** Which Disbursement call pays out: the classic transfer or the newer deposit. */
    payoutVariant: z.enum(["transfer", "deposit"]).default("transfer"),
    /** The providerCallbackHost registered with the API user; callback URLs on another host are not sent. */
    callbackHost: z.string().min(1).optional(),
    /** The products this account uses; a collection-only account needs no DISBURSEMENT_* secrets. */
    products: productList.default(["collection", "disbursement"]),
  })
  .refine((s) => s.targetEnvironment !== "sandbox" || s.currency === "EUR", {
    message: "MTN's sandbox only accepts EUR",
    path: ["currency"],
  });

export type MtnMomoSettings = z.output<typeof mtnMomoSettingsSchema>;

export const MTN_SECRET_NAMES = [
  "COLLECTION_SUBSCRIPTION_KEY",
  "COLLECTION_API_USER",
  "COLLECTION_API_KEY",
  "DISBURSEMENT_SUBSCRIPTION_KEY",
  "DISBURSEMENT_API_USER",
  "DISBURSEMENT_API_KEY",
] as const;

export type MtnCredentials = { subscriptionKey: string; apiUser: string; apiKey: string };

function prefix(product: MtnProduct): string {
  return product.toUpperCase();
}

/** The secrets an account with these settings cannot work without (its products' three each). */
export function requiredSecrets(settings: Pick<MtnMomoSettings, "products">): string[] {
  return settings.products.flatMap((p) => [`${prefix(p)}_SUBSCRIPTION_KEY`, `${prefix(p)}_API_USER`, `${prefix(p)}_API_KEY`]);
}

/** The product's credentials, or the names of the missing secrets. */
export function productCredentials(
  secrets: Record<string, string>,
  product: MtnProduct,
): { ok: true; credentials: MtnCredentials } | { ok: false; missing: string[] } {
  const names = [`${prefix(product)}_SUBSCRIPTION_KEY`, `${prefix(product)}_API_USER`, `${prefix(product)}_API_KEY`];
  const missing = names.filter((n) => !secrets[n]);
  if (missing.length > 0) return { ok: false, missing };
  const [subscriptionKey, apiUser, apiKey] = names.map((n) => secrets[n]!);
  return { ok: true, credentials: { subscriptionKey: subscriptionKey!, apiUser: apiUser!, apiKey: apiKey! } };
}
