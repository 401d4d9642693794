import type { WebhookEndpoint } from "@/lib/db/generated/client";

/** The secrets that sign a message now: the current one, plus the previous one during its grace period. */
export function signingSecrets(endpoint: Pick<WebhookEndpoint, "secret" | "previousSecret" | "previousSecretExpiresAt">, now = new Date()): string[] {
  const previousValid = endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now;
  return previousValid ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}
