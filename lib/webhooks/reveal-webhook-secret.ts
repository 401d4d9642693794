import type { AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { getOrCreateEndpoint } from "./get-or-create-endpoint";
import { writeWebhookAudit } from "./write-webhook-audit";

/**
 * The current signing secret, for the merchant to configure its verifier (ops CLI now,
 * dashboard later). Unlike API secrets it must stay readable, since it keys the HMAC; every
 * reveal is audited.
 */
export async function revealWebhookSecret(merchantId: string, environment: AppEnvironment, actor: string): Promise<string> {
  const prisma = await getPrisma();
  const endpoint = await getOrCreateEndpoint(merchantId, environment, prisma);
  await writeWebhookAudit(prisma, merchantId, environment, actor, "webhook.secret_revealed");
  return endpoint.secret;
}
