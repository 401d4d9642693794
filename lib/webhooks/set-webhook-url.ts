import type { AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { assertWebhookUrlAllowed } from "./check-webhook-url";
import { describeWebhookEndpoint, type WebhookEndpointView } from "./describe-webhook-endpoint";
import { getOrCreateEndpoint } from "./get-or-create-endpoint";
import { writeWebhookAudit } from "./write-webhook-audit";

/**
 * Sets (or, with null, removes) the merchant's default webhook URL in an environment, after the
 * static SSRF check of that environment. A different URL clears a 410 disable: the merchant
 * moved to a receiver that is presumably alive. Audited.
 */
export async function setWebhookUrl(merchantId: string, environment: AppEnvironment, url: string | null, actor: string): Promise<WebhookEndpointView> {
  const next = url === null ? null : assertWebhookUrlAllowed(url).toString();
  const prisma = await getPrisma();
  const endpoint = await prisma.$transaction(async (tx) => {
    const current = await getOrCreateEndpoint(merchantId, environment, tx);
    const changed = current.url !== next;
    const updated = await tx.webhookEndpoint.update({
      where: { merchantId_environment: { merchantId, environment } },
      data: { url: next, ...(changed ? { disabledAt: null, disabledReason: null } : {}) },
    });
    await writeWebhookAudit(tx, merchantId, environment, actor, "webhook.url_set", { url: next, previousUrl: current.url });
    return updated;
  });
  return describeWebhookEndpoint(endpoint);
}
