import type { AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { getOrCreateEndpoint } from "./get-or-create-endpoint";
import { openWebhookSecret } from "./seal-webhook-secret";
import { writeWebhookAudit } from "./write-webhook-audit";

/**
 * The current signing secret, shown once: the first reveal of a secret nobody has
 * seen yet (the one created with the endpoint). After that, or after a rotation (which shows
 * the new secret itself), a reveal is refused: a lost secret is replaced by rotating. The
 * "once" is claimed atomically, so two concurrent reveals cannot both see it. Audited.
 */
export async function revealWebhookSecret(merchantId: string, environment: AppEnvironment, actor: string, now = new Date()): Promise<string> {
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    const endpoint = await getOrCreateEndpoint(merchantId, environment, tx);
    const claimed = await tx.webhookEndpoint.updateMany({ where: { merchantId, environment, secretShownAt: null }, data: { secretShownAt: now } });
    if (claimed.count === 0) {
      throw new AppError("invalid_state", "The signing secret was already shown once. Rotate it to get a new one (the current one keeps signing during the grace period).");
    }
    await writeWebhookAudit(tx, merchantId, environment, actor, "webhook.secret_revealed");
    return openWebhookSecret(endpoint.secret, endpoint);
  });
}
