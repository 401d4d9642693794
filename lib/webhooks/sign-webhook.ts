import { createHmac } from "node:crypto";
import { webhookSecretKey } from "./webhook-secret";

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`, HMAC-SHA256 keyed by the base64-decoded part
 * of the `whsec_` secret, sent as `v1,<base64>`. Several secrets (a rotation in progress) give
 * several space-separated signatures; a receiver accepts the message if any one matches.
 * `body` must be the exact bytes sent.
 */
export type WebhookHeaders = { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };

export function signatureFor(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac("sha256", webhookSecretKey(secret)).update(`${id}.${timestampSeconds}.${body}`, "utf8").digest("base64");
  return `v1,${mac}`;
}

export function signWebhook(input: { id: string; body: string; secrets: string[]; timestamp?: Date }): WebhookHeaders {
  if (input.secrets.length === 0) throw new Error("signWebhook needs at least one secret");
  const seconds = Math.floor((input.timestamp ?? new Date()).getTime() / 1000);
  return {
    "webhook-id": input.id,
    "webhook-timestamp": String(seconds),
    "webhook-signature": input.secrets.map((s) => signatureFor(s, input.id, seconds, input.body)).join(" "),
  };
}
