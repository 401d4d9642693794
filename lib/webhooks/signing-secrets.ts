import type { WebhookEndpoint } from "@/lib/db/generated/client";
import { openWebhookSecret } from "./seal-webhook-secret";

type SealedSecrets = Pick<WebhookEndpoint, "merchantId" | "environment" | "secret" | "previousSecret" | "previousSecretExpiresAt">;

/**
 * The secrets that sign a message now, in clear: the current one, plus the previous one during
 * its grace period. Only for signing: nothing that displays or logs may call this.
 */
export function signingSecrets(endpoint: SealedSecrets, now = new Date()): string[] {
  const previousValid = endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now;
  const current = openWebhookSecret(endpoint.secret, endpoint);
  return previousValid ? [current, openWebhookSecret(endpoint.previousSecret!, endpoint)] : [current];
}
