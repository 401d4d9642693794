import { appEnv, type AppEnvironment } from "@/lib/config";
import { getPrisma, type Db } from "@/lib/db/client";
import type { Merchant, Plan } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { assertKeyEnvironment, generateKeyPair, hashSecret, keyEnvironment, secretHint } from "@/lib/auth/api-keys";
import { hashPassword } from "@/lib/auth/password";
import { getCatalogue } from "@/lib/reference/get-catalogue";

export type CreateMerchantInput = {
  name: string;
  email: string;
  plan?: Plan;
  country?: string;
  settlementCurrency?: string;
  /** Dashboard login; omitted for API-only merchants created by operators. */
  password?: string;
  /** Fixed credentials (demo merchant); generated otherwise. */
  keys?: { publicKey: string; secretKey: string };
  rateLimitPerMinute?: number | null;
};

export type CreatedMerchant = {
  merchant: Merchant;
  /**
   * The sandbox key pair (the secret is only ever shown here). Null in production: live keys
   * exist only for verified merchants (docs/design/environments.md) and come from `merchant:verify`.
   */
  keys: { publicKey: string; secretKey: string; environment: AppEnvironment } | null;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A merchant settles in its country's currency (KES in Kenya, XAF in Cameroon, UGX in Uganda);
 * XOF when the country is not in the catalogue.
 */
export async function homeCurrency(country: string, db?: Db): Promise<string> {
  return (await getCatalogue(db)).countryByCode.get(country.toUpperCase())?.currency ?? "XOF";
}

/**
 * Creates a merchant (and a dashboard user when a password is given). In the sandbox it gets
 * its first key pair at once; in production it starts unverified with no key at all.
 */
export async function createMerchant(input: CreateMerchantInput, db?: Db): Promise<CreatedMerchant> {
  const name = input.name.trim();
  const email = input.email.trim().toLowerCase();
  if (!name) throw new AppError("validation_error", "Merchant name is required.");
  if (!EMAIL.test(email)) throw new AppError("validation_error", `Invalid email address: ${input.email}`);
  const environment = appEnv();
  const prisma = db ?? (await getPrisma());

  if (input.keys) assertKeyEnvironment(keyEnvironment(input.keys.publicKey) ?? environment, environment, "the given key pair");
  if (environment === "production" && input.keys) {
    throw new AppError("invalid_state", "Live keys are issued only by merchant:verify, once the merchant is verified.");
  }
  const keys = environment === "sandbox" ? (input.keys ?? generateKeyPair(environment)) : null;
  const merchantId = newId("mch");
  const country = input.country ?? "SN";
  const merchant = await prisma.merchant.create({
    data: {
      id: merchantId,
      name,
      email,
      plan: input.plan ?? "standard",
      country,
      settlementCurrency: input.settlementCurrency ?? (await homeCurrency(country, db)),
      rateLimitPerMinute: input.rateLimitPerMinute ?? null,
      ...(keys
        ? {
            apiKeys: {
              create: {
                id: newId("key"),
                environment,
                publicKey: keys.publicKey,
                secretHash: hashSecret(keys.secretKey),
                secretHint: secretHint(keys.secretKey),
              },
            },
          }
        : {}),
      ...(input.password
        ? { users: { create: { id: newId("usr"), email, passwordHash: await hashPassword(input.password) } } }
        : {}),
    },
  });
  return { merchant, keys: keys && { publicKey: keys.publicKey, secretKey: keys.secretKey, environment } };
}

