import { getPrisma } from "@/lib/db/client";
import { getOrCreateEndpoint } from "./get-or-create-endpoint";
import { isValidWebhookSecret } from "./webhook-secret";

/**
 * The demo merchant's sandbox webhook configuration (DESIGN §12). DEMO_WEBHOOK_SECRET fixes
 * its secret (and replaces a different stored one at each start); otherwise a generated secret
 * is kept in the database. Returns the secret so start-up can print it.
 */
export async function seedDemoWebhookEndpoint(merchantId: string): Promise<string> {
  const fixed = process.env.DEMO_WEBHOOK_SECRET?.trim();
  if (fixed && !isValidWebhookSecret(fixed)) {
    throw new Error("DEMO_WEBHOOK_SECRET must be whsec_ followed by the base64 of 24 to 64 random bytes.");
  }
  const prisma = await getPrisma();
  const endpoint = await getOrCreateEndpoint(merchantId, "sandbox", prisma);
  if (!fixed || endpoint.secret === fixed) return endpoint.secret;
  await prisma.webhookEndpoint.update({
    where: { merchantId_environment: { merchantId, environment: "sandbox" } },
    data: { secret: fixed, previousSecret: null, previousSecretExpiresAt: null },
  });
  return fixed;
}
