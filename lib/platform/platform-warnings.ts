import { appEnv } from "@/lib/config";
import { webhookUrlPolicy } from "@/lib/webhooks/webhook-config";

/**
 * Settings that are legitimate for local development but dangerous on a real deployment. They
 * do not stop the instance (an operator may have a reason) but are said out loud: in the log at
 * start and in GET /health, where monitoring sees them. No value or secret is echoed.
 */
export function platformWarnings(): string[] {
  const warnings: string[] = [];
  if (appEnv() === "production" && webhookUrlPolicy().allowPrivate) {
    warnings.push("WEBHOOK_ALLOW_PRIVATE is on in production: webhooks may be sent to private, loopback and link-local addresses.");
  }
  return warnings;
}
