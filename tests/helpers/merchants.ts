import { randomBytes } from "node:crypto";
import { createMerchant, type CreateMerchantInput } from "@/lib/merchants/create-merchant";

/** A fresh merchant per test, with its sandbox key pair and ready-made auth headers. */
export async function createTestMerchant(overrides: Partial<CreateMerchantInput> = {}) {
  const suffix = randomBytes(6).toString("hex");
  const created = await createMerchant({ name: `Test Merchant ${suffix}`, email: `m-${suffix}@test.local`, ...overrides });
  const credentials = `${created.keys.publicKey}:${created.keys.secretKey}`;
  return { ...created, credentials, headers: { "X-API-Key": credentials } };
}
