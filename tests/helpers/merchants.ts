import { randomBytes } from "node:crypto";
import { createMerchant, type CreateMerchantInput } from "@/lib/merchants/create-merchant";

/** A fresh merchant per test, with its sandbox key pair and ready-made auth headers. */
export async function createTestMerchant(overrides: Partial<CreateMerchantInput> = {}) {
  const suffix = randomBytes(6).toString("hex");
  const created = await createMerchant({ name: `Test Merchant ${suffix}`, email: `m-${suffix}@test.local`, ...overrides });
  if (!created.keys) throw new Error("createTestMerchant needs APP_ENV=sandbox (production merchants get no key before verification)");
  const keys = created.keys;
  const credentials = `${keys.publicKey}:${keys.secretKey}`;
  return { ...created, keys, credentials, headers: { "X-API-Key": credentials } };
}
