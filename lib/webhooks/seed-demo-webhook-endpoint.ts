import { setting } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { getOrCreateEndpoint } from "./get-or-create-endpoint";
import { openWebhookSecret, sealWebhookSecret } from "./seal-webhook-secret";
import { isValidWebhookSecret } from "./webhook-secret";

/**
 * The demo merchant's sandbox webhook configuration (docs/design/operations.md). DEMO_WEBHOOK_SECRET fixes
 * its secret (and replaces a different stored one at each start); otherwise a generated secret
 * is kept (sealed) in the database. Returns the secret so start-up can print it: the sandbox
 * demo's one exception to "shown once", like its API secret in demo-credentials.json.
 */
export async function seedDemoWebhookEndpoint(merchantId: string): Promise<string> {
  const fixed = setting("DEMO_WEBHOOK_SECRET");
  if (fixed && !isValidWebhookSecret(fixed)) {
    throw new Error("DEMO_WEBHOOK_SECRET must be whsec_ followed by the base64 of 24 to 64 random bytes.");
  }
  const prisma = await getPrisma();
  const endpoint = await getOrCreateEndpoint(merchantId, "sandbox", prisma);
  const current = openWebhookSecret(endpoint.secret, endpoint);
  if (!fixed || current === fixed) return current;
  await prisma.webhookEndpoint.update({
    where: { merchantId_environment: { merchantId, environment: "sandbox" } },
    data: { secret: sealWebhookSecret(fixed, endpoint), previousSecret: null, previousSecretExpiresAt: null },
  });
  return fixed;
}
