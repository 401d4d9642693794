import type { AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { describeWebhookEndpoint, type WebhookEndpointView } from "./describe-webhook-endpoint";
import { getOrCreateEndpoint } from "./get-or-create-endpoint";
import { writeWebhookAudit } from "./write-webhook-audit";

/**
 * Re-enables an endpoint disabled by a 410 answer. Events that came up while it was disabled
 * stay `disabled`; the merchant resends the ones it wants.
 */
export async function enableWebhookEndpoint(merchantId: string, environment: AppEnvironment, actor: string): Promise<WebhookEndpointView> {
  const prisma = await getPrisma();
  const endpoint = await prisma.$transaction(async (tx) => {
    await getOrCreateEndpoint(merchantId, environment, tx);
    const updated = await tx.webhookEndpoint.update({
      where: { merchantId_environment: { merchantId, environment } },
      data: { disabledAt: null, disabledReason: null },
    });
    await writeWebhookAudit(tx, merchantId, environment, actor, "webhook.enabled");
    return updated;
  });
  return describeWebhookEndpoint(endpoint);
}
