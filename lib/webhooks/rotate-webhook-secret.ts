import type { AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { getOrCreateEndpoint } from "./get-or-create-endpoint";
import { openWebhookSecret, sealWebhookSecret } from "./seal-webhook-secret";
import { webhookConfig } from "./webhook-config";
import { generateWebhookSecret } from "./webhook-secret";
import { writeWebhookAudit } from "./write-webhook-audit";

/**
 * New signing secret, returned in clear this once (the caller shows it; it is stored sealed and
 * counts as shown). The current one keeps signing too (a second signature) for the grace period
 * (24 h) so receivers can switch without losing a message. Only one previous secret is kept:
 * rotating again during a grace period ends the older one at once. Audited.
 */
export async function rotateWebhookSecret(
  merchantId: string,
  environment: AppEnvironment,
  actor: string,
  now = new Date(),
): Promise<{ secret: string; previousValidUntil: Date }> {
  const prisma = await getPrisma();
  const secret = generateWebhookSecret();
  const owner = { merchantId, environment };
  const previousValidUntil = new Date(now.getTime() + webhookConfig.secretGraceHours() * 3600_000);
  await prisma.$transaction(async (tx) => {
    const current = await getOrCreateEndpoint(merchantId, environment, tx);
    await tx.webhookEndpoint.update({
      where: { merchantId_environment: owner },
      data: {
        secret: sealWebhookSecret(secret, owner),
        // Re-sealed rather than copied: a legacy plaintext row ends up encrypted too.
        previousSecret: sealWebhookSecret(openWebhookSecret(current.secret, owner), owner),
        previousSecretExpiresAt: previousValidUntil,
        secretShownAt: now,
      },
    });
    await writeWebhookAudit(tx, merchantId, environment, actor, "webhook.secret_rotated", { previousValidUntil: previousValidUntil.toISOString() });
  });
  return { secret, previousValidUntil };
}
