import type { AppEnvironment } from "@/lib/config";
import type { WebhookEndpoint } from "@/lib/db/generated/client";
import { getOrCreateEndpoint } from "./get-or-create-endpoint";

/**
 * What an operator or the dashboard may see of an endpoint, without its secret.
 * status: `not_configured` (no URL), `enabled`, `disabled` (the URL answered 410 Gone).
 */
export type WebhookEndpointView = {
  merchantId: string;
  environment: string;
  url: string | null;
  status: "not_configured" | "enabled" | "disabled";
  disabledAt: string | null;
  disabledReason: string | null;
  /** While a rotation is in progress: when the previous secret stops signing. */
  previousSecretValidUntil: string | null;
  /** When the current secret was shown (it is shown once); null: it can still be revealed. */
  secretShownAt: string | null;
};

export function describeWebhookEndpoint(endpoint: WebhookEndpoint, now = new Date()): WebhookEndpointView {
  const inGrace = endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now;
  return {
    merchantId: endpoint.merchantId,
    environment: endpoint.environment,
    url: endpoint.url,
    status: endpoint.disabledAt ? "disabled" : endpoint.url ? "enabled" : "not_configured",
    disabledAt: endpoint.disabledAt?.toISOString() ?? null,
    disabledReason: endpoint.disabledReason,
    previousSecretValidUntil: inGrace ? endpoint.previousSecretExpiresAt!.toISOString() : null,
    secretShownAt: endpoint.secretShownAt?.toISOString() ?? null,
  };
}

/** GET /webhooks/endpoint: the merchant's endpoint in this environment (created empty on first read, as the dashboard does). */
export async function getWebhookEndpointView(merchantId: string, environment: AppEnvironment): Promise<WebhookEndpointView> {
  return describeWebhookEndpoint(await getOrCreateEndpoint(merchantId, environment));
}
