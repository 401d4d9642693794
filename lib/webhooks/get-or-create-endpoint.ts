import type { AppEnvironment } from "@/lib/config";
import { getPrisma, type Db } from "@/lib/db/client";
import type { WebhookEndpoint } from "@/lib/db/generated/client";
import { sealWebhookSecret } from "./seal-webhook-secret";
import { generateWebhookSecret } from "./webhook-secret";

/**
 * The merchant's webhook configuration in one environment, created on first need with a fresh
 * secret (sealed, never shown yet) and no URL. Concurrent first calls create one row (the key
 * is merchant+environment). The row's secrets are ciphertext: read them with signingSecrets()
 * or the reveal/rotate functions.
 */
export async function getOrCreateEndpoint(merchantId: string, environment: AppEnvironment, db?: Db): Promise<WebhookEndpoint> {
  const prisma = db ?? (await getPrisma());
  const where = { merchantId_environment: { merchantId, environment } };
  const existing = await prisma.webhookEndpoint.findUnique({ where });
  if (existing) return existing;
  await prisma.webhookEndpoint.createMany({ data: [{ merchantId, environment, secret: sealWebhookSecret(generateWebhookSecret(), { merchantId, environment }) }], skipDuplicates: true });
  return prisma.webhookEndpoint.findUniqueOrThrow({ where });
}
