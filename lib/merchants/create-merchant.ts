import { appEnv, type AppEnvironment } from "@/lib/config";
import { getPrisma, type Db } from "@/lib/db/client";
import type { Merchant, Plan } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { generateKeyPair, hashSecret, secretHint } from "@/lib/auth/api-keys";
import { hashPassword } from "@/lib/auth/password";

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
  /** The key pair of this deployment's environment. The secret is only ever shown here. */
  keys: { publicKey: string; secretKey: string; environment: AppEnvironment };
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Creates a merchant with its first API key pair (and a dashboard user when a password is given). */
export async function createMerchant(input: CreateMerchantInput, db?: Db): Promise<CreatedMerchant> {
  const name = input.name.trim();
  const email = input.email.trim().toLowerCase();
  if (!name) throw new AppError("validation_error", "Merchant name is required.");
  if (!EMAIL.test(email)) throw new AppError("validation_error", `Invalid email address: ${input.email}`);
  const environment = appEnv();
  const prisma = db ?? (await getPrisma());

  const keys = input.keys ?? generateKeyPair(environment);
  const merchantId = newId("mch");
  const merchant = await prisma.merchant.create({
    data: {
      id: merchantId,
      name,
      email,
      plan: input.plan ?? "standard",
      country: input.country ?? "SN",
      settlementCurrency: input.settlementCurrency ?? "XOF",
      rateLimitPerMinute: input.rateLimitPerMinute ?? null,
      apiKeys: {
        create: {
          id: newId("key"),
          environment,
          publicKey: keys.publicKey,
          secretHash: hashSecret(keys.secretKey),
          secretHint: secretHint(keys.secretKey),
        },
      },
      ...(input.password
        ? { users: { create: { id: newId("usr"), email, passwordHash: await hashPassword(input.password) } } }
        : {}),
    },
  });
  return { merchant, keys: { publicKey: keys.publicKey, secretKey: keys.secretKey, environment } };
}

